/**
 * Platform tax invoices (issue 13): every paid subscription period gets one. Prices are
 * GST-inclusive (A New Tax System (Goods and Services Tax) Act 1999: GST is 10% of the GST-exclusive
 * price, so 1/11 of an inclusive total); GST = round(total / 11) to the cent, half up.
 * An Australian tax invoice over A$82.50 must show the words "Tax invoice", the seller's identity
 * and ABN, the date, a description, the GST amount and the total (ATO, "Tax invoices").
 */

/** GST included in a GST-inclusive total, in cents (total / 11, rounded half up to the cent). */
export const gstOfInclusive = (totalCents: number): number => Math.round(totalCents / 11);

/**
 * ABN checksum (ATO "ABN format"): subtract 1 from the first digit, weight the 11 digits by
 * 10, 1, 3, 5, … 19; the sum is divisible by 89.
 */
export function isValidAbn(abn: string): boolean {
  const digits = abn.replace(/\s/g, "");
  if (!/^\d{11}$/.test(digits)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = [...digits].reduce((acc, d, i) => acc + (Number(d) - (i === 0 ? 1 : 0)) * weights[i]!, 0);
  return sum % 89 === 0;
}

/** "51824753556" → "51 824 753 556". */
export const formatAbn = (abn: string): string =>
  abn.replace(/\s/g, "").replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, "$1 $2 $3 $4");

/** Tax invoice number of a subscription invoice row: CLR-000012. */
export const taxInvoiceNumber = (invoiceRowId: number): string =>
  `CLR-${String(invoiceRowId).padStart(6, "0")}`;
