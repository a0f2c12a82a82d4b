import { useNonce } from '@shopify/hydrogen';
import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import reserveStyles from 'storefront-widgets/reserve.css?raw';

export function Layout({ children }: { children?: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <Meta />
        <Links />
        {/* The widgets' reservation rules, in the page (no request before the first paint): each element holds its height before its content comes (no layout shift). */}
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: reserveStyles }} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
