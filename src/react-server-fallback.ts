/**
 * `storefront-widgets/react/server` outside a React Server Components render (no
 * `react-server` condition: React Router, Hydrogen, a client bundle): `renderWidget` for
 * loaders and `<WidgetHost>` to render its data work as there; the async server
 * components say where they belong instead of failing in React's own words.
 */
import { ConfigError } from './api/errors.js';

export { renderWidget, type LoaderRenderOptions, type RenderWidgetOptions, type WidgetTag } from './react/render-widget.js';
export { WidgetHost, type WidgetHostProps } from './react/widget-host.js';
export type { ImagePreload, WidgetData } from './react/widget-data.js';

function serverOnly(name: string) {
  const component = (): never => {
    throw new ConfigError(
      `storefront-widgets: <${name}> of storefront-widgets/react/server is a React Server Component: render it in a server component (the Next.js App Router). Elsewhere, render it in a loader with renderWidget() and show it with <WidgetHost>, or use <${name}> of storefront-widgets/react.`,
    );
  };
  return Object.assign(component, { displayName: name });
}

export const Storefront = serverOnly('Storefront');
export const PostGallery = serverOnly('PostGallery');
export const ShoppablePost = serverOnly('ShoppablePost');
export const ReviewSummary = serverOnly('ReviewSummary');
export const Reviews = serverOnly('Reviews');
export const RichSnippet = serverOnly('RichSnippet');
