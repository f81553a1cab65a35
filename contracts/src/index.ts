/**
 * @closr/contracts — the HTTP contract shared by the service and the frontends.
 * Route definitions here are the only routes the API may implement (docs/architecture.md).
 */
import { OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import { finishDocument } from "./document.ts";
import { problemTypeSchema } from "./problems.ts";
import * as accountRoutes from "./routes/account.routes.ts";
import * as agreementRoutes from "./routes/agreement.routes.ts";
import * as commissionRoutes from "./routes/commission.routes.ts";
import * as contentRoutes from "./routes/content.routes.ts";
import * as dealRoutes from "./routes/deal.routes.ts";
import * as devRoutes from "./routes/dev.routes.ts";
import * as disputeRoutes from "./routes/dispute.routes.ts";
import * as helpRoutes from "./routes/help.routes.ts";
import * as identityRoutes from "./routes/identity.routes.ts";
import * as insightsRoutes from "./routes/insights.routes.ts";
import * as integrationRoutes from "./routes/integrations.routes.ts";
import * as invoiceRoutes from "./routes/invoices.routes.ts";
import * as mandateRoutes from "./routes/mandate.routes.ts";
import * as messagingRoutes from "./routes/messaging.routes.ts";
import * as notificationRoutes from "./routes/notifications.routes.ts";
import * as onboardingRoutes from "./routes/onboarding.routes.ts";
import * as operationsRoutes from "./routes/operations.routes.ts";
import * as opportunityRoutes from "./routes/opportunity.routes.ts";
import * as partnershipRoutes from "./routes/partnership.routes.ts";
import * as paymentRoutes from "./routes/payments.routes.ts";
import * as payoutRoutes from "./routes/payout.routes.ts";
import * as profileRoutes from "./routes/profiles.routes.ts";
import * as pushRoutes from "./routes/push.routes.ts";
import * as reviewRoutes from "./routes/review.routes.ts";
import * as subscriptionRoutes from "./routes/subscription.routes.ts";
import * as systemRoutes from "./routes/system.routes.ts";
import * as verificationRoutes from "./routes/verification.routes.ts";
import { webhookRoutes } from "./webhooks.ts";

export * from "./account.ts";
export * from "./agreement.ts";
export * from "./commission.ts";
export { isSafeLink, safeLink, safeLinkMessage } from "./common.ts";
export * from "./content.ts";
export * from "./deal.ts";
export * from "./dispute.ts";
export * from "./document.ts";
export * from "./headers.ts";
export * from "./help.ts";
export * from "./identity.ts";
export * from "./insights.ts";
export * from "./integrations.ts";
export * from "./invoice.ts";
export * from "./mandate.ts";
export * from "./messaging.ts";
export * from "./notification.ts";
export * from "./operations.ts";
export * from "./opportunity.ts";
export * from "./partnership.ts";
export * from "./payment.ts";
export * from "./payout.ts";
export * from "./problems.ts";
export * from "./profiles.ts";
export * from "./push.ts";
export * from "./review.ts";
export * from "./subscription.ts";
export * from "./system.ts";
export * from "./verification.ts";
export * from "./webhook-signature.ts";
export * from "./webhooks.ts";
export {
  accountRoutes,
  agreementRoutes,
  commissionRoutes,
  contentRoutes,
  dealRoutes,
  devRoutes,
  disputeRoutes,
  helpRoutes,
  identityRoutes,
  insightsRoutes,
  integrationRoutes,
  invoiceRoutes,
  mandateRoutes,
  messagingRoutes,
  notificationRoutes,
  onboardingRoutes,
  operationsRoutes,
  opportunityRoutes,
  partnershipRoutes,
  paymentRoutes,
  payoutRoutes,
  profileRoutes,
  pushRoutes,
  reviewRoutes,
  subscriptionRoutes,
  systemRoutes,
  verificationRoutes,
};

/** Every route of the contract, in document order. */
export const allRoutes: RouteConfig[] = [
  ...Object.values(systemRoutes),
  ...Object.values(identityRoutes),
  ...Object.values(accountRoutes),
  ...Object.values(onboardingRoutes),
  ...Object.values(profileRoutes),
  // The development mailbox keeps the place it had in the document as a partnership route.
  partnershipRoutes.createPartnership,
  ...Object.values(devRoutes),
  ...Object.values(partnershipRoutes).filter((route) => route !== partnershipRoutes.createPartnership),
  ...Object.values(subscriptionRoutes),
  ...Object.values(messagingRoutes),
  ...Object.values(invoiceRoutes),
  ...Object.values(paymentRoutes),
  ...Object.values(mandateRoutes),
  ...Object.values(verificationRoutes),
  ...Object.values(payoutRoutes),
  ...Object.values(contentRoutes),
  ...Object.values(reviewRoutes),
  ...Object.values(agreementRoutes),
  ...Object.values(commissionRoutes),
  ...Object.values(notificationRoutes),
  ...Object.values(insightsRoutes),
  ...Object.values(pushRoutes),
  ...Object.values(operationsRoutes),
  ...Object.values(disputeRoutes),
  ...Object.values(dealRoutes),
  ...Object.values(integrationRoutes),
  ...Object.values(helpRoutes),
  ...Object.values(opportunityRoutes),
];

/** The document's top-level metadata (OpenAPI 3.1). */
export const openApiInfo: {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description?: string }[];
} = {
  openapi: "3.1.0",
  info: {
    title: "Closr API",
    version: "0.1.0",
    description:
      "The Closr marketplace API. Errors are RFC 9457 problem details; money is AUD dollars with 2 decimals; times are ISO 8601 UTC.",
  },
  // Absolute server URLs (issue 49): generators and proxies need a base to resolve paths against.
  servers: [
    {
      url: "https://closr.com.au",
      description: "Production (a local copy answers the same paths at its own origin)",
    },
  ],
};

/**
 * Registers the document-level components on an app's registry: the session cookie scheme, and
 * `ProblemType`, every problem `type` URI of the catalogue with its status, title and meaning.
 */
// biome-ignore lint/suspicious/noExplicitAny: any app environment
export function registerContractComponents(app: OpenAPIHono<any>) {
  app.openAPIRegistry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "closr_session",
  });
  app.openAPIRegistry.registerComponent("schemas", "ProblemType", problemTypeSchema());
  // Outgoing webhooks (ADR 0023): the document's top-level `webhooks`, one per event type.
  for (const webhook of webhookRoutes) app.openAPIRegistry.registerWebhook(webhook);
}

/** Builds the OpenAPI 3.1 document from the route definitions alone (no handlers). */
export function buildOpenApiDocument() {
  const app = new OpenAPIHono();
  registerContractComponents(app);
  for (const route of allRoutes) app.openAPIRegistry.registerPath(route);
  return finishDocument(app.getOpenAPI31Document(openApiInfo));
}
