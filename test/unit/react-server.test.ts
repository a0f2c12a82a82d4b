import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PostGallery, ReviewSummary, Storefront } from '../../src/react.ts';

/**
 * `storefront-widgets/react` in a server render (Node, no document): each component
 * renders its tag with the string, number and `true` props as attributes, so the
 * server's HTML already carries the settings and the first paint shows loading states.
 */
const render = (component: unknown, props: Record<string, unknown>): ReactElement<Record<string, unknown>> => {
  const element = (component as (props: Record<string, unknown>) => unknown)(props);
  expect(isValidElement(element)).toBe(true);
  return element as ReactElement<Record<string, unknown>>;
};

describe('storefront-widgets/react on the server', () => {
  it('renders <svc-storefront> with its settings as attributes, and its children', () => {
    const element = render(Storefront, { publishableKey: 'svc_pk_demo', market: 'us', apiBase: 'https://api.example.com', children: 'inside' });
    expect(element.type).toBe('svc-storefront');
    expect(element.props).toEqual({ 'publishable-key': 'svc_pk_demo', market: 'us', 'api-base': 'https://api.example.com', children: 'inside' });
  });

  it('turns numbers and true into attributes, leaves events, objects and false out, and passes className as class', () => {
    const element = render(PostGallery, { productRef: 'linen-shirt', pageSize: 8, autoplay: true, layout: 'carousel', className: 'wide', onProductSelect: () => undefined, strings: { retry: 'Again' } });
    expect(element.type).toBe('svc-post-gallery');
    expect(element.props).toEqual({ 'product-ref': 'linen-shirt', 'page-size': '8', autoplay: '', layout: 'carousel', class: 'wide' });
    const summary = render(ReviewSummary, { company: false, variant: 'badge', 'data-test': 'x' });
    expect(summary.props).toEqual({ variant: 'badge', 'data-test': 'x' });
  });
});

describe('registering in a server process', () => {
  it('a second copy of the library (another bundle of one build) warns of nothing: a server is no page', async () => {
    const warn = vi.spyOn(console, 'warn');
    vi.resetModules();
    await import('../../src/register.ts');
    expect(customElements.get('svc-post-gallery')).toBeDefined();
    vi.resetModules();
    await import('../../src/register.ts');
    expect(warn.mock.calls.filter((call) => /already defined/.test(String(call[0])))).toEqual([]);
    warn.mockRestore();
  });
});
