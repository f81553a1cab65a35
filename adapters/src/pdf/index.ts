/** PDF documents: the platform's tax invoice for subscription periods (issue 13); invoice tax invoices, fee tax invoices and credit notes (issue 14); the public templates' documents (issue 16). */

export * from "./agreement-pdf.ts";
export * from "./commission-documents.ts";
export * from "./dispute-credit-note.ts";
export * from "./document-pdf.ts";
export * from "./tax-document-pdf.ts";
export * from "./tax-invoice-pdf.ts";
