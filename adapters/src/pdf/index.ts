/** PDF documents: the platform's tax invoice for subscription periods (issue 13). */

export * from "./document-pdf.ts";
export * from "./tax-invoice-pdf.ts";
