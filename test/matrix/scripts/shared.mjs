/**
 * What the matrix's scripts share. Each script runs as it is, unbundled, in Node, Bun or
 * Deno, from a fresh project with the packed package installed: Web APIs only, and each
 * runtime's own server where one is needed.
 */

/** A setting the matrix gives the script (`SVC_API_BASE`, `SVC_KEY`). */
export function setting(name) {
  const value = globalThis.Deno ? globalThis.Deno.env.get(name) : globalThis.process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

export const apiBase = setting('SVC_API_BASE');
export const key = setting('SVC_KEY');
export const runtime = globalThis.Deno ? `Deno ${globalThis.Deno.version.deno}` : globalThis.Bun ? `Bun ${globalThis.Bun.version}` : `Node ${globalThis.process.versions.node}`;

/** Throws with `message` unless `condition` holds. */
export function check(condition, message) {
  if (!condition) throw new Error(`${runtime}: ${message}`);
}

/** `handler` on this runtime's own server, on a free loopback port: `Bun.serve`, `Deno.serve`, or the package's `serveNode`. */
export async function serve(handler) {
  if (globalThis.Bun) {
    const server = globalThis.Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => handler(request) });
    return { url: `http://127.0.0.1:${server.port}`, close: () => server.stop(true) };
  }
  if (globalThis.Deno) {
    const server = globalThis.Deno.serve({ port: 0, hostname: '127.0.0.1', onListen() {} }, (request) => handler(request));
    return { url: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
  }
  const { serveNode } = await import('storefront-widgets/edge/node');
  return serveNode((request) => handler(request), { port: 0, host: '127.0.0.1' });
}

/** The key's API requests as the emulator logged them (preflights left out). */
export async function apiRequests() {
  const log = await (await fetch(`${apiBase}/__emulator/log?key=${encodeURIComponent(key)}`)).json();
  return log.filter((entry) => entry.method !== 'OPTIONS');
}

/** A POST to the emulator's control API: add a review, point the key's webhooks somewhere. */
export async function control(path, body) {
  const response = await fetch(`${apiBase}/__emulator/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  check(response.ok, `control ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** An authorized read of the API itself: the data a render must show. */
export async function apiRead(path) {
  const response = await fetch(`${apiBase}${path}`, { headers: { Authorization: `Bearer ${key}` } });
  check(response.ok, `${path}: ${response.status}`);
  return response.json();
}

/** Waits until `probe()` is true, polling every 50 ms for at most `ms`. */
export async function until(probe, ms, what) {
  const end = Date.now() + ms;
  for (;;) {
    if (await probe()) return;
    check(Date.now() < end, `${what} did not happen within ${ms} ms`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** Runs `main`, then exits 0, or prints the failure and exits 1 (a server left open must not keep the process). */
export function main(run) {
  run().then(
    () => exit(0),
    (error) => {
      console.error(error instanceof Error ? error.stack ?? error.message : error);
      exit(1);
    },
  );
}

const exit = (code) => (globalThis.Deno ? globalThis.Deno.exit(code) : globalThis.process.exit(code));
