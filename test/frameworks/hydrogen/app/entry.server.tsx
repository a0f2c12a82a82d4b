import { ServerRouter, type EntryContext } from 'react-router';
import { renderToReadableStream } from 'react-dom/server';
import { createContentSecurityPolicy, type HydrogenRouterContextProvider } from '@shopify/hydrogen';

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, reactRouterContext: EntryContext, context: HydrogenRouterContextProvider) {
  // Hydrogen's policy, plus the widgets' pictures and videos, which come from the API's origin.
  // img-src and media-src are not among Hydrogen's defaults (they fall back to default-src): keep its sources beside the API's.
  const api = new URL(context.env.STOREFRONT_API_BASE).origin;
  const { nonce, header, NonceProvider } = createContentSecurityPolicy({
    shop: { storeDomain: context.env.PUBLIC_STORE_DOMAIN },
    connectSrc: [api],
    imgSrc: ["'self'", 'https://cdn.shopify.com', api],
    mediaSrc: ["'self'", 'https://cdn.shopify.com', api],
  });
  const body = await renderToReadableStream(
    <NonceProvider>
      <ServerRouter context={reactRouterContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: request.signal,
      onError(error) {
        console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  responseHeaders.set('Content-Type', 'text/html');
  responseHeaders.set('Content-Security-Policy', header);
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
