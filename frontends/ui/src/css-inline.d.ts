/** Vite's `?inline` CSS import: the stylesheet's text. */
declare module "*.css?inline" {
  const css: string;
  export default css;
}
