/**
 * Payout handlers (issue 14): see contracts/src/routes/payout.routes.ts. Money leaves as AUD
 * dollars; the Connect webhook reads the raw body (its signature covers the exact bytes) before
 * anything parses it; the tax documents are rendered by adapters/src/pdf.
 */
import { submitLocalBankDetails } from "@closr/adapters/local-gateway";
import {
  agentTaxInvoice,
  creditNote,
  platformFeeTaxInvoice,
  renderTaxDocumentPdf,
  type TaxDocument,
  type TaxInvoiceSeller,
} from "@closr/adapters/pdf";
import { payoutRoutes } from "@closr/contracts";
import {
  type EarningEntry,
  type EarningsMonth,
  getCreditNote,
  getEarnings,
  getFeeDocument,
  getInvoiceDocument,
  getPayoutAccount,
  handlePayoutWebhook,
  listInvoiceRefunds,
  listRefundablePayments,
  type PayoutAccount,
  type PayoutAccountStatus,
  type PayoutRefund,
  payoutDelayDays,
  refundPayment,
  saveTaxDetails,
  startPayoutOnboarding,
} from "@closr/core/payout";
import { centsFromDollars, dollarsFromCents, InvoiceId, PaymentId, PayoutRefundId } from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../http/env.ts";
import { forRole, forRoleWithVerifiedEmail, signedIn } from "../../http/guards.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";
import { invoiceJson, paymentJson } from "../invoices/invoices.handlers.ts";

/** Payout account → contract JSON. */
const accountJson = (
  view: { account: PayoutAccount; status: PayoutAccountStatus },
  gateway: "local" | "stripe",
) => ({
  status: view.status,
  gateway,
  accountId: view.account.gatewayAccountId,
  chargesEnabled: view.account.chargesEnabled,
  payoutsEnabled: view.account.payoutsEnabled,
  requirements: [...view.account.requirements],
  disabledReason: view.account.disabledReason,
  bankLastFour: view.account.bankLastFour,
  abn: view.account.abn,
  gstRegistered: view.account.gstRegistered,
});

const monthJson = (m: EarningsMonth) => ({
  month: m.month,
  paid: dollarsFromCents(m.paidCents),
  platformFees: dollarsFromCents(m.platformFeesCents),
  refunded: dollarsFromCents(m.refundedCents),
  net: dollarsFromCents(m.netCents),
  pendingPayout: dollarsFromCents(m.pendingPayoutCents),
  heldPayout: dollarsFromCents(m.heldPayoutCents),
  paidOut: dollarsFromCents(m.paidOutCents),
});

const entryJson = (e: EarningEntry) => {
  const fee = e.feeCents - e.feeRefundedCents;
  return {
    paymentId: e.paymentId,
    invoiceId: e.invoiceId,
    paidAt: e.paidAt.toISOString(),
    amount: dollarsFromCents(e.amountCents),
    platformFee: dollarsFromCents(fee as typeof e.feeCents),
    refunded: dollarsFromCents(e.refundedCents),
    net: dollarsFromCents((e.amountCents - e.refundedCents - fee) as typeof e.feeCents),
  };
};

/** Refund → contract JSON. */
export const refundJson = (r: PayoutRefund) => ({
  id: r.id,
  paymentId: r.paymentId,
  invoiceId: r.invoiceId,
  amount: dollarsFromCents(r.amountCents),
  platformFeeRefunded: dollarsFromCents(r.feeRefundCents),
  transferReversed: dollarsFromCents(r.transferReversalCents),
  gst: dollarsFromCents(r.gstRefundCents),
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
});

const pdfResponse = async (c: Context, doc: TaxDocument, fileName: string) =>
  c.body((await renderTaxDocumentPdf(doc)) as unknown as ArrayBuffer, 200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${fileName}"`,
    "cache-control": "private, no-cache",
  });

export interface PayoutRouteOptions {
  /** The platform as seller on its fee tax invoices (config PLATFORM_*). */
  readonly seller: TaxInvoiceSeller;
}

export function registerPayoutRoutes(
  app: OpenAPIHono<AppEnv>,
  runtime: AppRuntime,
  options: PayoutRouteOptions,
) {
  app.openapi(forRole(payoutRoutes.getPayoutAccount, "agent", "set up payouts"), async (c) =>
    runUseCase(runtime, c, getPayoutAccount(c.get("user")), (view) =>
      c.json(accountJson(view, view.gateway), 200, { "cache-control": "private, no-cache" }),
    ),
  );

  app.openapi(
    forRoleWithVerifiedEmail(payoutRoutes.startPayoutOnboarding, "agent", "set up payouts", "set up payouts"),
    async (c) => {
      const page = new URL("/agent/payouts", c.req.url).toString();
      return runUseCase(
        runtime,
        c,
        startPayoutOnboarding(c.get("user"), { returnUrl: page, refreshUrl: `${page}?refresh=1` }),
        (started) => c.json({ url: started.url }, 200),
      );
    },
  );

  app.openapi(forRole(payoutRoutes.saveTaxDetails, "agent", "record tax details"), async (c) => {
    const body = c.req.valid("json");
    const user = c.get("user");
    return runUseCase(runtime, c, saveTaxDetails(user, body), (view) =>
      c.json(accountJson(view, view.gateway), 200),
    );
  });

  app.openapi(
    forRoleWithVerifiedEmail(
      payoutRoutes.submitLocalBankDetails,
      "agent",
      "set up payouts",
      "set up payouts",
    ),
    async (c) =>
      runUseCase(runtime, c, submitLocalBankDetails(c.get("user"), c.req.valid("json")), (view) =>
        c.json(accountJson(view, view.gateway), 200),
      ),
  );

  app.openapi(payoutRoutes.stripeConnectWebhook, async (c) => {
    const rawBody = await c.req.text();
    return runUseCase(runtime, c, handlePayoutWebhook(rawBody, c.req.header("stripe-signature")), (result) =>
      c.json({ received: true as const, outcome: result.outcome }, 200),
    );
  });

  app.openapi(forRole(payoutRoutes.getEarnings, "agent", "see earnings"), async (c) =>
    runUseCase(runtime, c, getEarnings(c.get("user")), (earnings) =>
      c.json(
        { months: earnings.months.map(monthJson), entries: earnings.entries.map(entryJson), payoutDelayDays },
        200,
        { "cache-control": "private, no-cache" },
      ),
    ),
  );

  app.openapi(signedIn(payoutRoutes.getInvoiceTaxInvoicePdf), async (c) => {
    const { id } = c.req.valid("param");
    return runUseCase(runtime, c, getInvoiceDocument(c.get("user"), InvoiceId.make(id)), (found) =>
      pdfResponse(
        c,
        agentTaxInvoice(found.invoice, found.buyerAbn, found.state, found.invoice.agentTimeZone),
        `closr-invoice-${id}.pdf`,
      ),
    );
  });

  app.openapi(signedIn(payoutRoutes.getFeeTaxInvoicePdf), async (c) => {
    const { id } = c.req.valid("param");
    return runUseCase(runtime, c, getFeeDocument(c.get("user"), InvoiceId.make(id)), (found) =>
      pdfResponse(c, platformFeeTaxInvoice(found.invoice, options.seller), `closr-fee-tax-invoice-${id}.pdf`),
    );
  });

  app.openapi(signedIn(payoutRoutes.listInvoiceRefunds), async (c) => {
    const { id } = c.req.valid("param");
    return runUseCase(runtime, c, listInvoiceRefunds(c.get("user"), InvoiceId.make(id)), (refunds) =>
      c.json({ items: refunds.map(refundJson) }, 200),
    );
  });

  app.openapi(signedIn(payoutRoutes.getCreditNotePdf), async (c) => {
    const { id } = c.req.valid("param");
    return runUseCase(runtime, c, getCreditNote(c.get("user"), PayoutRefundId.make(id)), (found) =>
      pdfResponse(
        c,
        creditNote(found.refund, found.invoice, found.buyerAbn, found.invoice.agentTimeZone),
        `closr-credit-note-${id}.pdf`,
      ),
    );
  });

  app.openapi(signedIn(payoutRoutes.listStaffPayments), async (c) => {
    const page = c.req.valid("query");
    return runUseCase(runtime, c, listRefundablePayments(c.get("user"), page), (result) =>
      c.json(
        {
          items: result.items.map((row) => ({
            payment: paymentJson(row.payment),
            invoice: invoiceJson(row.invoice),
          })),
          total: result.total,
          ...page,
        },
        200,
      ),
    );
  });

  app.openapi(signedIn(payoutRoutes.refundPayment), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      refundPayment(c.get("user"), PaymentId.make(id), {
        amountCents: centsFromDollars(body.amount),
        reason: body.reason,
      }),
      (refund) => c.json(refundJson(refund), 201),
    );
  });
}
