import { safeUrl } from '../../api/url.js';
import type { JsonLd } from '../../api/types.js';

/**
 * Pure JSON-LD helpers shared by `<svc-rich-snippet>` and the server-side renderer
 * (`src/ssr/`): no DOM here, so they run in Node as they do in a page.
 */

/** Characters that could end a `<script>` element, open a comment, or break older JavaScript parsers. */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * JSON text that is safe as the content of a `<script type="application/ld+json">`
 * element, whatever strings the value holds: `<`, `>`, `&`, U+2028 and U+2029 are
 * written as `\u003c`, `\u003e`, `\u0026`, `\u2028` and `\u2029`, so no string can end
 * the element (`</script>`), open a comment (`<!--`) or change how the page is parsed
 * when it is later serialized as HTML. `JSON.parse` of the result equals the input.
 *
 * Throws a `TypeError` for a value JSON cannot represent (`undefined`, a function).
 */
export function serializeJsonLd(value: unknown): string {
  const json = JSON.stringify(value);
  if (typeof json !== 'string') throw new TypeError('storefront-widgets: the rich snippet is not a JSON value.');
  return json.replace(UNSAFE_IN_SCRIPT, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Whether `text` is exactly what `serializeJsonLd` makes of its own parsed value: the
 * check the Trusted Types policy runs before it lets a string into a script element.
 */
export function isSerializedJsonLd(text: string): boolean {
  try {
    return serializeJsonLd(JSON.parse(text)) === text;
  } catch {
    return false;
  }
}

/** Properties whose string values are URLs (links, images, media, and schema.org enumeration values such as an offer's `availability`). */
const URL_PROPERTIES = new Set(['url', 'image', '@id', 'sameAs', 'logo', 'availability', 'itemCondition', 'contentUrl', 'thumbnailUrl', 'embedUrl']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A deep copy of `value` without any URL-valued string (`url`, `image`, `@id`, `sameAs`,
 * `logo`, `availability`, `itemCondition`, `contentUrl`, `thumbnailUrl`, `embedUrl`)
 * that is not an absolute http(s) URL (`javascript:`, `data:`, relative, malformed),
 * at any depth and inside arrays. Everything else is kept as it is.
 */
export function sanitizeJsonLd<T>(value: T): T {
  return sanitize(value, false) as T;
}

function sanitize(value: unknown, urlValued: boolean): unknown {
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      if (urlValued && typeof item === 'string') return safeUrl(item) === undefined ? [] : [item];
      return [sanitize(item, urlValued)];
    });
  }
  if (!isRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '__proto__') continue;
    const isUrl = URL_PROPERTIES.has(key);
    if (isUrl && typeof item === 'string' && safeUrl(item) === undefined) continue;
    copy[key] = sanitize(item, isUrl);
  }
  return copy;
}

/** The `@type` values of a node (a string or an array of strings). */
export function typesOf(node: Record<string, unknown>): string[] {
  const type = node['@type'];
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((item): item is string => typeof item === 'string') : [];
}

/** Whether the rich snippet describes a schema.org Product (and nothing else may be emitted). */
export function isProductJsonLd(value: JsonLd): boolean {
  return typesOf(value).some((type) => type === 'Product' || type === 'https://schema.org/Product' || type === 'http://schema.org/Product');
}
