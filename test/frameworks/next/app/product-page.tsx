import { headers } from 'next/headers';
import Link from 'next/link';
import { PostGallery, ReviewSummary, Reviews, RichSnippet, ShoppablePost, Storefront } from 'storefront-widgets/react/server';
import { AddToCart } from './add-to-cart';

/**
 * A product page as a server component: the widgets are rendered on the server (their
 * shadow roots and data in the HTML, the JSON-LD in place), each read once and kept
 * between requests, with the response's nonce (proxy.ts) on every style. The gallery is
 * in the first viewport: its first photo is preloaded.
 */
export async function ProductPage({ handle, postId, next }: { handle: string; postId: string; next: { handle: string; title: string } }) {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <main>
      <Storefront publishableKey="svc_pk_demo" market="us" apiBase={process.env.STOREFRONT_API_BASE} nonce={nonce}>
        <ReviewSummary productRef={handle} />
        <RichSnippet productRef={handle} />
        <PostGallery productRef={handle} pageSize={4} firstViewport />
        <AddToCart>
          <ShoppablePost postId={postId} />
        </AddToCart>
        <Reviews productRef={handle} pageSize={3} />
      </Storefront>
      <Link id="next-product" href={`/products/${next.handle}`}>
        {next.title}
      </Link>
    </main>
  );
}
