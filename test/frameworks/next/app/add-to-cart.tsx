'use client';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ProductSelectDetail } from 'storefront-widgets/react';

/**
 * A client component around server-rendered widgets: their `svc-product-select` events
 * bubble to it (a server component has no handlers), and it adds the product to the cart.
 */
export function AddToCart({ children }: { children: ReactNode }) {
  const [added, setAdded] = useState('');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onSelect = (event: Event) => {
      event.preventDefault();
      setAdded((event as CustomEvent<ProductSelectDetail>).detail.product.title);
    };
    const element = box.current!;
    element.addEventListener('svc-product-select', onSelect);
    return () => element.removeEventListener('svc-product-select', onSelect);
  }, []);
  return (
    <div ref={box}>
      {children}
      <p id="selected">{added && `Added to cart: ${added}`}</p>
    </div>
  );
}
