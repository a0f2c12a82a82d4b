import { ConfigError } from '../api/errors.js';

/**
 * A server render for a page with a strict Content-Security-Policy (no `'unsafe-inline'`
 * for styles): its `<style>` elements carry the page's nonce, and it writes no `style`
 * attribute, which such a policy refuses whatever it holds. An element's own values
 * (a star row's fill, a bar's width, a picture's aspect ratio, a masonry tile's place),
 * which the browser sets through the CSSOM (css-text.ts), are rules of a `<style>` of
 * their shadow root instead, one per part, named by a `data-svc-style` attribute.
 */

/** The attribute that names a part's rule. */
const PART = 'data-svc-style';

/** A nonce as CSP writes it (base64 or base64url): nothing else reaches the markup. */
export function assertNonce(nonce: string): void {
  if (!/^[A-Za-z0-9+/_=-]+$/.test(nonce)) throw new ConfigError('storefront-widgets: the nonce must be the base64 value of the page\'s Content-Security-Policy nonce (letters, digits, +, /, -, _ and =).');
}

/** Every `<style>` of the server's markup with the nonce. Lit writes the element's styles as a bare `<style>`, and text and attributes are escaped, so that is the only form there. */
export const withNonce = (markup: string, nonce: string | undefined): string => (nonce === undefined ? markup : markup.replaceAll('<style>', `<style nonce="${nonce}">`));

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };
/** What a rule may hold: the numbers, lengths, ratios, percentages and custom properties the elements write. Anything else (a quote, a brace, `<`, a comment) could end the rule or the style, so the browser sets it when the element hydrates. */
const SAFE_DECLARATIONS = /^[-\w\s.,%:;()/#+*]*$/;
const TOKENS = /<template\b([^>]*)>|<\/template>|\sstyle="([^"]*)"/g;

interface Scope {
  /** Whether it is a shadow root (a plain template's parts belong to the shadow root around it). */
  shadow: boolean;
  /** Where its rules go in the output: just inside the template. */
  slot: number;
  rules: string[];
}

/**
 * The markup of one element's declarative shadow root (and any inside it) with each
 * `style` attribute replaced by a `data-svc-style` one and a rule, in a `<style>` at the
 * top of its shadow root: the rule applies as the part is parsed, as the attribute did.
 * The rule outweighs the element's own (`:not(#_)` counts as an id) as an inline style
 * does; the browser's CSSOM style, once hydrated, outweighs it in turn.
 */
export function stylesToRules(markup: string): string {
  const out: string[] = [];
  const scopes: Scope[] = [];
  let from = 0;
  let next = 0;
  for (const match of markup.matchAll(TOKENS)) {
    out.push(markup.slice(from, match.index));
    from = match.index + match[0].length;
    if (match[0].startsWith('<template')) {
      out.push(match[0]);
      scopes.push({ shadow: /\sshadowrootmode=/.test(match[1]!), slot: out.push('') - 1, rules: [] });
    } else if (match[0] === '</template>') {
      const scope = scopes.pop();
      if (scope && scope.rules.length > 0) out[scope.slot] = `<style>${scope.rules.join('')}</style>`;
      out.push(match[0]);
    } else {
      const declarations = match[2]!.replace(/&(?:amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity]!);
      const scope = scopes.findLast((candidate) => candidate.shadow);
      // Outside any shadow root (not Lit's markup), or nothing to set: left as it is.
      if (scope === undefined) {
        out.push(match[0]);
        continue;
      }
      if (declarations.trim() === '' || !SAFE_DECLARATIONS.test(declarations) || /\/\*|\*\//.test(declarations)) continue;
      const id = String(next++);
      out.push(` ${PART}="${id}"`);
      scope.rules.push(`[${PART}="${id}"]:not(#_){${declarations}}`);
    }
  }
  out.push(markup.slice(from));
  return out.join('');
}
