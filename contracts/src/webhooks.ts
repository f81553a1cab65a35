/**
 * Outgoing webhooks in the contract (issue 20, ADR 0023): endpoint and delivery schemas for
 * Settings → API, and the event payloads, declared as the document's OpenAPI 3.1 top-level
 * `webhooks` (one entry per event type: what Closr POSTs to an endpoint).
 */
import { z } from "@hono/zod-openapi";

export const webhookEventTypes = [
  "partnership.requested",
  "partnership.accepted",
  "partnership.rejected",
  "partnership.withdrawn",
  "partnership.ended",
  "invoice.created",
  "invoice.paid",
  "invoice.overdue",
  "invoice.collection_scheduled",
  "invoice.collection_failed",
  "mandate.created",
  "mandate.activated",
  "mandate.inactive",
  "mandate.revoked",
  "payment.succeeded",
  "payment.failed",
  "payment.refunded",
  "message.created",
  "verification.approved",
  "verification.rejected",
  "verification.changes_requested",
  "opportunity.published",
  "opportunity.paused",
  "opportunity.closed",
  "application.submitted",
  "application.shortlisted",
  "application.interview",
  "application.approved",
  "application.declined",
  "application.withdrawn",
  "statement.issued",
  "deal.submitted",
  "deal.approved",
  "deal.rejected",
  "deal.renewed",
  "deal.expiring",
  "deal.won",
  "deal.lost",
  "deal.expired",
  "sale.reported",
  "sale.confirming",
  "sale.confirmed",
  "sale.disputed",
  "sale.refunded",
] as const;

export const WebhookEventType = z.enum(webhookEventTypes).openapi("WebhookEventType", {
  description: "An event an endpoint can subscribe to.",
  example: "partnership.accepted",
});

export const WebhookEndpoint = z
  .object({
    id: z.number().int().openapi({ example: 3 }),
    url: z.string().openapi({ example: "https://crm.example.com/closr/webhooks" }),
    description: z.string().openapi({ example: "CRM sync" }),
    events: z.array(WebhookEventType),
    enabled: z
      .boolean()
      .openapi({ description: "Disabled endpoints get nothing (events are not kept for them)." }),
    createdAt: z.iso.datetime().openapi({ example: "2026-11-25T09:30:00.000Z" }),
  })
  .openapi("WebhookEndpoint");

export const WebhookEndpointList = z
  .object({
    access: z.boolean().openapi({
      description: "Whether the account may register endpoints (Enterprise, or granted by an administrator).",
    }),
    items: z.array(WebhookEndpoint),
  })
  .openapi("WebhookEndpointList");

const endpointUrl = z
  .string({ error: "URL is required" })
  .trim()
  .min(1, { error: "URL is required" })
  .max(2048, { error: "The URL must be at most 2048 characters" })
  .openapi({
    description:
      "https URL (http also accepted outside production); in production it must be on the public internet (no loopback, private or link-local address, by name or by any address it resolves to).",
    example: "https://crm.example.com/closr/webhooks",
  });

export const CreateWebhookEndpointRequest = z
  .strictObject({
    url: endpointUrl,
    description: z
      .string()
      .trim()
      .max(200, { error: "At most 200 characters" })
      .optional()
      .openapi({ example: "CRM sync" }),
    events: z
      .array(WebhookEventType, { error: "Choose at least one event type" })
      .min(1, { error: "Choose at least one event type" })
      .max(webhookEventTypes.length)
      .openapi({ example: ["partnership.requested", "partnership.accepted", "invoice.paid"] }),
  })
  .openapi("CreateWebhookEndpointRequest");

export const UpdateWebhookEndpointRequest = z
  .strictObject({
    url: endpointUrl.optional(),
    description: z.string().trim().max(200, { error: "At most 200 characters" }).optional(),
    events: z
      .array(WebhookEventType)
      .min(1, { error: "Choose at least one event type" })
      .max(webhookEventTypes.length)
      .optional(),
    enabled: z.boolean().optional().openapi({ example: false }),
  })
  .openapi("UpdateWebhookEndpointRequest");

export const CreatedWebhookEndpoint = z
  .object({
    endpoint: WebhookEndpoint,
    secret: z.string().openapi({
      description:
        "The signing secret. Shown this once: verify each delivery's `Closr-Signature` with it (docs/api/webhooks.md).",
      example: "whsec_Xq3vT9aE1bYh0nK2cW7pLr5sD8fG4jM6uQzA1oI3eVw",
    }),
  })
  .openapi("CreatedWebhookEndpoint");

export const WebhookDelivery = z
  .object({
    id: z.number().int().openapi({ example: 41 }),
    endpointId: z.number().int().openapi({ example: 3 }),
    eventId: z.string().openapi({ example: "evt_5f0c7a528d7e4a4f9d1c1b2f3e4d5a6b" }),
    eventType: WebhookEventType,
    status: z.enum(["pending", "sending", "delivered", "failed"]).openapi({
      description:
        "pending: waiting for its first or next attempt (or for an earlier event of the same object); sending: being sent; delivered: the endpoint answered 2xx; failed: given up after 3 days (Replay sends it again).",
      example: "delivered",
    }),
    attempts: z.number().int().openapi({ example: 1 }),
    lastStatusCode: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The endpoint's HTTP status on the last attempt.", example: 200 }),
    lastError: z.string().nullable().openapi({ example: null }),
    nextAttemptAt: z.iso
      .datetime()
      .nullable()
      .openapi({ description: "When the next attempt is due (pending only)." }),
    createdAt: z.iso.datetime().openapi({ example: "2026-11-25T09:31:00.000Z" }),
    deliveredAt: z.iso.datetime().nullable(),
  })
  .openapi("WebhookDelivery");

export const WebhookDeliveryList = z
  .object({ items: z.array(WebhookDelivery) })
  .openapi("WebhookDeliveryList");

export const WebhookEndpointId = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" }, example: 3 }),
});

export const WebhookDeliveryId = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" }, example: 41 }),
});

// The objects events carry (`data.object`); money in AUD dollars, times ISO 8601 UTC.
const PartnershipObject = z
  .object({
    id: z.number().int().openapi({ example: 12 }),
    businessId: z.number().int().openapi({ example: 4 }),
    agentId: z.number().int().openapi({ example: 9 }),
    status: z
      .enum(["pending", "active", "rejected", "withdrawn", "terminated"])
      .openapi({ example: "active" }),
    requestedBy: z.enum(["business", "agent"]).openapi({ example: "agent" }),
    commissionRate: z.number().openapi({ example: 12.5 }),
    startDate: z.iso.datetime().nullable(),
    endDate: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime().openapi({ example: "2026-11-25T09:30:00.000Z" }),
  })
  .openapi("WebhookPartnershipObject");

const InvoiceObject = z
  .object({
    id: z.number().int().openapi({ example: 31 }),
    partnershipId: z.number().int().openapi({ example: 12 }),
    businessId: z.number().int().openapi({ example: 4 }),
    agentId: z.number().int().openapi({ example: 9 }),
    amount: z.number().openapi({ example: 1650 }),
    currency: z.literal("AUD"),
    description: z.string().openapi({ example: "Commission, November" }),
    dueDate: z.string().openapi({ example: "2026-12-09" }),
    isPaid: z.boolean().openapi({ example: false }),
    collection: z
      .object({
        chargeOn: z.string().nullable().openapi({
          description: "invoice.collection_scheduled: the Sydney date (yyyy-MM-dd) the mandate is charged.",
          example: "2026-12-09",
        }),
        attempt: z.number().int().nullable().openapi({
          description:
            "invoice.collection_failed: the attempt that failed (1 on the due date, 2–4 the retries).",
          example: 1,
        }),
        reason: z.string().nullable().openapi({
          description: "invoice.collection_failed: the gateway's reason.",
          example: "The account is closed.",
        }),
        retryOn: z.string().nullable().openapi({
          description:
            "invoice.collection_failed: the next attempt's Sydney date; null after the last retry.",
          example: "2026-12-10",
        }),
      })
      .optional()
      .openapi({ description: "Automatic collection (issue 45), on invoice.collection_* events only." }),
  })
  .openapi("WebhookInvoiceObject");

const MandateObject = z
  .object({
    id: z.number().int().openapi({ example: 3 }),
    partnershipId: z.number().int().openapi({ example: 12 }),
    businessId: z.number().int().openapi({ example: 4 }),
    agentId: z.number().int().openapi({ example: 9 }),
    method: z.enum(["au_becs_debit", "card"]).openapi({ example: "au_becs_debit" }),
    status: z.enum(["pending", "active", "inactive", "revoked"]).openapi({ example: "active" }),
    reference: z
      .string()
      .openapi({ description: "The mandate reference shown to the payer.", example: "CLOSR-M-3-7K2Q" }),
    lastFour: z.string().openapi({ example: "3456" }),
    inactiveReason: z.string().nullable().openapi({ example: null }),
  })
  .openapi("WebhookMandateObject");

const PaymentObject = z
  .object({
    id: z.number().int().openapi({ example: 18 }),
    invoiceId: z.number().int().openapi({ example: 31 }),
    businessId: z.number().int().openapi({ example: 4 }),
    agentId: z.number().int().openapi({ example: 9 }),
    amount: z.number().openapi({ example: 1650 }),
    currency: z.literal("AUD"),
    status: z.enum(["completed", "failed", "refunded"]).openapi({ example: "completed" }),
  })
  .openapi("WebhookPaymentObject");

const MessageObject = z
  .object({
    id: z.number().int().openapi({ example: 77 }),
    senderId: z.number().int().openapi({ example: 5 }),
    receiverId: z.number().int().openapi({ example: 8 }),
    content: z.string().openapi({ example: "Can we talk about the Q1 targets?" }),
    sentAt: z.iso.datetime().openapi({ example: "2026-11-25T09:32:00.000Z" }),
  })
  .openapi("WebhookMessageObject");

const VerificationObject = z
  .object({
    id: z.number().int().openapi({ example: 6 }),
    userId: z.number().int().openapi({ example: 5 }),
    status: z.enum(["approved", "rejected", "changes_requested"]).openapi({ example: "approved" }),
  })
  .openapi("WebhookVerificationObject");

type WebhookEventTypeName = (typeof webhookEventTypes)[number];

/** `partnership.changes_requested` → `PartnershipChangesRequested` (the schema's name part). */
const pascal = (type: string) =>
  type
    .split(/[._]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");

/**
 * One event's payload (issue 49): the envelope with `type` fixed to this event (a single-value
 * enum, which every generator reads as a literal) and the family's object, registered as
 * `Webhook<Type>Event` (e.g. WebhookPartnershipAcceptedEvent), so a typed consumer can switch on
 * `type`.
 */
const eventSchema = <T extends z.ZodType>(type: WebhookEventTypeName, object: T) =>
  z
    .object({
      id: z.string().openapi({
        description:
          "The event id (`evt_…`), also in the `Closr-Event-Id` header: the same on retries and replays; use it to ignore duplicates.",
        example: "evt_5f0c7a528d7e4a4f9d1c1b2f3e4d5a6b",
      }),
      type: z.enum([type]).openapi({ description: "The event type.", example: type }),
      createdAt: z.iso.datetime().openapi({ example: "2026-11-25T09:30:00.000Z" }),
      data: z.object({ object }),
    })
    .openapi(`Webhook${pascal(type)}Event`);

const OpportunityObject = z
  .object({
    id: z.number().int().openapi({ example: 7 }),
    slug: z.string().openapi({ example: "enterprise-software-sydney" }),
    title: z.string().openapi({ example: "Enterprise software" }),
    businessId: z.number().int().openapi({ example: 4 }),
    status: z.enum(["draft", "published", "paused", "closed"]).openapi({ example: "published" }),
    closedReason: z.enum(["filled", "withdrawn"]).nullable(),
    placesWanted: z.number().int().openapi({ example: 3 }),
    placesFilled: z.number().int().openapi({ example: 1 }),
  })
  .openapi("WebhookOpportunityObject");

const ApplicationObject = z
  .object({
    id: z.number().int().openapi({ example: 21 }),
    opportunityId: z.number().int().openapi({ example: 7 }),
    agentId: z.number().int().openapi({ example: 9 }),
    status: z
      .enum(["submitted", "shortlisted", "interview", "approved", "declined", "withdrawn"])
      .openapi({ example: "approved" }),
    proposedRate: z.number().nullable().openapi({ example: 15 }),
    partnershipId: z.number().int().nullable().openapi({ example: 12 }),
    opportunity: OpportunityObject,
  })
  .openapi("WebhookApplicationObject");

const StatementObject = z
  .object({
    partnershipId: z.number().int().openapi({ example: 12 }),
    businessId: z.number().int().openapi({ example: 4 }),
    agentId: z.number().int().openapi({ example: 9 }),
    month: z
      .string()
      .openapi({ description: "The statement's Sydney calendar month (yyyy-MM).", example: "2026-11" }),
    currency: z.literal("AUD"),
    openingBalance: z
      .number()
      .openapi({ description: "Earned and not paid before the month (AUD).", example: 250 }),
    earned: z
      .number()
      .openapi({ description: "Lines earned in the month, clawbacks included.", example: 1840.5 }),
    clawbacks: z.number().openapi({ description: "The month's clawbacks (0 or negative).", example: -120 }),
    payable: z
      .number()
      .openapi({ description: "Lines that became payable in the month, net.", example: 1600 }),
    invoiced: z.number().openapi({ description: "Lines invoiced in the month.", example: 1600 }),
    paid: z.number().openapi({ description: "Lines paid in the month.", example: 1500 }),
    closingBalance: z.number().openapi({ description: "openingBalance + earned − paid.", example: 590.5 }),
  })
  .openapi("WebhookStatementObject");
const DealObject = z
  .object({
    id: z.number().int().openapi({ example: 31 }),
    partnershipId: z.number().int().openapi({ example: 12 }),
    customerId: z.number().int().openapi({ example: 40 }),
    customerName: z.string().openapi({ example: "Harbour Tech Pty Ltd" }),
    state: z
      .enum(["submitted", "approved", "rejected", "won", "lost", "expired"])
      .openapi({ example: "approved" }),
    protectedUntil: z.string().nullable().openapi({
      format: "date",
      description: "The last Sydney day of protection (inclusive).",
      example: "2027-03-02",
    }),
  })
  .openapi("WebhookDealObject");

const SaleObject = z
  .object({
    id: z.number().int().openapi({ example: 88 }),
    partnershipId: z.number().int().openapi({ example: 12 }),
    dealId: z.number().int().nullable().openapi({ example: 31 }),
    customerId: z.number().int().nullable().openapi({ example: 40 }),
    amount: z.number().openapi({ description: "AUD dollars ex-GST.", example: 1250 }),
    saleDate: z.string().openapi({ format: "date", example: "2026-12-01" }),
    kind: z.enum(["one_off", "recurring_monthly"]).openapi({ example: "one_off" }),
    state: z.enum(["reported", "confirmed", "disputed", "refunded"]).openapi({ example: "confirmed" }),
    reportedBy: z.enum(["business", "agent", "api"]).openapi({ example: "business" }),
    confirmBy: z.iso.datetime().nullable().openapi({
      description:
        "An agent-reported sale counts as confirmed at this time unless the business answers first.",
    }),
    refund: z
      .object({
        amount: z.number().openapi({ description: "This refund, AUD dollars ex-GST.", example: 250 }),
        date: z.string().openapi({ format: "date", example: "2026-12-09" }),
      })
      .nullable()
      .openapi({ description: "sale.refunded only: this refund." }),
  })
  .openapi("WebhookSaleObject");

const familyObjects = {
  deal: DealObject,
  sale: SaleObject,
  opportunity: OpportunityObject,
  application: ApplicationObject,
  partnership: PartnershipObject,
  invoice: InvoiceObject,
  payment: PaymentObject,
  mandate: MandateObject,
  message: MessageObject,
  verification: VerificationObject,
  statement: StatementObject,
} as const;
type Family = keyof typeof familyObjects;
const familyOf = (type: WebhookEventTypeName) => type.split(".")[0] as Family;

/** Every event's payload schema, by event type. */
export const webhookEventSchemas = Object.fromEntries(
  webhookEventTypes.map((type) => [type, eventSchema(type, familyObjects[familyOf(type)])]),
) as unknown as Record<WebhookEventTypeName, z.ZodObject>;

/**
 * A family's payload (WebhookPartnershipEvent …): the union of its events' schemas, discriminated
 * by `type` (issue 49: it no longer allows one event's type with another's meaning).
 */
const familySchema = (family: Family, name: string) => {
  const members = webhookEventTypes
    .filter((type) => familyOf(type) === family)
    .map((t) => webhookEventSchemas[t]);
  return (
    members.length === 1
      ? members[0]!
      : z.discriminatedUnion("type", members as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]])
  ).openapi(name, {
    description: `Any ${family} event (one schema per event type, discriminated by \`type\`).`,
  });
};

/**
 * The family unions, for consumers that take every event of a family at one URL (in the SDK as zod
 * schemas; the document has one schema per event and no family components, which nothing refers to).
 */
export const webhookFamilySchemas = {
  deal: familySchema("deal", "WebhookDealEvent"),
  sale: familySchema("sale", "WebhookSaleEvent"),
  opportunity: familySchema("opportunity", "WebhookOpportunityEvent"),
  application: familySchema("application", "WebhookApplicationEvent"),
  partnership: familySchema("partnership", "WebhookPartnershipEvent"),
  invoice: familySchema("invoice", "WebhookInvoiceEvent"),
  payment: familySchema("payment", "WebhookPaymentEvent"),
  mandate: familySchema("mandate", "WebhookMandateEvent"),
  verification: familySchema("verification", "WebhookVerificationEvent"),
};

const eventDescriptions: Record<(typeof webhookEventTypes)[number], string> = {
  "partnership.requested":
    "A business or agent sent a connection request (status pending). Sent to both parties.",
  "partnership.accepted": "The request was accepted: the partnership is active.",
  "partnership.rejected": "The request was declined.",
  "partnership.withdrawn": "The requester withdrew the request.",
  "partnership.ended": "A party ended the active partnership (status terminated).",
  "invoice.created": "The agent raised an invoice on an active partnership.",
  "invoice.paid": "The invoice was paid (after the payment gateway confirmed the charge).",
  "invoice.overdue": "The invoice passed its due date unpaid (Sydney day); sent once.",
  "invoice.collection_scheduled":
    "Advance notice (issue 45): the invoice will be collected from the partnership's mandate on `collection.chargeOn` (3 days ahead, BECS). Sent once.",
  "invoice.collection_failed":
    "An automatic collection attempt failed; `collection.retryOn` is the next attempt (1, 3 and 7 days after the first failure), null after the last.",
  "mandate.created": "The business set up a payment mandate for a partnership (status pending or active).",
  "mandate.activated": "The gateway confirmed the mandate: invoices are collected on their due dates.",
  "mandate.inactive":
    "The gateway reported the mandate unusable (e.g. the account closed); the business is asked to replace it.",
  "mandate.revoked": "The business revoked the mandate; nothing more is collected by it.",
  "payment.succeeded": "A payment of an invoice completed.",
  "payment.failed": "A payment attempt failed (the card was declined or the gateway refused it).",
  "payment.refunded": "A payment was refunded in full.",
  "message.created":
    "A message was sent; both the sender's and the receiver's endpoints receive it. In order per conversation.",
  "verification.approved": "Staff approved the account's verification request.",
  "verification.rejected": "Staff rejected the verification request (the reason is in the app).",
  "verification.changes_requested": "Staff asked for changes to the verification request.",
  "opportunity.published":
    "The business published (or resumed) an opportunity: it takes applications. To the business.",
  "opportunity.paused": "The business paused an opportunity: it takes no applications until resumed.",
  "opportunity.closed":
    "The opportunity closed: every place filled, or withdrawn by the business (closedReason).",
  "application.submitted": "An agent applied to an opportunity. Sent to the business and the agent.",
  "application.shortlisted": "The business shortlisted the application.",
  "application.interview": "The business moved the application to interview.",
  "application.approved":
    "The business approved the application: the partnership is active (partnershipId) with a draft agreement from the opportunity's terms.",
  "application.declined": "The business declined the application.",
  "application.withdrawn": "The agent withdrew the application.",
  "statement.issued":
    "A partnership's monthly commission statement was issued (issue 43): sent once to both parties after the Sydney calendar month ends, with its figures; the full statement and its PDF are at /api/partnerships/{partnershipId}/commission/statements/{month}.",
  "deal.submitted":
    "An agent registered a customer under the partnership (issue 43); it holds the customer until the business decides. To both parties.",
  "deal.approved":
    "The business approved the registration: the customer is protected through protectedUntil.",
  "deal.rejected": "The business rejected the registration (the reason is in the app).",
  "deal.renewed": "The business extended the protection (protectedUntil is the new last day).",
  "deal.expiring": "The protection ends within 7 days (protectedUntil). Sent once per protection period.",
  "deal.won": "The business marked the deal won.",
  "deal.lost": "A party marked the deal lost.",
  "deal.expired": "The protection ended without the deal being won; the customer is free again.",
  "sale.reported":
    "The agent reported a sale; it waits for the business until confirmBy, when it counts as confirmed.",
  "sale.confirming":
    "An agent-reported sale will count as confirmed at confirmBy (within 48 hours). Sent once.",
  "sale.confirmed":
    "A sale counts for commission: reported by the business (form, API, CSV), confirmed by it, or unanswered past its window. Once per sale.",
  "sale.disputed": "The business disputed an agent-reported sale.",
  "sale.refunded":
    "Part or all of a confirmed sale was refunded (refund); the commission on it is clawed back.",
};

/** The `webhooks` entries: one `post` operation per event type, with its payload schema. */
export const webhookRoutes = webhookEventTypes.map((type) => {
  return {
    method: "post" as const,
    path: type,
    operationId: `webhook_${type.replace(".", "_")}`,
    tags: ["webhooks"],
    summary: `Event ${type}`,
    description: `${eventDescriptions[type]} Signed with \`Closr-Signature: t=…,v1=…\` (HMAC-SHA256 of \`<t>.<raw body>\` with the endpoint's secret; see docs/api/webhooks.md and \`verifyWebhookSignature\` in @closr/contracts). Retried with exponential back-off for 3 days until the endpoint answers 2xx; events of one object reach an endpoint in order.`,
    security: [],
    request: {
      headers: z.object({
        "closr-signature": z.string().openapi({
          description: '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`',
          example: "t=1764063000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd",
        }),
        "closr-event-id": z.string().openapi({
          description: "The event id (also `id` in the body).",
          example: "evt_5f0c7a528d7e4a4f9d1c1b2f3e4d5a6b",
        }),
      }),
      body: {
        required: true,
        content: {
          "application/json": {
            schema: webhookEventSchemas[type],
          },
        },
      },
    },
    responses: {
      200: {
        description: "Any 2xx answer accepts the event; anything else (or no answer within 10 s) is retried.",
      },
    },
  };
});
