import { NextResponse, type NextRequest } from 'next/server';

/**
 * A strict Content-Security-Policy with a nonce of its own for each response, as Next.js
 * documents it: Next puts the nonce on its own scripts, and the page passes it to the
 * widgets' server components (product-page.tsx), which put it on the styles they write.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const api = process.env.STOREFRONT_API_BASE ?? '';
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    `img-src 'self' ${api}`,
    `media-src ${api}`,
    `connect-src 'self' ${api}`,
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ');
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('Content-Security-Policy', csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', csp);
  return response;
}

export const config = {
  // Pages only: not the static files, nor prefetches.
  matcher: [{ source: '/((?!_next/static|_next/image|favicon.ico).*)', missing: [{ type: 'header', key: 'next-router-prefetch' }] }],
};
