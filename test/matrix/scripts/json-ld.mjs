/**
 * The JSON-LD helpers: the product's rich snippet read from the API, and written as a
 * script element whose text cannot close it (hostile text escaped).
 */
import { fetchRichSnippetJson, richSnippetScript } from 'storefront-widgets/ssr';
import { apiBase, check, key, main } from './shared.mjs';

main(async () => {
  const json = await fetchRichSnippetJson({ publishableKey: key, apiBase, market: 'us', productRef: 'aster-linen-shirt' });
  const snippet = JSON.parse(json);
  check(snippet['@type'] === 'Product', `a Product (got ${snippet['@type']})`);
  check(typeof snippet.aggregateRating?.reviewCount === 'number' || typeof snippet.aggregateRating?.ratingCount === 'number', 'its aggregate rating');
  check(richSnippetScript(snippet) === `<script type="application/ld+json">${json}</script>`, 'the script element holds the JSON as read');

  const hostile = richSnippetScript({ '@context': 'https://schema.org', '@type': 'Product', name: 'Mug </script><script>alert(1)</script> \u2028 <!--' });
  check(hostile.startsWith('<script type="application/ld+json">') && hostile.endsWith('</script>'), 'one script element');
  check(hostile.indexOf('</script>') === hostile.length - '</script>'.length, 'no early </script>');
  check(!hostile.includes('<!--'), 'no comment opener');
  const inner = hostile.slice('<script type="application/ld+json">'.length, -'</script>'.length);
  check(JSON.parse(inner).name === 'Mug </script><script>alert(1)</script> \u2028 <!--', 'the escaped JSON reads back as the text given');
});
