/**
 * `storefront-widgets/vue` (types only): the `svc-*` tags in Vue templates
 * (`GlobalComponents`), with their attributes (enumerated values as unions; kebab-case
 * or camelCase) and the `svc-*` events for `@svc-product-select` and the like:
 *
 * ```ts
 * // env.d.ts, or any file the app's tsconfig includes
 * import type {} from 'storefront-widgets/vue';
 * ```
 *
 * Vue must treat the tags as custom elements: `isCustomElement: (tag) => tag.startsWith('svc-')`
 * in `@vitejs/plugin-vue`'s `template.compilerOptions` (see the README).
 */
import type { DefineSetupFnComponent } from 'vue';
import type { StorefrontEventMap } from './events.js';
import type { ElementAttributes, WithCamelCase } from './types/attributes.js';

export type * from './types/attributes.js';

/** The `svc-*` events, as Vue's `emits`. */
type StorefrontEmits = { [K in keyof StorefrontEventMap]: (event: StorefrontEventMap[K]) => void };

/** Each tag as a Vue component type: its attributes as props, its events as emits. */
export type StorefrontVueComponents = { [K in keyof ElementAttributes]: DefineSetupFnComponent<WithCamelCase<ElementAttributes[K]>, StorefrontEmits> };

declare module 'vue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into Vue's interface
  interface GlobalComponents extends StorefrontVueComponents {}
}
