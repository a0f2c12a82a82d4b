/** Written by the build (`build/reserve-css.ts`): the reservation stylesheet's text (src/elements/reserve.ts). */
declare module 'virtual:reserve-css' {
  const css: string;
  export default css;
}
