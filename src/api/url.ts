import { ConfigError } from './errors.js';

/**
 * Turns a URL from the API into one that may become an `href` or `src`: absolute,
 * http or https only. Relative paths resolve against `base` (the API origin).
 * Anything else (`javascript:`, `data:`, `vbscript:`, malformed) gives `undefined`.
 */
export function safeUrl(value: unknown, base?: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > 4096) return undefined;
  let parsed: URL;
  try {
    parsed = base === undefined ? new URL(trimmed) : new URL(trimmed, base);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  return parsed.href;
}

/**
 * Refuses an API base that is not an absolute `http:` or `https:` URL (a relative path,
 * `javascript:`, a typo such as `htps://…`), before any request is made.
 */
export function assertApiBase(apiBase: string): void {
  if (safeUrl(apiBase) !== undefined) return;
  throw new ConfigError(
    `storefront-widgets: api-base "${apiBase.slice(0, 100)}" is not an absolute http: or https: URL (such as https://storefront.example.com). No request was made.`,
  );
}
