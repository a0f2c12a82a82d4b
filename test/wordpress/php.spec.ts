/**
 * The plugin's PHP in the running test site: `php -l` on every file, every printed value escaped (checked with
 * PHP's tokenizer, as WordPress's coding standards check it), the market's default from
 * the site language, a filter that returns hostile text, and `uninstall.php`.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixture.ts';

const ESCAPE_CHECK = fileURLToPath(new URL('./fixtures/escape-check.php', import.meta.url));

function phpFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.php') && !name.startsWith('cdn/')).map((name) => join(folder, name));
}

test('the installed plugin: php -l passes on every PHP file, and it carries the package\'s own dist/cdn with no source maps', ({ shop }) => {
  const files = phpFiles(shop.site.plugin);
  expect(files.map((file) => relative(shop.site.plugin, file))).toEqual(expect.arrayContaining(['storefront-widgets.php', 'uninstall.php', 'includes/settings.php']));
  for (const file of files) expect(execFileSync('php', ['-l', file], { encoding: 'utf8' })).toContain('No syntax errors');
  const cdn = join(shop.site.plugin, 'cdn');
  expect(readFileSync(join(cdn, 'storefront-widgets.js'), 'utf8')).toBe(readFileSync(new URL('../../dist/cdn/storefront-widgets.js', import.meta.url), 'utf8'));
  expect(readdirSync(cdn, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.map'))).toEqual([]);
});

test('every echo, print and printf of the plugin prints only literals and escaped values (and the check finds an unescaped one)', ({ shop }) => {
  const files = phpFiles(shop.site.plugin);
  expect(files.length).toBeGreaterThanOrEqual(8);
  expect(execFileSync('php', [ESCAPE_CHECK, ...files], { encoding: 'utf8' })).toBe('');
  const bad = join(tmpdir(), `storefront-escape-${process.pid}.php`);
  writeFileSync(bad, '<?php\necho \'<input value="\' . $value . \'">\';\n');
  expect(execFileSync('php', [ESCAPE_CHECK, bad], { encoding: 'utf8' })).toContain(':2 prints an unescaped value: $value');
});

test('the market defaults to the site language\'s region', async ({ shop }) => {
  const markets = await shop.site.php(`
    foreach ( array( 'de_DE', 'sv_SE', 'en_US', 'pt_BR', 'ja' ) as $locale ) {
      $set = static function () use ( $locale ) { return $locale; };
      add_filter( 'locale', $set );
      echo $locale, '=', Storefront_Widgets_Settings::default_market(), ' ';
      remove_filter( 'locale', $set );
    }`);
  expect(markets.trim()).toBe('de_DE=de sv_SE=se en_US=us pt_BR=br ja=us');
});

test('the API address: https, a path on the site (its read proxy) or, with the test site\'s constant, plain http to loopback; nothing else', async ({ shop }) => {
  const cases = ['https://proxy.example.com/storefront', '/storefront-api', 'http://127.0.0.1:8787', 'http://shop.example', 'javascript:alert(1)', '//evil.example', 'https://user:pw@evil.example', 'https://shop.example/?q=1', 'https://shop.example/"><script>'];
  const answers = await shop.site.php(`foreach ( json_decode( '${JSON.stringify(cases)}' ) as $url ) { echo Storefront_Widgets_Settings::is_api_base( $url ) ? 'y' : 'n'; } echo ' ', Storefront_Widgets_Settings::resolve_api_base( '/storefront-api/' );`);
  expect(answers).toBe(`yyynnnnnn ${shop.site.url}/storefront-api`);
});

test('a ref from the filter is checked like an attribute: hostile text is dropped, never printed', async ({ shop }) => {
  const html = await shop.site.php(`
    add_filter( 'storefront_widgets_product_ref', static function () { return '"><img src=x onerror=alert(1)>'; } );
    echo Storefront_Widgets_Widgets::element( 'review_summary', array() ), Storefront_Widgets_Widgets::element( 'rich_snippet', array() );
    echo Storefront_Widgets_Widgets::element( 'reviews', array( 'product_ref' => '<script>', 'lang' => 'en"x', 'page_size' => '-3' ) );`);
  expect(html).toBe('<svc-review-summary company></svc-review-summary><svc-reviews company></svc-reviews>');
});

test('uninstall.php deletes the plugin\'s settings', async ({ shop }) => {
  const result = await shop.site.php(`
    require_once ABSPATH . 'wp-admin/includes/plugin.php';
    $saved = get_option( 'storefront_widgets_settings' );
    echo is_array( $saved ) && '' !== $saved['publishable_key'] ? 'saved ' : 'missing ';
    uninstall_plugin( 'storefront-widgets/storefront-widgets.php' );
    echo false === get_option( 'storefront_widgets_settings' ) ? 'deleted' : 'kept';
    // The next spec's pages read the settings again.
    update_option( 'storefront_widgets_settings', $saved );`);
  expect(result).toBe('saved deleted');
});
