/**
 * Hostile content for the `hostile` fault: every text and URL field of a /v1 answer
 * (posts, products, uploaders, labels, reviews, review summaries, rich snippets) is
 * replaced by an attack string, cycling through a fixed corpus per field kind (a field's
 * path with array indices left out, e.g. `data.tagged_products.product.title`), so that
 * across a page of at least as many items as the corpus has strings, every string lands
 * in every field kind. Deterministic: each kind's cycle starts at a hash of the request
 * path and the kind, so that the fields of one object get different strings.
 *
 * Payloads that manage to run report it where a test can see it: they call
 * `window.__pwned(id)`, `alert(id)`, log `PWNED <id>` on the console, and load
 * `<origin>/__emulator/pwned?id=<id>`, which the emulator records (`PwnedLog`; read
 * with `GET /__emulator/pwned-log`, clear with `DELETE`). Injected markup (an `<img>`
 * with that URL) reports itself the same way, even where scripts are blocked.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CORS_HEADERS, sendJson } from './http.ts';

export const PWNED_PATH = '/__emulator/pwned';
export const PWNED_LOG_PATH = '/__emulator/pwned-log';

/** One attack string; `short` ones are also appended to ids and handles (which must stay unique). */
export interface TextAttack {
  id: string;
  value: string;
  short: boolean;
}

/** One attack on a URL field, made from the field's own (working) URL. `kept`: an http(s) URL a careful reader may keep. */
export interface UrlAttack {
  id: string;
  make: (original: string) => string;
  kept: boolean;
}

/** What a payload runs when it gets to run: every signal a test listens for. */
function js(id: string, beacon: string): string {
  return `window.__pwned&&window.__pwned('${id}');alert('${id}');console.error('PWNED ${id}');new Image().src='${beacon}?id=${id}'`;
}

/** The text corpus: markup, script and style breakouts, entities, bidi and invisible characters, huge and unbroken strings. */
export function textAttacks(origin: string): TextAttack[] {
  const beacon = origin + PWNED_PATH;
  const list: [string, (id: string) => string, boolean][] = [
    ['script-tag', (id) => `<script>${js(id, beacon)}</script>`, true],
    ['img-onerror', (id) => `<img src=x onerror="${js(id, beacon)}">`, true],
    ['attr-breakout-double', (id) => `"><img src="${beacon}?id=${id}" onerror="${js(id, beacon)}">`, true],
    ['attr-breakout-single', (id) => `'><svg/onload="${js(id, beacon)}">`, true],
    ['unquoted-attr', (id) => `x onmouseover=alert('${id}') autofocus onfocus=alert('${id}') y=`, true],
    ['svg-script', (id) => `<svg><script>${js(id, beacon)}</script></svg>`, true],
    ['iframe-srcdoc', (id) => `<iframe srcdoc="<script>parent.__pwned('${id}')</script>" src="javascript:alert('${id}')"></iframe>`, true],
    ['style-breakout', (id) => `</style><img src=x onerror="${js(id, beacon)}"><style>`, true],
    ['script-breakout', (id) => `</script><script>${js(id, beacon)}</script>`, true],
    ['comment-breakout', (id) => `<!--<img src="--><img src=x onerror="${js(id, beacon)}">`, true],
    ['comment-close', (id) => `--><script>${js(id, beacon)}</script><!--`, true],
    ['javascript-text', (id) => `javascript:${js(id, beacon)}`, true],
    ['entities', (id) => `&lt;script&gt;alert('${id}')&lt;/script&gt; &amp;amp; &#60;img src=x onerror=alert('${id}')&#62; &quot;&apos; &#x3C;/style&#x3E;`, true],
    ['rtl-override', () => `\u202Egpj.exe\u202C Review by \u202Dadmin\u202C \u2066isolate\u2069 ${'\u202E'.repeat(10)}end`, true],
    ['zero-width', () => `Z\u200Be\u200Cr\u200Do\u2060-\uFEFFwidth ${'a\u2060'.repeat(3000)}`, false],
    ['caption-100kb', (id) => `Hostile caption ${id} with words. `.repeat(Math.ceil(100_000 / `Hostile caption ${id} with words. `.length)).slice(0, 100_000), false],
    ['unbroken-10k', () => 'W'.repeat(10_000), false],
    ['unbroken-url-text', () => `https://${'x'.repeat(5000)}.example/<script>`, false],
    ['emoji-zwj', () => '👩‍👩‍👧‍👦🏳️‍🌈👨🏽‍🚀🧑🏿‍🤝‍🧑🏻'.repeat(300), false],
    ['line-separators', (id) => `Line\u2028Separator\u2029Paragraph</script><!--\u2028${id}`, true],
    ['css-url', (id) => `red;background:url(${beacon}?id=${id});x:`, true],
    ['css-string-breakout', (id) => `"); background-image: url("${beacon}?id=${id}"); content: ("`, true],
    ['css-style-element', (id) => `</style><style>*{background:url(${beacon}?id=${id})}</style>`, true],
    ['css-expression', (id) => `expression(alert('${id}')) \\00003C/style\\00003E`, true],
    ['template-injection', (id) => `{{constructor.constructor('${js(id, beacon)}')()}} \${alert('${id}')} <%= alert('${id}') %>`, true],
    ['anchor-javascript', (id) => `<a href="javascript:${js(id, beacon)}">click me</a>`, true],
    ['mxss', (id) => `<math><mtext><table><mglyph><style><img src=x onerror="${js(id, beacon)}">`, true],
    ['meta-refresh', (id) => `<meta http-equiv="refresh" content="0;url=javascript:alert('${id}')"><base href="javascript://">`, true],
    ['object-embed', (id) => `<object data="javascript:alert('${id}')"></object><embed src="javascript:alert('${id}')">`, true],
    ['nul-surrogates', () => `nul\u0000char \uD800 lone \uDFFF surrogate \uFFFE\uFFFF`, true],
    ['zalgo', () => `Z${'\u0337\u0321\u031B\u0316\u0326\u0353\u0339'.repeat(12)}algo`, true],
    ['whitespace', (id) => `\r\n\t  \u00A0\u3000 ${id} \n\n\n`, true],
  ];
  return list.map(([name, make, short], index) => {
    const id = `T${String(index + 1).padStart(2, '0')}-${name}`;
    return { id, value: make(id), short };
  });
}

/** The URL corpus: script, data and vbscript URLs in disguise (dropped by a careful reader), and http(s) URLs with breakouts inside. */
export function urlAttacks(origin: string): UrlAttack[] {
  const beacon = origin + PWNED_PATH;
  const list: [string, (id: string, original: string) => string, boolean][] = [
    ['javascript', (id) => `javascript:${js(id, beacon)}`, false],
    ['javascript-mixed-case', (id) => `JaVaScRiPt:${js(id, beacon)}`, false],
    ['javascript-leading-space', (id) => `  \n javascript:${js(id, beacon)}`, false],
    ['javascript-tab', (id) => `java\tscript:${js(id, beacon)}`, false],
    ['javascript-control-char', (id) => `\u0001javascript:${js(id, beacon)}`, false],
    ['javascript-comment', (id) => `javascript://%0a${js(id, beacon)}`, false],
    ['javascript-entity', (id) => `&#106;avascript:${js(id, beacon)}`, true],
    ['javascript-colon-entity', (id) => `javascript&colon;${js(id, beacon)}`, true],
    ['data-html', (id) => `data:text/html;base64,${Buffer.from(`<script>${js(id, beacon)}</script>`).toString('base64')}`, false],
    ['data-svg', (id) => `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="${js(id, beacon)}"/>`, false],
    ['data-mixed-case', (id) => `DaTa:text/html,<script>${js(id, beacon)}</script>`, false],
    ['vbscript', (id) => `vbscript:msgbox("${id}")`, false],
    ['vbscript-mixed-case', (id) => `VBScript:Execute("${id}")`, false],
    ['file', () => 'file:///etc/passwd', false],
    ['fragment-attr-breakout', (id, url) => `${url}#"><img src=x onerror="${js(id, beacon)}">`, true],
    ['fragment-css-breakout', (id, url) => `${url}#');background:url(${beacon}?id=${id});('`, true],
    ['query-style-breakout', (id, url) => `${url}?q=</style><script>${js(id, beacon)}</script>`, true],
    ['fragment-rtl', (_, url) => `${url}#\u202Egpj.exe`, true],
    ['upper-case-scheme', (_, url) => url.replace(/^http/i, 'HTTP'), true],
    ['long-fragment', (_, url) => `${url}#${'x'.repeat(3000)}`, true],
    ['protocol-relative', (_, url) => url.replace(/^https?:/i, ''), true],
    ['credentials', (_, url) => url.replace(/^(https?:\/\/)/i, '$1user:pass@'), true],
  ];
  return list.map(([name, make, kept], index) => {
    const id = `U${String(index + 1).padStart(2, '0')}-${name}`;
    return { id, make: (original: string) => make(id, original), kept };
  });
}

/** Valid but extreme creation dates (a post without a valid `created_at` would only be dropped). */
const EXTREME_DATES = ['+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z', '0000-01-01T00:00:00Z', '1970-01-01T00:00:00Z'];

/** Keys whose string values are URLs (wire names and JSON-LD's). */
const URL_KEYS = new Set(['location', 'poster', 'url', 'development_url', 'social_url', 'image', '@id', 'sameAs', 'logo', 'availability', 'itemCondition']);
/** Structure that must survive for there to be anything to render (a ratings entry's `product_ref` echoes the request). */
const KEEP_KEYS = new Set(['next_cursor', '@context', '@type', 'product_ref']);
/** Ids and handles: an attack is appended, so that they stay unique. */
const ID_KEYS = new Set(['id', 'handle']);
const DATE_KEYS = new Set(['created_at']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Sets an own, enumerable property named `__proto__` (an assignment would change the prototype instead). */
function ownProto(target: Record<string, unknown>, value: unknown): void {
  Object.defineProperty(target, '__proto__', { value, enumerable: true, configurable: true, writable: true });
}

/**
 * The `transform` for hostile keys: `(key, path, body) => body` with every text and URL
 * field replaced. Numbers, booleans, a post's `type`, `@type`/`@context` and
 * `next_cursor` stay; ids and handles get a short attack appended; `created_at` gets
 * extreme (valid) dates. JSON-LD also gets a hostile property name and an own
 * `__proto__` member.
 */
export function hostileTransform(origin: string): (key: string, path: string, body: unknown) => unknown {
  const texts = textAttacks(origin);
  const shorts = texts.filter((attack) => attack.short);
  const urls = urlAttacks(origin);
  return (_key, path, body) => {
    const counters = new Map<string, number>();
    const next = (kind: string, length: number): number => {
      const n = counters.get(kind) ?? hash(`${path}|${kind}`);
      counters.set(kind, n + 1);
      return n % length;
    };
    const jsonLd = path.endsWith('/rich-snippet');
    const walk = (value: unknown, key: string, kind: string, parentKind: string): unknown => {
      if (Array.isArray(value)) return value.map((item) => walk(item, key, kind, parentKind));
      if (isRecord(value)) {
        const copy: Record<string, unknown> = {};
        for (const [name, item] of Object.entries(value)) copy[name] = walk(item, name, kind ? `${kind}.${name}` : name, kind);
        return copy;
      }
      if (typeof value !== 'string' || KEEP_KEYS.has(key)) return value;
      // A post's IMAGE/VIDEO must stay (a post of another type is dropped); `origin.type` is text.
      if (key === 'type' && !parentKind.endsWith('origin')) return value;
      if (URL_KEYS.has(key)) return urls[next(kind, urls.length)]!.make(value);
      if (ID_KEYS.has(key)) return value + shorts[next(kind, shorts.length)]!.value;
      if (DATE_KEYS.has(key)) {
        const i = next(kind, EXTREME_DATES.length + 1);
        return i < EXTREME_DATES.length ? EXTREME_DATES[i] : value;
      }
      return texts[next(kind, texts.length)]!.value;
    };
    const result = walk(body, '', '', '');
    if (jsonLd && isRecord(result)) {
      result[`</script><script>${js('K01-jsonld-key', origin + PWNED_PATH)}</script>`] = '<!--';
      ownProto(result, { polluted: 'K02-proto' });
    }
    const first = isRecord(result) && Array.isArray(result['data']) ? result['data'][0] : undefined;
    if (isRecord(first)) ownProto(first, { polluted: 'K03-proto' });
    return result;
  };
}

export interface PwnedHit {
  id: string;
  at: number;
  method: string;
  referer: string | undefined;
}

/**
 * The planted URL: every request to `/__emulator/pwned` is a payload that ran (or
 * markup that was injected), recorded with its `id`. `GET /__emulator/pwned-log` lists
 * the hits, `DELETE` clears them.
 */
export class PwnedLog {
  readonly hits: PwnedHit[] = [];

  /** Answers the request when it is one of the two paths; returns whether it was. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
    if (url.pathname === PWNED_PATH) {
      if (this.hits.length < 10_000) this.hits.push({ id: url.searchParams.get('id') ?? '', at: Date.now(), method: req.method ?? 'GET', referer: req.headers.referer });
      res.writeHead(404, { ...CORS_HEADERS, 'Cache-Control': 'no-store' });
      res.end();
      return true;
    }
    if (url.pathname === PWNED_LOG_PATH) {
      if (req.method === 'DELETE') {
        this.hits.length = 0;
        res.writeHead(204, CORS_HEADERS);
        res.end();
      } else {
        sendJson(res, 200, this.hits);
      }
      return true;
    }
    return false;
  }
}
