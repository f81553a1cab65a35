/** The agent's invoices stylesheet, shared by the invoices and payouts pages. */
import { injectStyles } from "@closr/ui";
import { useInsertionEffect } from "react";
import css from "./invoices.css?inline";

const STYLE_ID = "closr-agent-invoices-styles";

// On the server (ADR 0053) no effect runs: the stylesheet is recorded when this module loads, and
// the served page carries it in <head> (the same <style id> the browser's injectStyles then skips).
if (typeof document === "undefined") injectStyles(STYLE_ID, css);

/**
 * Injects invoices.css (id "closr-agent-invoices-styles", once per document) when the calling
 * page first shows, before its first paint (an insertion effect: no restyle, no layout shift);
 * it styles class names both the invoices and the payouts pages use.
 */
export function useInvoicesStyles() {
  useInsertionEffect(() => injectStyles(STYLE_ID, css), []);
}
