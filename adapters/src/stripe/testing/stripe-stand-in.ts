/**
 * A local HTTP stand-in for the parts of Stripe's API the gateways use (create, retrieve and cancel
 * PaymentIntents; create and list refunds (ADR 0041: `dashboardRefund` makes one as the Dashboard
 * would, without the app); create customers; create Connect accounts and account links (issue 14); create, retrieve and update subscriptions with
 * their latest invoice's confirmation secret, issue 13), for tests with the real `stripe` SDK. It honours Idempotency-Key
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
   * A refund made in the Dashboard (not through the app): stored with its charge, no metadata.
   * Returns the refund and the charge as a `charge.refunded` event carries it.
   */
  readonly dashboardRefund: (
    paymentIntentId: string,
    amount: number,
    status?: string,
  ) => { refund: Json; charge: Json };
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

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const accounts = new Map<string, Json>();
  const refunds = new Map<string, Json>();
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
      };
      intents.set(id, intent);
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
        metadata,
        items: {
          object: "list",
          data: [
            {
              id: `si_${randomBytes(6).toString("hex")}`,
              price: { id: form["items[0][price]"] },
              current_period_start: now,
              current_period_end: now + 30 * 86400,
            },
          ],
        },
        latest_invoice: {
          id: `in_${randomBytes(6).toString("hex")}`,
          object: "invoice",
          status: "open",
          amount_due: 4900,
          confirmation_secret: {
            client_secret: `${pi}_secret_${randomBytes(6).toString("hex")}`,
            type: "payment_intent",
          },
        },
      };
      subscriptions.set(id, subscription);
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
        for (const [k, v] of Object.entries(form)) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m?.[1]) subscription.metadata[m[1]] = v;
        }
      }
      return send(200, subscription);
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
    const form = Object.fromEntries(new URLSearchParams(raw));
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      form,
      idempotencyKey,
      authorization: req.headers.authorization,
    });
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    subscriptions,
    accounts,
    refunds,
    dashboardRefund: (paymentIntentId, amount, status = "succeeded") => {
      const refund = makeRefund(paymentIntentId, amount, {}, status);
      return { refund: { ...refund }, charge: chargeOf(paymentIntentId) };
    },
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
