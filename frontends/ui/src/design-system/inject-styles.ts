/**
 * The one way a module adds its stylesheet to the page: a `<style id>` appended to <head>
 * once (a second call with the same id does nothing; outside a browser it does nothing).
 * The CSS travels inside the JavaScript (Vite `?inline`), so it arrives wherever the module is
 * loaded from, the shell or a federated remote. Call it at module level, beside the import, for
 * styles that must be there as soon as the module loads; a page whose stylesheet also styles
 * shared class names calls it in an effect, so it joins the page only once the page shows.
 */
export function injectStyles(id: string, css: string): void {
  if (typeof document === "undefined" || document.getElementById(id)) return;
  const style = document.createElement("style");
  style.id = id;
  style.textContent = css;
  document.head.appendChild(style);
}
