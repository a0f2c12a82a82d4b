import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLoaderData } from 'react-router';
import { useNonce } from '@shopify/hydrogen';
import { renderWidget, WidgetHost } from 'storefront-widgets/react/server';
import type { ProductSelectDetail } from 'storefront-widgets/react';
import { widgetsProxy } from '../lib/widgets-proxy';
import type { Route } from './+types/_index';

const PRODUCT = 'aster-linen-shirt';

export async function loader({ context }: Route.LoaderArgs) {
  // Every widget rendered on the server: its shadow root and data, the product's JSON-LD in place.
  // Their reads go through the worker's read proxy, whose cache also answers the browsers that read through it.
  const options = { publishableKey: context.env.STOREFRONT_PUBLISHABLE_KEY, market: 'us', apiBase: context.env.STOREFRONT_API_BASE, proxy: widgetsProxy(context.env) };
  const [summary, gallery, post, reviews, richSnippet] = await Promise.all([
    renderWidget('svc-review-summary', { productRef: PRODUCT }, options),
    renderWidget('svc-post-gallery', { productRef: PRODUCT, pageSize: 4 }, options),
    renderWidget('svc-shoppable-post', { postId: 'pst_wvolv0tvux3d' }, options),
    renderWidget('svc-reviews', { productRef: PRODUCT, pageSize: 3 }, options),
    renderWidget('svc-rich-snippet', { productRef: PRODUCT }, options),
  ]);
  return { summary, gallery, post, reviews, richSnippet };
}

// The gallery is in the first viewport: its first photo (the page's largest) is asked for from <head>.
export function meta({ data }: Route.MetaArgs) {
  const image = data?.gallery.image;
  return image ? [{ tagName: 'link', rel: 'preload', as: 'image', href: image.href, fetchpriority: 'high' }] : [];
}

export default function Product() {
  const { summary, gallery, post, reviews, richSnippet } = useLoaderData<typeof loader>();
  // The response's nonce on the widgets' styles (the loader ran before it was made).
  const nonce = useNonce();
  return (
    <main>
      <h1>Aster linen shirt</h1>
      <WidgetHost widget={richSnippet} />
      <WidgetHost widget={summary} nonce={nonce} />
      <WidgetHost widget={gallery} nonce={nonce} />
      <AddToCart>
        <WidgetHost widget={post} nonce={nonce} />
      </AddToCart>
      <WidgetHost widget={reviews} nonce={nonce} />
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
