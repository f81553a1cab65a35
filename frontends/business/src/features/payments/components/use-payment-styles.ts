/**
 * Adds the payments stylesheet once. It travels inside the JavaScript (Vite `?inline`), so it
 * arrives wherever this remote is loaded.
 */
import { useEffect } from "react";
import css from "./payments.css?inline";

const STYLE_ID = "closr-business-payments-styles";

export function usePaymentStyles(): void {
  useEffect(() => {
    if (document.getElementById(STYLE_ID)) return;
    const style = document.createElement("style");
    style.id = STYLE_ID;
    style.textContent = css;
    document.head.appendChild(style);
  }, []);
}
