/**
 * Invoice handlers (spec §7; issue 5): see contracts/src/routes/invoices.routes.ts. Money leaves
 * as AUD dollars (cents / 100); the display state comes from core (spec §4, at core's Clock).
 */
import { invoiceRoutes } from "@closr/contracts";
import {
  createInvoice,
  getInvoice,
  type InvoiceWithState,
  listInvoices,
  monthlyCommission,
} from "@closr/core/invoice";
import { listInvoicePayments, type Payment } from "@closr/core/payment";
import {
  BusinessProfileId,
  cents,
  centsFromDollars,
  dollarsFromCents,
  InvoiceId,
  PartnershipId,
} from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { forRole, signedIn } from "../../http/guards.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";

/** Core invoice → contract JSON. */
export const invoiceJson = (invoice: InvoiceWithState) => ({
  id: invoice.id,
  partnershipId: invoice.partnershipId,
  businessId: invoice.businessId,
  agentId: invoice.agentId,
  amount: dollarsFromCents(invoice.amountCents),
  currency: "AUD" as const,
  subtotal: dollarsFromCents(invoice.subtotalCents),
  gst: dollarsFromCents(invoice.gstCents),
  platformFee: dollarsFromCents(invoice.platformFeeCents),
  agentNet: dollarsFromCents(cents(invoice.amountCents - invoice.platformFeeCents)),
  refundedAmount: dollarsFromCents(invoice.refundedCents),
  gstRegistered: invoice.gstRegistered,
  agentAbn: invoice.agentAbn,
  description: invoice.description,
  dueDate: invoice.dueDate,
  isPaid: invoice.isPaid,
  status: invoice.state,
  createdAt: invoice.createdAt.toISOString(),
  paidAt: invoice.paidAt?.toISOString() ?? null,
  cancelledAt: invoice.cancelledAt?.toISOString() ?? null,
  disputed: invoice.disputed,
  businessName: invoice.businessName,
  agentName: invoice.agentName,
});

/** Core payment → contract JSON. */
export const paymentJson = (p: Payment) => ({
  id: p.id,
  invoiceId: p.invoiceId,
  businessId: p.businessId,
  agentId: p.agentId,
  amount: dollarsFromCents(p.amountCents),
  currency: "AUD" as const,
  paymentMethodId: p.paymentMethodId,
  status: p.status,
  transactionId: p.transactionId,
  paymentIntentId: p.paymentIntentId,
  processingFee: dollarsFromCents(p.processingFeeCents),
  platformFee: dollarsFromCents(p.applicationFeeCents),
  refundedAmount: dollarsFromCents(p.refundedCents),
  receiptUrl: p.receiptUrl,
  failureMessage: p.failureMessage,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

export function registerInvoiceRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(signedIn(invoiceRoutes.listInvoices), async (c) => {
    const user = c.get("user");
    const page = c.req.valid("query");
    return runUseCase(runtime, c, listInvoices(user, page), (result) =>
      c.json({ items: result.items.map(invoiceJson), total: result.total, ...page }, 200),
    );
  });

  app.openapi(forRole(invoiceRoutes.createInvoice, "agent", "create invoices"), async (c) => {
    const user = c.get("user");
    const body = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      createInvoice(user, {
        businessId: BusinessProfileId.make(body.businessId),
        partnershipId: PartnershipId.make(body.partnershipId),
        amountCents: centsFromDollars(body.amount),
        description: body.description,
        dueDate: body.dueDate,
        ...(body.saleAmount !== undefined ? { saleAmountCents: centsFromDollars(body.saleAmount) } : {}),
        ...(body.saleDate !== undefined ? { saleDate: body.saleDate } : {}),
        ...(body.aboveCommissionReason ? { aboveCommissionReason: body.aboveCommissionReason } : {}),
      }),
      (invoice) => c.json(invoiceJson(invoice), 201),
    );
  });

  app.openapi(forRole(invoiceRoutes.getCommissionSummary, "agent", "see commission"), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, monthlyCommission(user), (summary) =>
      c.json(
        {
          month: summary.month,
          paidThisMonth: dollarsFromCents(summary.paidCents),
          netThisMonth: dollarsFromCents(summary.netCents),
        },
        200,
      ),
    );
  });

  app.openapi(signedIn(invoiceRoutes.getInvoice), async (c) => {
    const user = c.get("user");
    const { id } = c.req.valid("param");
    return runUseCase(runtime, c, getInvoice(user, InvoiceId.make(id)), (invoice) =>
      c.json(invoiceJson(invoice), 200),
    );
  });

  app.openapi(signedIn(invoiceRoutes.listInvoicePayments), async (c) => {
    const user = c.get("user");
    const { id } = c.req.valid("param");
    return runUseCase(runtime, c, listInvoicePayments(user, InvoiceId.make(id)), (payments) =>
      c.json({ items: payments.map(paymentJson) }, 200),
    );
  });
}
