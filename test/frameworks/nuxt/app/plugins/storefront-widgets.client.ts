import 'storefront-widgets/register';

export default defineNuxtPlugin(() => {});
