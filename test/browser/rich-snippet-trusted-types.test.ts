import { afterEach, expect, inject, it } from 'vitest';
import { testKey } from '../support/emulator-control.ts';
import { emulatorProducts } from './review-support.ts';

/**
 * A page that enforces Trusted Types: an `<iframe srcdoc>` whose CSP (a meta element)
 * has `require-trusted-types-for 'script'` and allows only the library's policy and
 * Lit's. The element's module is loaded into the frame's own realm by a parser-inserted
 * module script, and runs there as it would on a shop's page.
 */
const apiBase = inject('apiBase');
const CSP = "require-trusted-types-for 'script'; trusted-types storefront-widgets#json-ld lit-html";

afterEach(() => document.body.replaceChildren());

async function strictFrame(moduleUrl: string): Promise<{ win: Window & typeof globalThis; doc: Document; violations: string[] }> {
  const frame = document.createElement('iframe');
  // The attribute is set from a string the test controls; the frame is same-origin (srcdoc).
  frame.srcdoc = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${CSP}"><script type="module" src="${moduleUrl}"></script></head><body></body></html>`;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as Window & typeof globalThis;
  const doc = frame.contentDocument!;
  const violations: string[] = [];
  doc.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.effectiveDirective}: ${event.sample}`));
  return { win, doc, violations };
}

it('adds the JSON-LD under require-trusted-types-for without a violation', async () => {
  const products = await emulatorProducts(apiBase);
  const [product, other] = products.filter((p) => p.review_count > 0);
  const key = await testKey(apiBase, 'trusted_types');
  const moduleUrl = new URL('../../src/elements/rich-snippet/svc-rich-snippet.ts', import.meta.url).href;
  const { win, doc, violations } = await strictFrame(moduleUrl);
  await expect.poll(() => win.customElements.get('svc-rich-snippet'), { timeout: 15_000 }).toBeDefined();

  const el = doc.createElement('svc-rich-snippet');
  for (const [name, value] of Object.entries({ 'api-base': apiBase, 'publishable-key': key, market: 'us', 'product-ref': product!.handle })) el.setAttribute(name, value);
  doc.body.append(el);
  // An English market: Vitest wraps the source modules' dynamic imports (another language's strings) for its own frame only.
  const script = (handle = product!.handle) => doc.head.querySelector<HTMLScriptElement>(`script[type="application/ld+json"][data-svc-rich-snippet="${handle}"]`);
  await expect.poll(script, { timeout: 10_000 }).toBeTruthy();
  expect((JSON.parse(script()!.text) as { '@type': string })['@type']).toBe('Product');

  // Another product: the text is replaced through the policy, too.
  el.setAttribute('product-ref', other!.handle);
  await expect.poll(() => script(other!.handle), { timeout: 10_000 }).toBeTruthy();
  expect(script()).toBeNull();
  const policy = (win as unknown as Record<symbol, { name: string } | null>)[Symbol.for('storefront-widgets.json-ld-policy.v1')];
  expect(policy?.name).toBe('storefront-widgets#json-ld');

  // The frame does enforce Trusted Types: plain text into a script throws and is reported.
  // Reports arrive in order, so once this one is in, any the element caused is in before it.
  const probe = doc.createElement('script');
  expect(() => {
    probe.text = '{"probe":1}';
  }).toThrow();
  await expect.poll(() => violations.some((violation) => violation.includes('probe'))).toBe(true);
  expect(violations).toHaveLength(1);
  expect(violations[0]).toMatch(/^require-trusted-types-for: .*probe/);
});
