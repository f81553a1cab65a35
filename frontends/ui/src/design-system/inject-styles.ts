/**
 * The one way a module adds its stylesheet to the page: a `<style id>` appended to <head>
 * once (a second call with the same id does nothing). The CSS travels inside the JavaScript
 * (Vite `?inline`), so it arrives wherever the module is loaded from, the shell or a federated
 * remote. Call it at module level, beside the import, for styles that must be there as soon as
 * the module loads; a page whose stylesheet also styles shared class names calls it in an
 * insertion effect (`useInsertionEffect`), so it joins the page only once the page shows, before
 * its first paint.
 *
 * Outside a browser (the shell's server render, ADR 0051) the stylesheet is recorded instead:
 * the server entry writes every recorded one into the served page's <head> as the same
 * `<style id>`, so the page is styled before its JavaScript runs and the call in the browser
 * finds the id and does nothing.
 */
const recorded = new Map<string, string>();

export function injectStyles(id: string, css: string): void {
  if (typeof document === "undefined") {
    recorded.set(id, css);
    return;
  }
  if (document.getElementById(id)) return;
  const style = document.createElement("style");
  style.id = id;
  style.textContent = css;
  document.head.appendChild(style);
}

/** The stylesheets recorded outside a browser, by id, in the order first injected (server render). */
export function recordedStyles(): ReadonlyMap<string, string> {
  return recorded;
}
