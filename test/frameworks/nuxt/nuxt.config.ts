export default defineNuxtConfig({
  compatibilityDate: '2026-05-01',
  // The svc-* tags are custom elements, not Vue components.
  vue: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('svc-') } },
  // The API base, for the page: NUXT_PUBLIC_STOREFRONT_API_BASE sets it.
  runtimeConfig: { public: { storefrontApiBase: '' } },
});
