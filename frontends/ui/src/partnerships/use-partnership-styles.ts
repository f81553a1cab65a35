/**
 * Adds the partnerships stylesheet to the page once (Vite `?inline`, like the profiles one),
 * so it arrives wherever @closr/ui is loaded from, host or remote.
 */
import css from "./partnerships.css?inline";

const STYLE_ID = "closr-partnerships-styles";

export function ensurePartnershipStyles(): void {
  if (typeof document === "undefined" || document.getElementById(STYLE_ID)) return;
  const style = document.createElement("style");
  style.id = STYLE_ID;
  style.textContent = css;
  document.head.appendChild(style);
}
