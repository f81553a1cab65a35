/** The agent's invoices stylesheet, shared by the invoices and payouts pages. */
import { injectStyles } from "@closr/ui";
import { useInsertionEffect } from "react";
import css from "./invoices.css?inline";

/**
 * Injects invoices.css (id "closr-agent-invoices-styles", once per document) when the calling
 * page first shows, before its first paint (an insertion effect: no restyle, no layout shift);
 * it styles class names both the invoices and the payouts pages use.
 */
export function useInvoicesStyles() {
  useInsertionEffect(() => injectStyles("closr-agent-invoices-styles", css), []);
}
