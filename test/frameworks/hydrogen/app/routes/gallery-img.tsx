import { useLoaderData } from 'react-router';
import { useNonce } from '@shopify/hydrogen';
import { WidgetHost } from 'storefront-widgets/react/server';
import { productWidgets } from '../lib/product-widgets';
import type { Route } from './+types/gallery-img';

// The product page with its gallery replaced by the gallery's first photo as a plain <img>, every other widget as on `/`:
// the LCP baseline of the issue read literally ("the same page"), beside `/static-img` (no widget at all) in bench/hydrogen.ts.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { gallery, ...widgets } = await productWidgets(context.env, 'aster-linen-shirt', request);
  return { ...widgets, image: gallery.image };
}

export function meta({ data }: Route.MetaArgs) {
  return data?.image ? [{ tagName: 'link', rel: 'preload', as: 'image', href: data.image.href, fetchpriority: 'high' }] : [];
}

export default function GalleryAsImage() {
  const { summary, image, post, reviews, richSnippet } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  return (
    <main>
      <h1>Aster linen shirt</h1>
      <WidgetHost widget={richSnippet} />
      <WidgetHost widget={summary} nonce={nonce} />
      {image && <img src={image.href} alt="" width={320} height={240} {...{ fetchpriority: 'high' }} />}
      <WidgetHost widget={post} nonce={nonce} />
      <WidgetHost widget={reviews} nonce={nonce} />
    </main>
  );
}
