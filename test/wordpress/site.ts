/**
 * A real WordPress for the plugin's tests, from scratch and with no network: Debian's
 * `wordpress` (copied), its own MariaDB (a fresh data directory in a temporary folder,
 * reached by a socket only), installed from PHP (fixtures/setup.php; there is no wp-cli),
 * the plugin installed from its built zip and activated, the posts created, and the site
 * served by PHP's built-in server on loopback. `close()` stops both servers and deletes
 * the folder.
 *
 * `WORDPRESS_DIR` points at another WordPress than Debian's `/usr/share/wordpress`.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
export const WORDPRESS = process.env['WORDPRESS_DIR'] ?? '/usr/share/wordpress';

export interface PostSpec {
  type: 'page' | 'post' | 'product';
  slug: string;
  title: string;
  content: string;
  meta?: Record<string, string>;
  /** A JPEG file: the post's featured image (a product's photo). */
  image?: string;
}

export interface WordpressSite {
  /** The site's origin, `http://127.0.0.1:PORT`. */
  url: string;
  /** Each created post's id and permalink, by slug. */
  posts: Record<string, { id: number; url: string }>;
  /** The administrator `admin`'s password. */
  password: string;
  /** WordPress, PHP and MariaDB as they report themselves. */
  versions: { wordpress: string; php: string; mariadb: string };
  /** The plugin's installed folder. */
  plugin: string;
  /** PHP's notices, warnings and errors so far (WP_DEBUG_LOG). */
  debugLog(): string;
  /** Runs PHP code in the site (WordPress loaded, the plugin active) and returns what it printed. */
  php(code: string): Promise<string>;
  close(): Promise<void>;
}

/** A port that was free a moment ago (PHP's server cannot report one it picked itself). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not start within ${timeoutMs} ms`);
}

/** Stops a server started in a process group of its own, with the workers it forked. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    child.once('exit', () => {
      // PHP's server workers outlive their parent: end the rest of the group.
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // The group is gone already.
      }
      resolve();
    });
    process.kill(-pid, 'SIGTERM');
  });
}

function wpConfig(options: { url: string; socket: string; debugLog: string }): string {
  const salt = () => randomBytes(32).toString('hex');
  const keys = ['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT'];
  const define = (name: string, value: string | boolean) => `define( '${name}', ${typeof value === 'boolean' ? String(value) : `'${value.replace(/[\\']/g, '\\$&')}'`} );`;
  return [
    '<?php',
    define('DB_NAME', 'wordpress'),
    define('DB_USER', 'wordpress'),
    define('DB_PASSWORD', 'wordpress'),
    define('DB_HOST', `localhost:${options.socket}`),
    define('DB_CHARSET', 'utf8mb4'),
    ...keys.map((key) => define(key, salt())),
    define('WP_HOME', options.url),
    define('WP_SITEURL', options.url),
    // Every notice of the plugin's code lands in the log, which the tests read.
    define('WP_DEBUG', true),
    define('WP_DEBUG_DISPLAY', false),
    define('WP_DEBUG_LOG', options.debugLog),
    define('FS_METHOD', 'direct'),
    define('DISABLE_WP_CRON', true),
    define('AUTOMATIC_UPDATER_DISABLED', true),
    define('WP_HTTP_BLOCK_EXTERNAL', true),
    // The emulator answers on plain http://127.0.0.1 (includes/settings.php).
    define('STOREFRONT_WIDGETS_ALLOW_LOOPBACK_HTTP', true),
    "$table_prefix = 'wp_';",
    "if ( ! defined( 'ABSPATH' ) ) { define( 'ABSPATH', __DIR__ . '/' ); }",
    "require_once ABSPATH . 'wp-settings.php';",
    '',
  ].join('\n');
}

/** PHP's built-in server has no rewrites: a path that is no file goes to WordPress's index.php. */
const ROUTER = `<?php
$path = parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH );
if ( '/' !== $path && file_exists( __DIR__ . $path ) ) {
\treturn false;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
require __DIR__ . '/index.php';
`;

export async function startWordpress(options: { zip: string; settings: Record<string, string>; posts: PostSpec[] }): Promise<WordpressSite> {
  if (!existsSync(join(WORDPRESS, 'wp-settings.php'))) throw new Error(`No WordPress at ${WORDPRESS}: apt-get install wordpress php8.2-cli php8.2-mysql mariadb-server (or set WORDPRESS_DIR).`);
  for (const command of ['php', 'mariadb-install-db', 'mariadbd', 'mariadb']) {
    if (!(await run('sh', ['-c', `command -v ${command}`]).then(() => true, () => false))) throw new Error(`${command} is missing: apt-get install wordpress php8.2-cli php8.2-mysql mariadb-server.`);
  }
  if (!existsSync(options.zip)) throw new Error(`${options.zip} is missing: run \`npm run build && npm run build:wordpress\`.`);
  const folder = mkdtempSync(join(tmpdir(), 'storefront-wp-'));
  const data = join(folder, 'db');
  const socket = join(data, 'mysqld.sock');
  const site = join(folder, 'site');
  const debugLog = join(folder, 'debug.log');
  const children: ChildProcess[] = [];
  const close = async () => {
    await Promise.all(children.map(stop));
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    // MariaDB of its own: root may be asked to run it as root, anyone else runs it as themselves.
    const asRoot = process.getuid?.() === 0 ? ['--user=root'] : [];
    await run('mariadb-install-db', ['--no-defaults', `--datadir=${data}`, '--auth-root-authentication-method=normal', '--skip-test-db', ...asRoot]);
    const mariadb = spawn('mariadbd', ['--no-defaults', `--datadir=${data}`, `--socket=${socket}`, '--skip-networking', `--pid-file=${join(data, 'mariadbd.pid')}`, `--log-error=${join(folder, 'mariadb.log')}`, '--innodb-buffer-pool-size=16M', ...asRoot], { stdio: 'ignore', detached: true });
    children.push(mariadb);
    const sql = (statement: string) => run('mariadb', ['--no-defaults', `--socket=${socket}`, '-uroot', '-N', '-e', statement]);
    await waitFor('mariadbd', async () => (await sql('SELECT 1')).stdout.trim() === '1', mariadb);
    await sql("CREATE DATABASE wordpress; CREATE USER 'wordpress'@'localhost' IDENTIFIED BY 'wordpress'; GRANT ALL ON wordpress.* TO 'wordpress'@'localhost';");

    cpSync(WORDPRESS, site, { recursive: true, dereference: true });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    writeFileSync(join(site, 'wp-config.php'), wpConfig({ url, socket, debugLog }));
    writeFileSync(join(site, 'router.php'), ROUTER);
    mkdirSync(join(site, 'wp-content', 'mu-plugins'), { recursive: true });
    cpSync(join(FIXTURES, 'mu-plugins'), join(site, 'wp-content', 'mu-plugins'), { recursive: true });

    const password = randomBytes(12).toString('hex');
    const spec = JSON.stringify({ url, zip: options.zip, password, settings: options.settings, posts: options.posts });
    const installed = await new Promise<string>((resolve, reject) => {
      const php = spawn('php', [join(FIXTURES, 'setup.php'), site], { stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      php.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      php.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      php.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`fixtures/setup.php exited with ${code}: ${err}${out}`))));
      php.stdin.end(spec);
    });
    // wp_install() prints a "sendmail not found" line before the JSON on machines without mail.
    const { posts } = JSON.parse(installed.slice(installed.indexOf('{"posts"'))) as { posts: WordpressSite['posts'] };

    const server = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', site, join(site, 'router.php')], {
      stdio: 'ignore',
      detached: true,
      // Several workers: the block editor asks for many files at once.
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
    });
    children.push(server);
    await waitFor('php -S', async () => (await fetch(`${url}/wp-login.php`)).ok, server);

    const version = (pattern: RegExp, text: string) => pattern.exec(text)?.[1] ?? 'unknown';
    const versions = {
      wordpress: version(/\$wp_version = '([^']+)'/, readFileSync(join(site, 'wp-includes', 'version.php'), 'utf8')),
      php: (await run('php', ['-r', 'echo PHP_VERSION;'])).stdout,
      mariadb: (await sql('SELECT VERSION()')).stdout.trim(),
    };
    return {
      url,
      posts,
      password,
      versions,
      plugin: join(site, 'wp-content', 'plugins', 'storefront-widgets'),
      debugLog: () => (existsSync(debugLog) ? readFileSync(debugLog, 'utf8') : ''),
      php: async (code) => {
        const script = join(folder, `run-${randomBytes(4).toString('hex')}.php`);
        writeFileSync(script, `<?php\n$_SERVER['HTTP_HOST'] = '127.0.0.1:${port}';\nrequire ${JSON.stringify(join(site, 'wp-load.php'))};\n${code}\n`);
        return (await run('php', [script])).stdout;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
