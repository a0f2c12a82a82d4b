/**
 * The attributes of every `svc-*` tag, with their values' types, for templates that
 * write the tags themselves: React's JSX (`storefront-widgets/jsx`), Vue's
 * (`storefront-widgets/vue`) and Svelte's (`storefront-widgets/svelte`). Enumerated
 * values are unions, so `layout="spiral"` is a type error. Types only.
 */
import type { LabelMatch, ReviewSort } from '../api/wire.js';
import type { GalleryLayout, LoadMode } from '../elements/post-gallery/gallery-options.js';
import type { Star } from '../elements/shared/reviews/distribution.js';
import type { Fit } from '../elements/shoppable-post/media-box.js';
import type { ProductUrlMode } from '../elements/shoppable-post/product-view.js';
import type { StorefrontEventMap } from '../events.js';

/** A number attribute: written as a number or as its text. */
type NumberAttribute = number | `${number}`;
/** A boolean attribute: present (`''` or `true`) or absent. */
type BooleanAttribute = boolean | '';

/** The settings every tag takes (an element's own beat its `<svc-storefront>`'s). */
export interface SettingsAttributes {
  /** Publishable key (`svc_pk_…`). */
  'publishable-key'?: string;
  /** Market id or shortId (`us`, `de`, `se`). */
  market?: string;
  /** Storefront API origin: an absolute http(s) URL. */
  'api-base'?: string;
}

export interface PostGalleryAttributes extends SettingsAttributes {
  'product-ref'?: string;
  'gallery-id'?: string;
  'profile-id'?: string;
  /** One label id, or several separated by commas. */
  'label-id'?: string;
  'label-match'?: LabelMatch;
  layout?: GalleryLayout;
  /** 1 to 50. */
  'page-size'?: NumberAttribute;
  /** 1 to 8. */
  columns?: NumberAttribute;
  load?: LoadMode;
  autoplay?: BooleanAttribute;
  /** In the first viewport: a server render writes its first row's pictures. */
  'first-viewport'?: BooleanAttribute;
  'product-url'?: ProductUrlMode;
}

export interface ShoppablePostAttributes extends SettingsAttributes {
  'post-id'?: string;
  fit?: Fit;
  'product-url'?: ProductUrlMode;
  'hide-products'?: BooleanAttribute;
}

export interface ReviewSummaryAttributes extends SettingsAttributes {
  'product-ref'?: string;
  company?: BooleanAttribute;
  variant?: 'full' | 'badge';
  'hide-empty'?: BooleanAttribute;
}

export interface ReviewsAttributes extends SettingsAttributes {
  'product-ref'?: string;
  company?: BooleanAttribute;
  sort?: ReviewSort;
  rating?: Star | `${Star}`;
  /** 1 to 50. */
  'page-size'?: NumberAttribute;
}

export interface RichSnippetAttributes extends SettingsAttributes {
  'product-ref'?: string;
}

/** Each tag's attributes. */
export interface ElementAttributes {
  'svc-storefront': SettingsAttributes;
  'svc-post-gallery': PostGalleryAttributes;
  'svc-shoppable-post': ShoppablePostAttributes;
  'svc-review-summary': ReviewSummaryAttributes;
  'svc-reviews': ReviewsAttributes;
  'svc-rich-snippet': RichSnippetAttributes;
}

/** The `svc-*` events as handlers named `on` + the event's name (React 19 and Svelte 5 listen for them so). */
export type EventHandlerAttributes = { [K in keyof StorefrontEventMap as `on${K}`]?: (event: StorefrontEventMap[K]) => void };

/** `product-ref` → `productRef`. */
type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

/** The attributes under both names: as written in HTML (`product-ref`) and camelCased (`productRef`), as templates allow either. */
export type WithCamelCase<A> = A & { [K in keyof A as Camel<K & string>]: A[K] };
