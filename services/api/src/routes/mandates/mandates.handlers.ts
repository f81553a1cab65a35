/**
 * Payment mandate and collection handlers (issue 45, ADR 0064): see
 * contracts/src/routes/mandate.routes.ts. The payer's IP and user agent (Stripe `mandate_data`'s
 * customer acceptance) come from the request, never from the body.
 */
import { mandateRoutes } from "@closr/contracts";
import {
  becsDirectDebitRequestText,
  becsDirectDebitRequestVersion,
  becsServiceAgreementUrl,
  getInvoiceCollection,
  getMandate,
  type InvoiceCollection,
  listMandates,
  type Mandate,
  MandateId,
  revokeMandate,
  startMandate,
} from "@closr/core/collection";
import { dollarsFromCents, InvoiceId, PartnershipId } from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { singlePage } from "../../http/lists.ts";
import { clientAddress } from "../../http/rate-limit.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";

/** Core mandate → contract JSON (no acceptance evidence: that stays on the server). */
export const mandateJson = (m: Mandate) => ({
  id: m.id,
  partnershipId: m.partnershipId,
  businessId: m.businessId,
  agentId: m.agentId,
  method: m.method,
  status: m.status,
  reference: m.reference,
  bsb: m.bsb,
  lastFour: m.lastFour,
  inactiveReason: m.inactiveReason,
  acceptedAt: m.acceptedAt.toISOString(),
  createdAt: m.createdAt.toISOString(),
  updatedAt: m.updatedAt.toISOString(),
});

/** Core collection schedule → contract JSON (one shape; fields of other statuses are null). */
export const invoiceCollectionJson = (collection: InvoiceCollection) => {
  const view = collection.view;
  return {
    invoiceId: collection.invoiceId,
    status: view?.status ?? null,
    scheduledFor: view?.status === "scheduled" ? view.scheduledFor : null,
    expectedOn: view?.status === "processing" ? view.expectedOn : null,
    failureReason: view?.status === "failed" ? view.reason : null,
    retryOn: view?.status === "failed" ? view.retryOn : null,
    amount: dollarsFromCents(collection.amountCents),
    mandate: collection.mandate ? mandateJson(collection.mandate) : null,
    attempts: collection.attempts.map((a) => ({
      attempt: a.attempt,
      status: a.status,
      chargedOn: a.chargedOn,
      failureMessage: a.failureMessage,
    })),
  };
};

const digitsOf = (v: string | undefined) => (v === undefined ? undefined : v.replace(/\D/g, ""));

export interface MandateRouteOptions {
  /** Read X-Forwarded-For for the payer's address (behind a trusted proxy). */
  readonly trustProxy: boolean;
}

export function registerMandateRoutes(
  app: OpenAPIHono<AppEnv>,
  runtime: AppRuntime,
  options: MandateRouteOptions,
) {
  // Before /api/mandates/{id}, so the fixed path is not read as an id.
  app.openapi(mandateRoutes.getDirectDebitRequest, (c) =>
    c.json(
      {
        version: becsDirectDebitRequestVersion,
        text: becsDirectDebitRequestText,
        serviceAgreementUrl: becsServiceAgreementUrl,
      },
      200,
    ),
  );

  app.openapi(signedIn(mandateRoutes.startMandate), async (c) => {
    const user = c.get("user");
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      startMandate(user, {
        partnershipId: PartnershipId.make(id),
        method: body.method,
        accountName: body.accountName,
        bsb: digitsOf(body.bsb),
        accountNumber: digitsOf(body.accountNumber),
        cardNumber: digitsOf(body.cardNumber),
        acceptedDirectDebitRequest: body.directDebitRequestVersion === becsDirectDebitRequestVersion,
        ip: clientAddress(c, options.trustProxy),
        userAgent: c.req.header("user-agent") ?? null,
      }),
      (started) =>
        c.json(
          { ...mandateJson(started.mandate), gateway: started.gateway, clientSecret: started.clientSecret },
          201,
        ),
    );
  });

  app.openapi(signedIn(mandateRoutes.listMandates), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, listMandates(user), (mandates) =>
      c.json(singlePage(mandates.map(mandateJson)), 200),
    );
  });

  app.openapi(signedIn(mandateRoutes.getMandate), async (c) => {
    const user = c.get("user");
    const { id } = c.req.valid("param");
    return runUseCase(runtime, c, getMandate(user, MandateId(id)), (m) => c.json(mandateJson(m), 200));
  });

  app.openapi(signedIn(mandateRoutes.revokeMandate), async (c) => {
    const user = c.get("user");
    const { id } = c.req.valid("param");
    return runUseCase(runtime, c, revokeMandate(user, MandateId(id)), (m) => c.json(mandateJson(m), 200));
  });

  app.openapi(signedIn(mandateRoutes.getInvoiceCollection), async (c) => {
    const user = c.get("user");
    const { id } = c.req.valid("param");
    return runUseCase(runtime, c, getInvoiceCollection(user, InvoiceId.make(id)), (collection) =>
      c.json(invoiceCollectionJson(collection), 200),
    );
  });
}
