import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { useNonce } from '@shopify/hydrogen';
import { PostGallery, ShoppablePost, Storefront } from 'storefront-widgets/react';
import { fetchRichSnippetJson, renderWidgets, withStyleNonce } from 'storefront-widgets/ssr';
import { widgetsProxy } from '../lib/widgets-proxy';
import type { Route } from './+types/_index';

const PRODUCT = 'aster-linen-shirt';

export async function loader({ context }: Route.LoaderArgs) {
  const settings = { publishableKey: context.env.STOREFRONT_PUBLISHABLE_KEY, market: 'us', apiBase: context.env.STOREFRONT_API_BASE };
  // The review summary (top) and list (foot) rendered on the server, their shadow roots and data; the product's JSON-LD.
  // Their reads go through the worker's read proxy, whose cache also answers the browsers that read through it.
  const proxy = widgetsProxy(context.env);
  const [summary, reviews, richSnippet] = await Promise.all([
    renderWidgets(`<svc-review-summary product-ref="${PRODUCT}"></svc-review-summary>`, { ...settings, proxy }),
    renderWidgets(`<svc-reviews product-ref="${PRODUCT}" page-size="3"></svc-reviews>`, { ...settings, proxy }),
    fetchRichSnippetJson({ ...settings, productRef: PRODUCT }),
  ]);
  return { settings, summary, reviews, richSnippet };
}

export default function Product() {
  const { settings, summary, reviews, richSnippet } = useLoaderData<typeof loader>();
  // The response's nonce on the widgets' styles (the loader ran before it was made).
  const nonce = useNonce();
  const [selected, setSelected] = useState<string>();
  return (
    <main>
      <h1>Aster linen shirt</h1>
      {richSnippet && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: richSnippet }} />}
      <Storefront publishableKey={settings.publishableKey} market={settings.market} apiBase={settings.apiBase}>
        {/* Server-rendered markup, which the elements hydrate: React leaves it alone. */}
        <div dangerouslySetInnerHTML={{ __html: withStyleNonce(summary, nonce) }} />
        <PostGallery productRef={PRODUCT} pageSize={4} />
        <ShoppablePost
          postId="pst_wvolv0tvux3d"
          onProductSelect={(event) => {
            event.preventDefault();
            setSelected(event.detail.product.title);
          }}
        />
        <p id="selected">{selected ? `Added to cart: ${selected}` : ''}</p>
        <div dangerouslySetInnerHTML={{ __html: withStyleNonce(reviews, nonce) }} />
      </Storefront>
    </main>
  );
}
