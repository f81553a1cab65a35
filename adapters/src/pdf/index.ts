/** PDF documents: the platform's tax invoice for subscription periods (issue 13); invoice tax invoices, fee tax invoices and credit notes (issue 14). */
export * from "./tax-document-pdf.ts";
export * from "./tax-invoice-pdf.ts";
