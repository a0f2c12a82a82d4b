/**
 * A Redis or Valkey URL as the proxy takes it (`redis://[user:password@]host[:port][/db]`,
 * or `rediss://` for TLS), checked before any request; and the same URL with its
 * password hidden, for messages and logs.
 */
export function assertRedisUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`storefront-widgets/edge: the Redis URL "${redact(value)}" is not a URL; give one such as redis://127.0.0.1:6379.`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new TypeError(`storefront-widgets/edge: the Redis URL must start with redis:// or rediss:// (TLS), not ${url.protocol.slice(0, 20)}//.`);
  if (url.hostname === '') throw new TypeError('storefront-widgets/edge: the Redis URL names no host; give one such as redis://127.0.0.1:6379.');
  const db = url.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d{1,2}$/.test(db)) throw new TypeError(`storefront-widgets/edge: the Redis URL's path must be a database number (/0 to /15), not /${db.slice(0, 20)}.`);
  if (url.search !== '' || url.hash !== '') throw new TypeError('storefront-widgets/edge: the Redis URL takes no query or fragment.');
  return url;
}

/** The URL as it may be shown: no password. */
export function redact(value: string): string {
  try {
    const url = new URL(value);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return value.replace(/\/\/[^@/]*@/, '//***@').slice(0, 200);
  }
}
