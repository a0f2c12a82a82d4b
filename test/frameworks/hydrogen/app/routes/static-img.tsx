import { useLoaderData } from 'react-router';
import { renderWidget } from 'storefront-widgets/react/server';
import { widgetsProxy } from '../lib/widgets-proxy';
import type { Route } from './+types/static-img';

// The product page with the gallery's first photo as a plain <img> and no widget: the LCP the bench holds the page to (bench/hydrogen.ts).
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context;
  const gallery = await renderWidget('svc-post-gallery', { productRef: 'aster-linen-shirt', pageSize: 4, firstViewport: true }, { publishableKey: env.STOREFRONT_PUBLISHABLE_KEY, market: 'us', apiBase: env.STOREFRONT_API_BASE, proxy: widgetsProxy(env) });
  return { image: gallery.image };
}

// The product page's preload (product-widgets.tsx's preloadFirstPhoto), written here: that module would bring the widgets' code to this page.
export function meta({ data }: Route.MetaArgs) {
  return data?.image ? [{ tagName: 'link', rel: 'preload', as: 'image', href: data.image.href, fetchpriority: 'high' }] : [];
}

export default function StaticImage() {
  const { image } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Aster linen shirt</h1>
      {image && <img src={image.href} alt="" width={320} height={240} {...{ fetchpriority: 'high' }} />}
    </main>
  );
}
