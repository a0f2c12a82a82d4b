import type { JsonLd } from '../../api/types.js';
import { planRichSnippet, type SnippetPlan } from './dedupe.js';
import { isSerializedJsonLd, sanitizeJsonLd, serializeJsonLd } from './json-ld.js';

/**
 * The `<script type="application/ld+json">` elements `<svc-rich-snippet>` keeps in
 * `document.head`, written through a Trusted Types policy where the browser has one.
 */

/** The Trusted Types policy a page with `trusted-types` in its CSP must allow. */
export const JSON_LD_POLICY_NAME = 'storefront-widgets#json-ld';

/** Where the one policy of a page is kept, for every copy and version of the library. */
export const JSON_LD_POLICY_SYMBOL = Symbol.for('storefront-widgets.json-ld-policy.v1');

/** The attribute that marks the library's scripts; its value is the product reference. */
const SNIPPET_ATTRIBUTE = 'data-svc-rich-snippet';

/** The part of a Trusted Types policy used here (the DOM typings do not ship Trusted Types). */
export interface ScriptPolicy {
  readonly name: string;
  createScript(input: string): unknown;
}

interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScript(input: string): string }): ScriptPolicy;
}

type PolicyWindow = { trustedTypes?: TrustedTypesFactory } & Record<symbol, ScriptPolicy | null | undefined>;

/**
 * The page's JSON-LD policy: created once per window and shared through
 * `globalThis[Symbol.for('storefront-widgets.json-ld-policy.v1')]`. It lets a string
 * into a script only when it is exactly what `serializeJsonLd` makes of its own parsed
 * value: JSON with `<`, `>`, `&`, U+2028 and U+2029 escaped, which cannot end the
 * element. `undefined` when the browser has no Trusted Types (plain text is then
 * fine); `null` when the page's CSP forbids the policy (nothing can be written).
 */
export function jsonLdPolicy(view: Window = window): ScriptPolicy | null | undefined {
  const win = view as unknown as PolicyWindow;
  const factory = win.trustedTypes;
  if (factory === undefined || typeof factory.createPolicy !== 'function') return undefined;
  if (JSON_LD_POLICY_SYMBOL in win) return win[JSON_LD_POLICY_SYMBOL];
  let policy: ScriptPolicy | null;
  try {
    policy = factory.createPolicy(JSON_LD_POLICY_NAME, {
      createScript(input: string): string {
        if (isSerializedJsonLd(input)) return input;
        throw new TypeError(`storefront-widgets: the "${JSON_LD_POLICY_NAME}" Trusted Types policy only accepts JSON-LD the library serialized itself.`);
      },
    });
  } catch {
    policy = null;
    console.warn(
      `storefront-widgets: this page's Content Security Policy does not allow the Trusted Types policy "${JSON_LD_POLICY_NAME}", so <svc-rich-snippet> cannot add structured data. Add it to the trusted-types directive: trusted-types ${JSON_LD_POLICY_NAME}`,
    );
  }
  win[JSON_LD_POLICY_SYMBOL] = policy;
  return policy;
}

/** The library's script for `productRef`, if there is one: in `doc.head`, or where the server wrote it (in the element). */
function findSnippetScript(doc: Document, productRef: string): HTMLScriptElement | undefined {
  for (const script of doc.querySelectorAll<HTMLScriptElement>(`script[${SNIPPET_ATTRIBUTE}]`)) {
    if (script.getAttribute(SNIPPET_ATTRIBUTE) === productRef) return script;
  }
  return undefined;
}

/**
 * Puts `value` in the one `<script type="application/ld+json" data-svc-rich-snippet=…>`
 * for `productRef` in `doc.head` (creating it, or replacing its text). Returns the
 * script, or `undefined` when the page's CSP forbids the library's policy.
 */
function writeSnippetScript(doc: Document, productRef: string, value: unknown): HTMLScriptElement | undefined {
  const json = serializeJsonLd(value);
  const policy = jsonLdPolicy(doc.defaultView ?? window);
  if (policy === null) return undefined;
  const text = policy === undefined ? json : (policy.createScript(json) as string);
  let script = findSnippetScript(doc, productRef);
  if (script === undefined) {
    script = doc.createElement('script');
    script.type = 'application/ld+json';
    script.setAttribute(SNIPPET_ATTRIBUTE, productRef);
    script.text = text;
    doc.head.append(script);
  } else if (script.text !== json) {
    script.text = text;
  }
  return script;
}

/** Removes the library's script for `productRef`, if there is one. */
export function removeSnippetScript(doc: Document, productRef: string): void {
  findSnippetScript(doc, productRef)?.remove();
}

/** The page's own JSON-LD (not the library's), parsed; unreadable blocks are skipped. */
function pageJsonLd(doc: Document): unknown[] {
  const documents: unknown[] = [];
  for (const script of doc.querySelectorAll<HTMLScriptElement>('script[type="application/ld+json"]')) {
    if (script.hasAttribute(SNIPPET_ATTRIBUTE)) continue;
    try {
      documents.push(JSON.parse(script.text));
    } catch {
      // A broken block of the page's own is not ours to fix.
    }
  }
  return documents;
}

/**
 * The whole path from an API snippet to the page: sanitize, decide against the page's
 * own JSON-LD (see `planRichSnippet`), then write the product's script or remove it.
 */
export function applyRichSnippet(doc: Document, productRef: string, snippet: JsonLd): SnippetPlan {
  const plan = planRichSnippet(sanitizeJsonLd(snippet), pageJsonLd(doc));
  if (plan.kind === 'emit' || plan.kind === 'merge') writeSnippetScript(doc, productRef, plan.value);
  else removeSnippetScript(doc, productRef);
  return plan;
}
