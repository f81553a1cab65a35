/**
 * A local HTTP stand-in for the parts of Stripe's API the gateways use (create, retrieve and cancel
 * PaymentIntents; create and list refunds (ADR 0041: `dashboardRefund` makes one as the Dashboard
 * would, without the app); create customers; create Connect accounts and account links (issue 14); create, retrieve and update subscriptions with
 * their latest invoice's confirmation secret, issue 13; SetupIntents, PaymentMethods, default payment
 * methods and a browser-side confirmation with test cards that delivers signed `invoice.paid` /
 * `customer.subscription.updated` events, ADR 0042; charges of destination charges with their
 * transfer, transfer reversals and new transfers, ADR 0049; BECS SetupIntents confirmed with
 * `mandate_data`, which make a pending Mandate (`mandates`), and off-session PaymentIntents with
 * `confirm`: BECS processing, card 4242… succeeded, card …0341 declined with 402, issue 45), for tests with the real `stripe` SDK. It honours Idempotency-Key
 * like Stripe (a repeated key answers the first response), records every request (method, path,
 * form fields, headers), and lets a test move an intent as Stripe would (`setStatus`).
 * Shapes: https://docs.stripe.com/api/payment_intents/object.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly form: Record<string, string>;
  readonly idempotencyKey: string | undefined;
  readonly authorization: string | undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: Stripe API objects as JSON
type Json = Record<string, any>;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = "";
    req.on("data", (chunk) => {
      data += chunk;
    });
    req.on("end", () => resolve(data));
  });

export interface StripeStandIn {
  readonly url: string;
  readonly requests: RecordedRequest[];
  readonly intents: Map<string, Json>;
  readonly subscriptions: Map<string, Json>;
  /** Connected accounts (issue 14). */
  readonly accounts: Map<string, Json>;
  /** Refunds by id, as `GET /v1/refunds?charge=` lists them (ADR 0041). */
  readonly refunds: Map<string, Json>;
  /**
   * Transfers by id (ADR 0049): a destination charge's transfer (`tr_<charge id>`, made when the
   * charge is first read: amount less the application fee) and those made with `POST /v1/transfers`;
   * each with its `reversals` list (`POST /v1/transfers/{id}/reversals`).
   */
  readonly transfers: Map<string, Json>;
  /**
   * A refund made in the Dashboard (not through the app): stored with its charge, no metadata.
   * Returns the refund and the charge as a `charge.refunded` event carries it.
   */
  readonly dashboardRefund: (
    paymentIntentId: string,
    amount: number,
    status?: string,
  ) => { refund: Json; charge: Json };
  /** SetupIntents (card updates, ADR 0042; mandates, issue 45). */
  readonly setupIntents: Map<string, Json>;
  /** Mandates made by BECS SetupIntents confirmed with mandate_data (issue 45). */
  readonly mandates: Map<string, Json>;
  /**
   * What Stripe.js does when the customer confirms a client secret (pi_… of a subscription's first
   * invoice, or seti_…) with a test card: 4242… succeeds, 4000 0000 0000 0002 is declined,
   * 4000 0025 0000 3155 / 4000 0027 6000 3184 first need authentication (`authenticate`).
   * A succeeded payment marks the subscription active and its invoice paid and, with `deliver`,
   * sends the signed events. Answers the PaymentIntent / SetupIntent JSON or a Stripe error.
   */
  readonly confirm: (clientSecret: string, card: string) => Promise<{ status: number; body: Json }>;
  /** Completes (or fails) the authentication step of an intent in requires_action. */
  readonly authenticate: (clientSecret: string, approve: boolean) => Promise<{ status: number; body: Json }>;
  /** Moves an intent (e.g. to succeeded with a charge) and returns its JSON. */
  readonly setStatus: (id: string, status: string, extra?: Json) => Json;
  /** A signed webhook body and Stripe-Signature header for an event about `object`. */
  readonly webhook: (
    type: string,
    object: Json,
    options: { secret: string; id?: string; timestamp?: number; created?: number },
  ) => { body: string; signature: string; id: string };
  readonly close: () => Promise<void>;
}

/** Where a stand-in delivers the events a confirmation causes (the API's /api/stripe/webhook). */
export interface StandInDelivery {
  readonly secret: string;
  /** POSTs to this address… */
  readonly url?: string;
  /** …or hands the signed body to this function (an in-process app). */
  readonly send?: (body: string, signature: string) => Promise<unknown>;
}

const cardBrands: Record<string, string> = { "4": "visa", "5": "mastercard", "3": "amex" };

/** The stand-in's price list: the §9 monthly prices in AUD cents, `_annual` ids 10× (ADR 0042). */
const priceCents = (priceId: string | undefined) => {
  const monthly: Record<string, number> = {
    price_professional: 4900,
    price_enterprise: 9900,
    price_agent_pro: 1900,
  };
  const base = (priceId ?? "").replace(/_annual$/, "");
  return (monthly[base] ?? 4900) * (priceId?.endsWith("_annual") ? 10 : 1);
};

const declined = {
  type: "card_error",
  code: "card_declined",
  decline_code: "generic_decline",
  message: "Your card was declined.",
};
const needsAuthentication = (card: string) => card === "4000002500003155" || card === "4000002760003184";

export async function startStripeStandIn(
  options: { port?: number; deliver?: StandInDelivery } = {},
): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const setupIntents = new Map<string, Json>();
  const mandates = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  const intents = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const accounts = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const transfers = new Map<string, Json>();
  let refundClock = Math.floor(Date.now() / 1000);
  const makeRefund = (
    paymentIntentId: string,
    amount: number | null,
    metadata: Json,
    status = "succeeded",
  ) => {
    const intent = intents.get(paymentIntentId);
    const refund: Json = {
      id: `re_${randomBytes(6).toString("hex")}`,
      object: "refund",
      payment_intent: paymentIntentId,
      charge: intent?.latest_charge ?? null,
      amount: amount ?? intent?.amount ?? 0,
      currency: "aud",
      status,
      metadata,
      created: ++refundClock,
    };
    refunds.set(refund.id, refund);
    return refund;
  };
  const chargeOf = (paymentIntentId: string): Json => {
    const intent = intents.get(paymentIntentId) ?? {};
    const refunded = [...refunds.values()]
      .filter((r) => r.payment_intent === paymentIntentId && ["succeeded", "pending"].includes(r.status))
      .reduce((sum, r) => sum + r.amount, 0);
    return {
      id: intent.latest_charge,
      object: "charge",
      payment_intent: paymentIntentId,
      amount: intent.amount,
      amount_refunded: refunded,
      refunded: refunded >= intent.amount,
      metadata: {},
    };
  };
  const metadataOf = (form: Record<string, string>): Json => {
    const metadata: Json = {};
    for (const [k, v] of Object.entries(form)) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m?.[1]) metadata[m[1]] = v;
    }
    return metadata;
  };
  /** The charge of a succeeded intent; a destination charge carries its transfer (made once). */
  const destinationCharge = (intent: Json): Json => {
    const destination = intent.transfer_data?.destination;
    let transfer: Json | undefined;
    if (destination) {
      const id = `tr_${intent.latest_charge}`;
      transfer = transfers.get(id);
      if (!transfer) {
        transfer = {
          id,
          object: "transfer",
          amount: intent.amount - (intent.application_fee_amount ?? 0),
          currency: intent.currency,
          destination,
          source_transaction: intent.latest_charge,
          amount_reversed: 0,
          reversed: false,
          reversals: { object: "list", data: [] as Json[] },
          metadata: {},
        };
        transfers.set(id, transfer);
      }
    }
    return {
      ...chargeOf(intent.id),
      currency: intent.currency,
      transfer: transfer?.id ?? null,
      transfer_data: destination ? { destination, amount: null } : null,
      destination: destination ?? null,
    };
  };
  const byKey = new Map<string, { status: number; body: string }>();
  const stripe = new Stripe("sk_test_stand_in");

  const send = (status: number, body: Json) => ({ status, body: JSON.stringify(body) });
  const notFound = (id: string) =>
    send(404, {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such payment_intent: '${id}'`,
      },
    });

  const handle = (method: string, path: string, form: Record<string, string>, query: URLSearchParams) => {
    if (method === "POST" && path === "/v1/payment_intents") {
      const id = `pi_${randomBytes(8).toString("hex")}`;
      const metadata: Json = {};
      for (const [k, v] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m?.[1]) metadata[m[1]] = v;
      }
      const intent: Json = {
        id,
        object: "payment_intent",
        amount: Number(form.amount),
        currency: form.currency,
        description: form.description ?? null,
        status: "requires_payment_method",
        client_secret: `${id}_secret_${randomBytes(6).toString("hex")}`,
        metadata,
        latest_charge: null,
        last_payment_error: null,
        next_action: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        transfer_data: form["transfer_data[destination]"]
          ? { destination: form["transfer_data[destination]"] }
          : null,
        application_fee_amount: form.application_fee_amount ? Number(form.application_fee_amount) : null,
      };
      intents.set(id, intent);
      // Issue 45: an off-session charge of a saved method (confirm=true, with the mandate for BECS).
      if (form.confirm === "true" && form.payment_method) {
        const pm = paymentMethods.get(form.payment_method);
        Object.assign(intent, {
          payment_method: form.payment_method,
          customer: form.customer ?? null,
          mandate: form.mandate ?? null,
          off_session: form.off_session === "true",
          payment_method_types: [pm?.type ?? "card"],
        });
        if (pm?.type === "au_becs_debit") {
          intent.status = "processing";
          intent.latest_charge = `ch_${randomBytes(8).toString("hex")}`;
        } else if (pm?.card?.last4 === "0341") {
          intent.status = "requires_payment_method";
          intent.last_payment_error = declined;
          return send(402, { error: { ...declined, payment_intent: intent } });
        } else {
          intent.status = "succeeded";
          intent.latest_charge = `ch_${randomBytes(8).toString("hex")}`;
        }
      }
      return send(200, intent);
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && retrieve?.[1]) {
      const intent = intents.get(retrieve[1]);
      return intent ? send(200, intent) : notFound(retrieve[1]);
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === "POST" && cancel?.[1]) {
      const intent = intents.get(cancel[1]);
      if (!intent) return notFound(cancel[1]);
      if (intent.status === "succeeded")
        return send(400, {
          error: {
            type: "invalid_request_error",
            code: "payment_intent_unexpected_state",
            message: "succeeded",
          },
        });
      intent.status = "canceled";
      return send(200, intent);
    }
    if (method === "POST" && path === "/v1/customers") {
      return send(200, {
        id: `cus_${randomBytes(6).toString("hex")}`,
        object: "customer",
        email: form.email ?? null,
      });
    }
    if (method === "POST" && path === "/v1/subscriptions") {
      const id = `sub_${randomBytes(8).toString("hex")}`;
      const now = Math.floor(Date.now() / 1000);
      const metadata: Json = {};
      for (const [k, v] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m?.[1]) metadata[m[1]] = v;
      }
      const pi = `pi_${randomBytes(8).toString("hex")}`;
      const subscription: Json = {
        id,
        object: "subscription",
        customer: form.customer,
        status: form.payment_behavior === "default_incomplete" ? "incomplete" : "active",
        cancel_at_period_end: false,
        default_payment_method: null,
        metadata,
        items: {
          object: "list",
          data: [
            {
              id: `si_${randomBytes(6).toString("hex")}`,
              price: { id: form["items[0][price]"] },
              current_period_start: now,
              current_period_end: now + (form["items[0][price]"]?.endsWith("_annual") ? 365 : 30) * 86400,
            },
          ],
        },
        latest_invoice: {
          id: `in_${randomBytes(6).toString("hex")}`,
          object: "invoice",
          status: "open",
          amount_due: priceCents(form["items[0][price]"]),
          currency: "aud",
          confirmation_secret: {
            client_secret: `${pi}_secret_${randomBytes(6).toString("hex")}`,
            type: "payment_intent",
          },
        },
      };
      subscriptions.set(id, subscription);
      intents.set(pi, {
        id: pi,
        object: "payment_intent",
        amount: subscription.latest_invoice.amount_due,
        currency: "aud",
        status: "requires_payment_method",
        client_secret: subscription.latest_invoice.confirmation_secret.client_secret,
        metadata: {},
        subscription: id,
        latest_charge: null,
        last_payment_error: null,
        next_action: null,
        livemode: false,
        created: now,
      });
      return send(200, subscription);
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (sub?.[1]) {
      const subscription = subscriptions.get(sub[1]);
      if (!subscription) return notFound(sub[1]);
      if (method === "POST") {
        if (form.cancel_at_period_end !== undefined)
          subscription.cancel_at_period_end = form.cancel_at_period_end === "true";
        if (form["items[0][price]"]) subscription.items.data[0].price = { id: form["items[0][price]"] };
        if (form.default_payment_method) subscription.default_payment_method = form.default_payment_method;
        for (const [k, v] of Object.entries(form)) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m?.[1]) subscription.metadata[m[1]] = v;
        }
      }
      if (Object.values(form).includes("default_payment_method")) {
        const pm = paymentMethods.get(subscription.default_payment_method);
        return send(200, { ...subscription, default_payment_method: pm ?? null });
      }
      return send(200, subscription);
    }
    if (method === "POST" && path === "/v1/setup_intents") {
      const id = `seti_${randomBytes(8).toString("hex")}`;
      const metadata: Json = {};
      for (const [k, v] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m?.[1]) metadata[m[1]] = v;
      }
      const setup: Json = {
        id,
        object: "setup_intent",
        customer: form.customer ?? null,
        usage: form.usage ?? "off_session",
        status: "requires_payment_method",
        client_secret: `${id}_secret_${randomBytes(6).toString("hex")}`,
        payment_method: null,
        payment_method_types: [
          form["allowed_payment_method_types[0]"] ?? form["payment_method_types[0]"] ?? "card",
        ],
        mandate: null,
        metadata,
        last_setup_error: null,
      };
      setupIntents.set(id, setup);
      // Issue 45: a BECS SetupIntent confirmed on the server with the account and mandate_data.
      // Stripe's test accounts (BSB 000-000): it stays processing until the test sends
      // setup_intent.succeeded; the Mandate is made at once (pending).
      if (form.confirm === "true" && form["payment_method_data[type]"] === "au_becs_debit") {
        const account = form["payment_method_data[au_becs_debit][account_number]"] ?? "";
        const pm = {
          id: `pm_${randomBytes(8).toString("hex")}`,
          object: "payment_method",
          type: "au_becs_debit",
          customer: setup.customer,
          au_becs_debit: {
            bsb_number: form["payment_method_data[au_becs_debit][bsb_number]"] ?? "",
            last4: account.slice(-4),
          },
        };
        paymentMethods.set(pm.id, pm);
        const mandate = {
          id: `mandate_${randomBytes(8).toString("hex")}`,
          object: "mandate",
          payment_method: pm.id,
          status: "pending",
          type: "multi_use",
          customer_acceptance: {
            type: form["mandate_data[customer_acceptance][type]"],
            online: {
              ip_address: form["mandate_data[customer_acceptance][online][ip_address]"],
              user_agent: form["mandate_data[customer_acceptance][online][user_agent]"],
            },
          },
        };
        mandates.set(mandate.id, mandate);
        Object.assign(setup, { status: "processing", payment_method: pm.id, mandate: mandate.id });
      }
      return send(200, setup);
    }
    const seti = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && seti?.[1]) {
      const setup = setupIntents.get(seti[1]);
      return setup ? send(200, setup) : notFound(seti[1]);
    }
    const pmPath = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    if (method === "GET" && pmPath?.[1]) {
      const pm = paymentMethods.get(pmPath[1]);
      return pm ? send(200, pm) : notFound(pmPath[1]);
    }
    const customerPath = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (method === "POST" && customerPath?.[1]) {
      return send(200, {
        id: customerPath[1],
        object: "customer",
        invoice_settings: {
          default_payment_method: form["invoice_settings[default_payment_method]"] ?? null,
        },
      });
    }
    if (method === "POST" && path === "/v1/refunds") {
      const metadata: Json = {};
      for (const [k, v] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m?.[1]) metadata[m[1]] = v;
      }
      return send(
        200,
        makeRefund(form.payment_intent ?? "", form.amount ? Number(form.amount) : null, metadata),
      );
    }
    if (method === "GET" && path === "/v1/refunds") {
      const charge = query.get("charge");
      const data = [...refunds.values()]
        .filter((r) => !charge || r.charge === charge)
        .sort((a, b) => b.created - a.created);
      return send(200, { object: "list", url: "/v1/refunds", has_more: false, data });
    }
    // Charges and transfers of destination charges (ADR 0049).
    const chargePath = /^\/v1\/charges\/([^/]+)$/.exec(path);
    if (method === "GET" && chargePath?.[1]) {
      const intent = [...intents.values()].find((i) => i.latest_charge === chargePath[1]);
      if (!intent) return notFound(chargePath[1]);
      return send(200, destinationCharge(intent));
    }
    const reversalPath = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
    if (method === "POST" && reversalPath?.[1]) {
      const transfer = transfers.get(reversalPath[1]);
      if (!transfer) return notFound(reversalPath[1]);
      const amount = form.amount ? Number(form.amount) : transfer.amount - transfer.amount_reversed;
      if (amount > transfer.amount - transfer.amount_reversed)
        return send(400, {
          error: {
            type: "invalid_request_error",
            code: "amount_too_large",
            message: "The reversal amount is more than what is left of the transfer.",
          },
        });
      const reversal = {
        id: `trr_${randomBytes(6).toString("hex")}`,
        object: "transfer_reversal",
        amount,
        currency: transfer.currency,
        transfer: transfer.id,
        metadata: metadataOf(form),
      };
      transfer.amount_reversed += amount;
      transfer.reversed = transfer.amount_reversed >= transfer.amount;
      transfer.reversals.data.push(reversal);
      return send(200, reversal);
    }
    if (method === "POST" && path === "/v1/transfers") {
      const transfer = {
        id: `tr_${randomBytes(8).toString("hex")}`,
        object: "transfer",
        amount: Number(form.amount),
        currency: form.currency,
        destination: form.destination,
        source_transaction: form.source_transaction ?? null,
        amount_reversed: 0,
        reversed: false,
        reversals: { object: "list", data: [] as Json[] },
        metadata: metadataOf(form),
      };
      transfers.set(transfer.id, transfer);
      return send(200, transfer);
    }
    // Stripe Connect (issue 14): Express accounts and their onboarding links.
    if (method === "POST" && path === "/v1/accounts") {
      const id = `acct_${randomBytes(8).toString("hex")}`;
      const account: Json = {
        id,
        object: "account",
        type: form.type,
        country: form.country,
        email: form.email ?? null,
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        requirements: {
          currently_due: ["external_account", "individual.dob.day"],
          past_due: [],
          disabled_reason: "requirements.past_due",
        },
      };
      accounts.set(id, account);
      return send(200, account);
    }
    if (method === "POST" && path === "/v1/account_links") {
      return send(200, {
        object: "account_link",
        url: `https://connect.stripe.com/setup/e/${form.account}/${randomBytes(6).toString("hex")}`,
        expires_at: Math.floor(Date.now() / 1000) + 300,
      });
    }
    return send(404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` },
    });
  };

  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? "/", "http://stand-in");
    const form = Object.fromEntries(new URLSearchParams(raw || url.search));
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      form,
      idempotencyKey,
      authorization: req.headers.authorization,
    });
    // What a stubbed Stripe.js calls in browser tests (ADR 0042): confirm a client secret with a
    // test card, or complete / fail its authentication step.
    if (
      req.method === "POST" &&
      (url.pathname === "/test/confirm" || url.pathname === "/test/authenticate")
    ) {
      const answer =
        url.pathname === "/test/confirm"
          ? await confirmWith(form.client_secret ?? "", form.card ?? "")
          : await authenticateWith(form.client_secret ?? "", form.approve === "true");
      res.writeHead(answer.status, {
        "content-type": "application/json",
        "access-control-allow-origin": "*",
      });
      res.end(JSON.stringify(answer.body));
      return;
    }
    const key = idempotencyKey ? `${req.method} ${url.pathname} ${idempotencyKey}` : undefined;
    const answer =
      (key && byKey.get(key)) || handle(req.method ?? "GET", url.pathname, form, url.searchParams);
    if (key && !byKey.has(key)) byKey.set(key, answer);
    res.writeHead(answer.status, {
      "content-type": "application/json",
      "request-id": `req_${randomBytes(4).toString("hex")}`,
    });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  /** Signs and POSTs an event to the configured delivery address (like Stripe's webhooks). */
  const deliver = async (type: string, object: Json) => {
    if (!options.deliver) return;
    const id = `evt_${randomBytes(8).toString("hex")}`;
    const body = JSON.stringify({
      id,
      object: "event",
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      data: { object },
    });
    const signature = stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: options.deliver.secret,
    });
    if (options.deliver.send) {
      await options.deliver.send(body, signature);
      return;
    }
    if (!options.deliver.url) return;
    await fetch(options.deliver.url, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    });
  };

  /** A new card PaymentMethod for a test number. */
  const paymentMethodFor = (card: string) => {
    const id = `pm_${randomBytes(8).toString("hex")}`;
    const pm = {
      id,
      object: "payment_method",
      type: "card",
      card: {
        brand: cardBrands[card[0] ?? "4"] ?? "visa",
        last4: card.slice(-4),
        exp_month: 12,
        exp_year: 2030,
      },
    };
    paymentMethods.set(id, pm);
    return pm;
  };

  /** The paid invoice event object of a subscription (Basil shapes: parent + line pricing). */
  const paidInvoice = (subscription: Json) => {
    const item = subscription.items.data[0];
    return {
      ...subscription.latest_invoice,
      status: "paid",
      amount_paid: subscription.latest_invoice.amount_due,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
      lines: {
        object: "list",
        data: [
          {
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: { price_details: { price: item.price.id } },
          },
        ],
      },
    };
  };

  /** Moves an intent on to succeeded with `card` and delivers what Stripe would. */
  const succeed = async (intent: Json, card: string) => {
    const pm = paymentMethodFor(card);
    if (intent.object === "setup_intent") Object.assign(pm, { customer: intent.customer ?? null });
    intent.status = "succeeded";
    intent.payment_method = pm.id;
    intent.next_action = null;
    if (intent.object === "payment_intent" && intent.subscription) {
      intent.latest_charge = `ch_${randomBytes(8).toString("hex")}`;
      const subscription = subscriptions.get(intent.subscription);
      if (subscription) {
        subscription.status = "active";
        subscription.default_payment_method = pm.id;
        const invoice = paidInvoice(subscription);
        subscription.latest_invoice = {
          ...subscription.latest_invoice,
          status: "paid",
          amount_paid: invoice.amount_paid,
        };
        await deliver("invoice.paid", invoice);
        await deliver("customer.subscription.updated", subscription);
      }
    }
    return { status: 200, body: intent };
  };

  const pending = new Map<string, string>();
  const intentOf = (clientSecret: string) => {
    const id = clientSecret.split("_secret_")[0] ?? "";
    const intent = id.startsWith("seti_") ? setupIntents.get(id) : intents.get(id);
    return intent && intent.client_secret === clientSecret ? intent : undefined;
  };

  async function confirmWith(clientSecret: string, rawCard: string) {
    const card = rawCard.replace(/\D/g, "");
    const intent = intentOf(clientSecret);
    if (!intent)
      return {
        status: 404,
        body: {
          error: { type: "invalid_request_error", code: "resource_missing", message: "No such intent." },
        },
      };
    if (intent.status === "succeeded")
      return {
        status: 400,
        body: {
          error: {
            type: "invalid_request_error",
            code: "payment_intent_unexpected_state",
            message: "This intent has already succeeded.",
          },
        },
      };
    if (card === "4000000000000002") {
      const error = {
        ...declined,
        [intent.object === "setup_intent" ? "setup_intent" : "payment_intent"]: { id: intent.id },
      };
      intent[intent.object === "setup_intent" ? "last_setup_error" : "last_payment_error"] = declined;
      return { status: 402, body: { error } };
    }
    if (needsAuthentication(card)) {
      intent.status = "requires_action";
      intent.next_action = { type: "use_stripe_sdk" };
      pending.set(intent.id, card);
      return { status: 200, body: intent };
    }
    return succeed(intent, card);
  }

  async function authenticateWith(clientSecret: string, approve: boolean) {
    const intent = intentOf(clientSecret);
    const card = intent ? pending.get(intent.id) : undefined;
    if (!intent || !card || intent.status !== "requires_action")
      return {
        status: 400,
        body: { error: { type: "invalid_request_error", message: "Nothing to authenticate." } },
      };
    pending.delete(intent.id);
    if (!approve) {
      intent.status = "requires_payment_method";
      intent.next_action = null;
      const error = {
        type: "card_error",
        code: "payment_intent_authentication_failure",
        message:
          "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
      };
      return { status: 402, body: { error } };
    }
    return succeed(intent, card);
  }

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    subscriptions,
    accounts,
    refunds,
    transfers,
    dashboardRefund: (paymentIntentId, amount, status = "succeeded") => {
      const refund = makeRefund(paymentIntentId, amount, {}, status);
      return { refund: { ...refund }, charge: chargeOf(paymentIntentId) };
    },
    setupIntents,
    mandates,
    confirm: (clientSecret, card) => confirmWith(clientSecret, card),
    authenticate: (clientSecret, approve) => authenticateWith(clientSecret, approve),
    setStatus: (id, status, extra = {}) => {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      Object.assign(intent, { status, ...extra });
      return { ...intent };
    },
    webhook: (type, object, options) => {
      const id = options.id ?? `evt_${randomBytes(8).toString("hex")}`;
      const body = JSON.stringify({
        id,
        object: "event",
        api_version: "2025-01-01",
        created: options.created ?? Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        data: { object },
      });
      const signature = stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: options.secret,
        ...(options.timestamp ? { timestamp: options.timestamp } : {}),
      });
      return { body, signature, id };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
