'use client';
import { ShoppablePost } from 'storefront-widgets/react';
import { useState } from 'react';

/** A client component: the shoppable post with a handler for its products. */
export function ShoppablePostWithCart({ postId }: { postId: string }) {
  const [added, setAdded] = useState('');
  return (
    <>
      <ShoppablePost
        postId={postId}
        onProductSelect={(event) => {
          event.preventDefault();
          setAdded(event.detail.product.title);
        }}
      />
      <p id="selected">{added && `Added to cart: ${added}`}</p>
    </>
  );
}
