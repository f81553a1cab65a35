/**
 * Which documents an agent's invoice card offers (issue 14, 46). The platform's tax invoice for
 * its fee exists once the invoice is paid and only when a fee was charged: with no fee
 * (`platformFee` 0, AUD dollars as the API gives it) there is nothing to invoice, so no
 * "$0.00" statement is offered.
 */
export function offersFeeTaxInvoice(invoice: { isPaid: boolean; platformFee: number }): boolean {
  return invoice.isPaid && invoice.platformFee > 0;
}
