/**
 * The React components rendered by React's own server renderer: the elements' tags with
 * their attributes (the browser upgrades them; `renderWidgets` fills them on the server).
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { PostGallery, ReviewSummary } from 'storefront-widgets/react';
import { check, main } from './shared.mjs';

main(async () => {
  const html = renderToString(createElement('main', null, createElement(ReviewSummary, { productRef: 'aster-linen-shirt', variant: 'badge', onReviewFilter() {} }), createElement(PostGallery, { productRef: 'aster-linen-shirt', layout: 'carousel', pageSize: 4 })));
  const expected = '<main><svc-review-summary product-ref="aster-linen-shirt" variant="badge"></svc-review-summary><svc-post-gallery product-ref="aster-linen-shirt" layout="carousel" page-size="4"></svc-post-gallery></main>';
  check(html === expected, `React's server render: ${html}`);
});
