/**
 * Adds the profiles stylesheet to the page once. It travels inside the JavaScript (Vite
 * `?inline`), so it arrives wherever @closr/ui is loaded from, host or remote.
 */
import css from "../profiles.css?inline";

const STYLE_ID = "closr-profiles-styles";

export function ensureProfileStyles(): void {
  if (typeof document === "undefined" || document.getElementById(STYLE_ID)) return;
  const style = document.createElement("style");
  style.id = STYLE_ID;
  style.textContent = css;
  document.head.appendChild(style);
}
