import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useNonce } from '@shopify/hydrogen';
import { renderWidget, WidgetHost, type WidgetData } from 'storefront-widgets/react/server';
import type { ProductSelectDetail } from 'storefront-widgets/react';
import { widgetsProxy } from './widgets-proxy';

interface WidgetsEnv {
  STOREFRONT_API_BASE: string;
  STOREFRONT_PUBLISHABLE_KEY: string;
}

/**
 * A product's widgets rendered on the server, for a route's loader: their shadow roots and
 * data, the product's JSON-LD in place. Their reads go through the worker's read proxy,
 * whose cache also answers the browsers that read through it. With the loader's request,
 * a page load's HTML holds their markup once (not again in the loader data in the page).
 */
export async function productWidgets(env: WidgetsEnv, handle: string, request: Request) {
  const options = { publishableKey: env.STOREFRONT_PUBLISHABLE_KEY, market: 'us', apiBase: env.STOREFRONT_API_BASE, proxy: widgetsProxy(env), request };
  const [summary, gallery, post, reviews, richSnippet] = await Promise.all([
    renderWidget('svc-review-summary', { productRef: handle }, options),
    renderWidget('svc-post-gallery', { productRef: handle, pageSize: 4, firstViewport: true }, options),
    renderWidget('svc-shoppable-post', { postId: 'pst_wvolv0tvux3d' }, options),
    // Far below the fold: on a page load the browser renders it (its space held), so that the HTML before the first paint stays short.
    renderWidget('svc-reviews', { productRef: handle, pageSize: 3 }, { ...options, belowFold: true }),
    renderWidget('svc-rich-snippet', { productRef: handle }, options),
  ]);
  return { summary, gallery, post, reviews, richSnippet };
}

/** The gallery is in the first viewport: its first photo (the page's largest) is asked for from <head>, for a route's `meta`. */
export function preloadFirstPhoto(gallery: WidgetData | undefined) {
  return gallery?.image ? [{ tagName: 'link', rel: 'preload', as: 'image', href: gallery.image.href, fetchpriority: 'high' }] : [];
}

export function ProductWidgets({ widgets, title, next }: { widgets: Awaited<ReturnType<typeof productWidgets>>; title: string; next: { href: string; title: string } }) {
  const { summary, gallery, post, reviews, richSnippet } = widgets;
  // The response's nonce on the widgets' styles (the loader ran before it was made).
  const nonce = useNonce();
  return (
    <main>
      <h1>{title}</h1>
      <WidgetHost widget={richSnippet} />
      <WidgetHost widget={summary} nonce={nonce} />
      <WidgetHost widget={gallery} nonce={nonce} />
      <AddToCart>
        <WidgetHost widget={post} nonce={nonce} />
      </AddToCart>
      <WidgetHost widget={reviews} nonce={nonce} />
      <Link id="next-product" to={next.href}>
        {next.title}
      </Link>
    </main>
  );
}

/** The products chosen in the widgets inside it (their `svc-product-select` events bubble), added to the cart. */
function AddToCart({ children }: { children: ReactNode }) {
  const [selected, setSelected] = useState('');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onSelect = (event: Event) => {
      event.preventDefault();
      setSelected((event as CustomEvent<ProductSelectDetail>).detail.product.title);
    };
    const element = box.current!;
    element.addEventListener('svc-product-select', onSelect);
    return () => element.removeEventListener('svc-product-select', onSelect);
  }, []);
  return (
    <div ref={box}>
      {children}
      <p id="selected">{selected && `Added to cart: ${selected}`}</p>
    </div>
  );
}
