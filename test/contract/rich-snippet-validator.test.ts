/**
 * The server-side rich snippet in Node, over HTTP against the emulator: its markup is one
 * script whose JSON passes Google's Product and review-snippet rules (offline
 * validator, merchant-listing rules left out) and agrees with the review summary.
 */
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the validator ships no type declarations.
import Validator from '@adobe/structured-data-validator';
import { fetchRichSnippetJson, fetchRichSnippetScript, richSnippetJson } from '../../src/ssr/rich-snippet.ts';
import { base, getJson, info, registerKey, type EmulatorInfo } from './emulator-helpers.ts';

let key: string;
let seed: EmulatorInfo;

beforeAll(async () => {
  key = await registerKey('ssr_snippet');
  seed = await info();
});

interface Issue {
  severity: string;
  issueMessage: string;
}

async function validate(data: unknown): Promise<Issue[]> {
  const validator = new Validator(null) as { registeredHandlers: Record<string, (() => Promise<unknown>)[]>; validate(input: unknown): Promise<Issue[]> };
  validator.registeredHandlers['Product'] = validator.registeredHandlers['Product']!.filter((load) => !String(load).includes('ProductMerchant'));
  return validator.validate({ jsonld: { Product: [data] } });
}

const OPEN = '<script type="application/ld+json">';

function parseMarkup(markup: string): Record<string, unknown> {
  expect(markup.startsWith(OPEN)).toBe(true);
  expect(markup.endsWith('</script>')).toBe(true);
  expect(markup.match(/<\/script/gi)).toHaveLength(1);
  const json = markup.slice(OPEN.length, -'</script>'.length);
  expect(json).not.toMatch(/[<>&\u2028\u2029]/);
  return JSON.parse(json) as Record<string, unknown>;
}

describe('fetchRichSnippetScript (Node)', () => {
  it('returns one script that passes the review-snippet rules and matches the summary', async () => {
    const products = seed.products.filter((p) => p.review_count > 0).slice(0, 3);
    for (const market of ['us', 'de']) {
      for (const product of products) {
        const markup = await fetchRichSnippetScript({ publishableKey: key, apiBase: base, market, productRef: product.handle });
        const data = parseMarkup(markup);
        const issues = (await validate(data)).filter((issue) => issue.severity === 'ERROR' || !/\(optional\)$/.test(issue.issueMessage));
        expect(issues, `${product.handle} ${market}: ${JSON.stringify(issues)}`).toEqual([]);
        const { body: summary } = await getJson<{ average: number; count: number }>(`/v1/products/${product.handle}/review-summary?market=${market}`, key);
        expect(data['aggregateRating']).toMatchObject({ ratingValue: summary.average, reviewCount: summary.count });
      }
    }
  });

  it('returns nothing for a plan without Reviews and for an unknown product', async () => {
    const noReviews = await registerKey('ssr_snippet_noreviews', { plan: 'noreviews' });
    const product = seed.products[0]!;
    expect(await fetchRichSnippetScript({ publishableKey: noReviews, apiBase: base, market: 'us', productRef: product.handle })).toBe('');
    expect(await fetchRichSnippetScript({ publishableKey: key, apiBase: base, market: 'us', productRef: 'no-such-product' })).toBe('');
  });

  it('refuses a secret key before any request', async () => {
    await expect(fetchRichSnippetScript({ publishableKey: 'svc_sk_live_secret', apiBase: base, market: 'us', productRef: 'x' })).rejects.toMatchObject({ code: 'invalid_key' });
  });

  it('refuses an api-base that is not an absolute http(s) URL, naming it', async () => {
    for (const apiBase of ['ftp://storefront.example.com', '/relative', 'javascript:alert(1)']) {
      await expect(fetchRichSnippetJson({ publishableKey: key, apiBase, market: 'us', productRef: 'x' })).rejects.toMatchObject({ code: 'config', message: expect.stringMatching(/api-base/) });
    }
  });
});

describe('fetchRichSnippetJson and richSnippetJson (Node): the JSON text for React', () => {
  it('is the script content of fetchRichSnippetScript, escaped, and parses to the same snippet', async () => {
    const product = seed.products.find((p) => p.review_count > 0)!;
    const request = { publishableKey: key, apiBase: base, market: 'us', productRef: product.handle };
    const json = await fetchRichSnippetJson(request);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(`${OPEN}${json}</script>`).toBe(await fetchRichSnippetScript(request));
    expect(richSnippetJson(JSON.parse(json) as Record<string, unknown>)).toBe(json);
    expect(await fetchRichSnippetJson({ ...request, productRef: 'no-such-product' })).toBe('');
  });

  it('escapes what could end the script and drops unsafe URLs', () => {
    const json = richSnippetJson({ '@context': 'https://schema.org', '@type': 'Product', name: 'Mug </script><!-- \u2028', url: 'javascript:alert(1)', image: 'https://cdn.example.com/mug.jpg' });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ '@context': 'https://schema.org', '@type': 'Product', name: 'Mug </script><!-- \u2028', image: 'https://cdn.example.com/mug.jpg' });
  });
});
