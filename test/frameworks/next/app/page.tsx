import { PostGallery, ReviewSummary, Storefront } from 'storefront-widgets/react';
import { ShoppablePostWithCart } from './add-to-cart';
import { productJsonLd } from './rich-snippet';
import { reviewBadgeHtml } from './server-widgets';

// A server component: it renders the wrappers (a client module) with no directive of its own.
export default async function ProductPage() {
  const jsonLd = await productJsonLd('aster-linen-shirt');
  const badge = await reviewBadgeHtml();
  return (
    <main>
      {jsonLd && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />}
      <Storefront publishableKey="svc_pk_demo" market="us" apiBase={process.env.STOREFRONT_API_BASE}>
        {/* Server-rendered markup, which the element hydrates in the browser: React leaves it alone. */}
        <div dangerouslySetInnerHTML={{ __html: badge }} />
        <ReviewSummary productRef="aster-linen-shirt" />
        <ShoppablePostWithCart postId="pst_wvolv0tvux3d" />
        <PostGallery productRef="aster-linen-shirt" pageSize={4} />
      </Storefront>
    </main>
  );
}
