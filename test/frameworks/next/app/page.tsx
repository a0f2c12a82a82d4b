import { PostGallery, ReviewSummary, Storefront } from 'storefront-widgets/react';
import { ShoppablePostWithCart } from './add-to-cart';
import { ProductWidgets } from './server-widgets';

// A server component: it renders the wrappers (a client module) with no directive of its own.
export default function ProductPage() {
  return (
    <main>
      <Storefront publishableKey="svc_pk_demo" market="us" apiBase={process.env.STOREFRONT_API_BASE}>
        <ProductWidgets />
        <ReviewSummary productRef="aster-linen-shirt" />
        <ShoppablePostWithCart postId="pst_wvolv0tvux3d" />
        <PostGallery productRef="aster-linen-shirt" pageSize={4} />
      </Storefront>
    </main>
  );
}
