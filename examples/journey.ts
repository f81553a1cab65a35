/**
 * The integrator journey (issue 20), end to end over the published contract:
 * register a business and an agent → obtain an API key for each → create profiles → search
 * agents → connect → the agent accepts → the agent invoices → the business pays with the local
 * gateway's test card → the business messages the agent.
 *
 * It uses only what an integrator has: the spec served at `/api/openapi.json` and the typed
 * client published from `@closr/contracts` (openapi-fetch over the generated types). Every
 * response is checked against the spec's schema for its operation and status (schema-check.ts);
 * the run fails on any failed step or any mismatch.
 *
 * Account setup happens once with a session, as a person would do it in the app: sign in, take
 * the business to the Enterprise plan (API access; paid with a test card), set up the agent's
 * payouts (invoicing needs them), create the keys in Settings → API. Agents have no Enterprise
 * plan: their API access is an administrator's grant, over the API with an admin account
 * (`PUT /api/admin/users/{id}/api-access`) or with `pnpm api:grant <username>`. Every other step
 * sends only `Authorization: Bearer closr_live_…`.
 *
 * CLI: `pnpm example:journey [baseUrl]` (default `CLOSR_BASE_URL`, else http://localhost:3000).
 * With `CLOSR_ADMIN_USERNAME` and `CLOSR_ADMIN_PASSWORD` an admin grants the agent over the API;
 * otherwise `CLOSR_GRANT_COMMAND` (default `pnpm api:grant`, which needs DATABASE_URL: a second
 * process cannot share the embedded database) is run with the agent's username. Exit code 0 only
 * when every step succeeded with 0 schema mismatches.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { type components, createClosrApiKeyClient, createClosrClient } from "@closr/contracts/client";
import { type CheckedResponse, createSchemaCheck, type OpenApiDocument } from "./schema-check.ts";

export interface JourneyOptions {
  /** The API's origin, e.g. "http://localhost:3000". */
  readonly baseUrl: string;
  /**
   * How the agent gets API access (agents have no Enterprise plan): an administrator's account,
   * which grants it over the API (`PUT /api/admin/users/{id}/api-access`), or a function that
   * grants it otherwise (e.g. runs `pnpm api:grant <username>`).
   */
  readonly grant:
    | { readonly admin: { readonly username: string; readonly password: string } }
    | { readonly run: (username: string) => Promise<void> };
  /** Progress lines (default: console.log). */
  readonly log?: (line: string) => void;
}

export interface JourneyResult {
  /** Every response the journey received, with its schema mismatch if any. */
  readonly responses: readonly CheckedResponse[];
  readonly mismatches: readonly CheckedResponse[];
  /** The steps completed, in order. */
  readonly steps: readonly string[];
  /** What the journey made (ids), for the reader. */
  readonly made: Record<string, number | string>;
}

/** A failed step: the operation's answer was not the one the journey needs. */
export class JourneyError extends Error {}

const PASSWORD = "journey password 2026";
const TEST_CARD = { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" };

/** Fails the step unless the SDK call returned data. */
function need<T>(step: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined || result.error !== undefined)
    throw new JourneyError(`${step}: ${result.response.status} ${JSON.stringify(result.error ?? null)}`);
  return result.data;
}

/** Runs the journey against `baseUrl`; resolves with every checked response (never throws on mismatches). */
export async function runJourney(options: JourneyOptions): Promise<JourneyResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const baseUrl = options.baseUrl.replace(/\/$/, "");
  const responses: CheckedResponse[] = [];
  const steps: string[] = [];
  const made: Record<string, number | string> = {};

  const specResponse = await fetch(`${baseUrl}/api/openapi.json`);
  if (!specResponse.ok) throw new JourneyError(`GET /api/openapi.json: ${specResponse.status}`);
  const spec = (await specResponse.json()) as OpenApiDocument & { info: { version: string } };
  const check = createSchemaCheck(spec);
  log(`spec: ${baseUrl}/api/openapi.json (version ${spec.info.version})`);

  /** fetch that checks every answer against the spec; `cookies` keeps a session when given. */
  const checkedFetch =
    (cookies?: Map<string, string>): typeof fetch =>
    async (input, init) => {
      const request = new Request(input, init);
      if (cookies?.size) request.headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
      const response = await fetch(request);
      if (cookies)
        for (const line of response.headers.getSetCookie()) {
          const [pair = ""] = line.split(";");
          const at = pair.indexOf("=");
          const name = pair.slice(0, at).trim();
          const value = pair.slice(at + 1);
          if (!value || /max-age=0/i.test(line)) cookies.delete(name);
          else cookies.set(name, value);
        }
      const checked = await check(request.method, request.url, response);
      responses.push(checked);
      if (checked.mismatch) log(`  MISMATCH ${checked.operation}: ${checked.mismatch}`);
      return response;
    };

  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const value = await run();
    steps.push(name);
    log(`✓ ${name}`);
    return value;
  };

  const run = randomUUID().slice(0, 8);

  // 1. Register both accounts (public) and sign in once each (session: account setup only).
  const signUp = async (userType: "business" | "agent") => {
    const session = createClosrClient(baseUrl, checkedFetch(new Map()));
    const username = `journey_${userType}_${run}`;
    const user = need(
      `register ${userType}`,
      await session.POST("/api/register", {
        body: { email: `${username}@example.com`, username, password: PASSWORD, userType },
      }),
    );
    need(`log in ${userType}`, await session.POST("/api/login", { body: { username, password: PASSWORD } }));
    return { session, username, userId: user.id };
  };
  const business = await step("register and sign in a business", () => signUp("business"));
  const agent = await step("register and sign in an agent", () => signUp("agent"));
  made.businessUserId = business.userId;
  made.agentUserId = agent.userId;

  // 2. API access: the business subscribes to Enterprise (test card); the agent gets the grant.
  await step("business subscribes to Enterprise (API access) with the test card", async () => {
    const started = need(
      "start the Enterprise checkout",
      await business.session.POST("/api/get-or-create-subscription", {
        body: { planId: "price_enterprise", interval: "month" },
      }),
    );
    const intentId = started.subscription.paymentIntentId;
    if (!started.isActive) {
      if (!intentId || !started.clientSecret)
        throw new JourneyError("the checkout has no payment to confirm");
      const paid = need(
        "pay the Enterprise subscription",
        await business.session.POST("/api/local-gateway/subscription-payments/{id}/confirm", {
          params: { path: { id: intentId } },
          body: { clientSecret: started.clientSecret, card: TEST_CARD },
        }),
      );
      if (paid.status !== "succeeded") throw new JourneyError(`subscription payment ${paid.status}`);
    }
    const billing = need("read billing", await business.session.GET("/api/subscription"));
    if (!billing.entitlements.apiAccess) throw new JourneyError("Enterprise did not give API access");
  });
  await step("agent is granted API access by an administrator", async () => {
    if ("run" in options.grant) return options.grant.run(agent.username);
    const admin = createClosrClient(baseUrl, checkedFetch(new Map()));
    need("log in the administrator", await admin.POST("/api/login", { body: options.grant.admin }));
    need(
      "grant API access",
      await admin.PUT("/api/admin/users/{id}/api-access", { params: { path: { id: agent.userId } } }),
    );
    await admin.POST("/api/logout");
  });

  const createKey = async (
    party: typeof business,
    scopes: components["schemas"]["CreateApiKeyRequest"]["scopes"],
  ) => {
    const created = need(
      "create an API key",
      await party.session.POST("/api/api-keys", { body: { name: `Journey ${run}`, scopes } }),
    );
    return createClosrApiKeyClient(baseUrl, created.secret, checkedFetch());
  };
  const businessApi = await step("business creates its API key (Settings → API)", () =>
    createKey(business, [
      "profiles:write",
      "partnerships:write",
      "invoices:read",
      "payments:write",
      "messages:write",
    ]),
  );
  const agentApi = await step("agent creates its API key (Settings → API)", () =>
    createKey(agent, ["profiles:write", "partnerships:write", "invoices:write", "messages:read"]),
  );

  // From here on: API keys only (Authorization: Bearer), but for the payout setup in the app.
  const businessProfile = await step("business creates its profile", async () =>
    need(
      "create the business profile",
      await businessApi.POST("/api/business-profiles", {
        body: {
          companyName: `Journey Widgets ${run}`,
          industry: "technology",
          size: "small",
          location: "sydney",
          description: "Widgets for Australian retailers.",
        },
      }),
    ),
  );
  made.businessProfileId = businessProfile.id;

  const catalogue = need("read the catalogue", await agentApi.GET("/api/catalogue"));
  const specialization = catalogue.specializations[0] ?? "SaaS Sales";
  const agentProfile = await step("agent creates its profile", async () =>
    need(
      "create the agent profile",
      await agentApi.POST("/api/agent-profiles", {
        body: {
          fullName: `Jordan Journey ${run}`,
          specialization,
          yearsOfExperience: 7,
          location: "sydney",
          minimumCommissionRate: 12,
          skills: catalogue.skills.slice(0, 2).map((skill) => skill.name),
          bio: "Closes B2B software deals across NSW.",
        },
      }),
    ),
  );
  made.agentProfileId = agentProfile.id;

  // Payouts are set up in the app (session; not an API-key operation): invoicing needs them, and
  // setting them up needs a confirmed email (the sign-up's link, read here from the development
  // mailbox that `pnpm start` serves).
  await step("agent sets up payouts in the app (local gateway test bank account)", async () => {
    let token: string | undefined;
    // The sign-up email is a queued job under `pnpm start`: give the worker a few seconds.
    for (let attempt = 0; attempt < 20 && !token; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 500));
      const mailbox = need("read the development mailbox", await agent.session.GET("/api/dev/mailbox"));
      const confirmation = mailbox.items.find((mail) => mail.subject.startsWith("Confirm your email"));
      token = confirmation?.text.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
    }
    if (!token) throw new JourneyError("no email confirmation link in the development mailbox");
    need("confirm the email", await agent.session.POST("/api/verify-email", { body: { token } }));
    need("start payout onboarding", await agent.session.POST("/api/payout-account/onboarding"));
    const account = need(
      "give bank details",
      await agent.session.POST("/api/local-gateway/payout-account/bank-details", {
        body: { accountName: "Journey Agent", bsb: "000-000", accountNumber: "000123456" },
      }),
    );
    if (account.status !== "enabled") throw new JourneyError(`payout account ${account.status}`);
  });

  await step("business searches agents and finds the agent", async () => {
    const page = need(
      "search agents",
      await businessApi.GET("/api/agent-profiles", {
        params: { query: { specialization, sort: "newest", pageSize: 50 } },
      }),
    );
    const items = "items" in page ? page.items : [];
    if (!items.some((a: { id: number }) => a.id === agentProfile.id))
      throw new JourneyError(`the agent (${agentProfile.id}) is not in the search results`);
  });

  const request = await step("business sends a partnership request", async () =>
    need(
      "request a partnership",
      await businessApi.POST("/api/partnerships", {
        body: { agentId: agentProfile.id, commissionRate: 12.5 },
        headers: { "Idempotency-Key": randomUUID() },
      }),
    ),
  );
  made.partnershipId = request.id;

  await step("agent sees the request and accepts it", async () => {
    const list = need("list partnerships", await agentApi.GET("/api/partnerships"));
    const mine = (Array.isArray(list) ? list : list.items).find((p: { id: number }) => p.id === request.id);
    if (mine?.direction !== "incoming") throw new JourneyError("the request is not incoming for the agent");
    const accepted = need(
      "accept the partnership",
      await agentApi.PATCH("/api/partnerships/{id}", {
        params: { path: { id: request.id } },
        body: { status: "active" },
      }),
    );
    if (accepted.status !== "active") throw new JourneyError(`partnership ${accepted.status}`);
  });

  const invoice = await step("agent raises an invoice", async () =>
    need(
      "raise the invoice",
      await agentApi.POST("/api/invoices", {
        body: {
          businessId: businessProfile.id,
          partnershipId: request.id,
          amount: 1250.5,
          description: "November qualified leads",
        },
        headers: { "Idempotency-Key": randomUUID() },
      }),
    ),
  );
  made.invoiceId = invoice.id;

  await step("business pays the invoice with the test card (local gateway)", async () => {
    const intent = need(
      "create the payment intent",
      await businessApi.POST("/api/create-payment-intent", {
        body: { invoiceId: invoice.id },
        headers: { "Idempotency-Key": randomUUID() },
      }),
    );
    const confirmed = need(
      "confirm with the test card",
      await businessApi.POST("/api/local-gateway/payment-intents/{id}/confirm", {
        params: { path: { id: intent.id } },
        body: { clientSecret: intent.clientSecret, card: TEST_CARD },
      }),
    );
    if (confirmed.status !== "succeeded") throw new JourneyError(`payment ${confirmed.status}`);
    made.paymentIntentId = intent.id;
    // The gateway's event marks the invoice paid; wait for it (at most 15 s).
    const deadline = Date.now() + 15_000;
    for (;;) {
      const current = need(
        "read the invoice",
        await businessApi.GET("/api/invoices/{id}", { params: { path: { id: invoice.id } } }),
      );
      if (current.status === "paid") return;
      if (Date.now() > deadline) throw new JourneyError(`invoice still ${current.status} after payment`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  await step("business messages the agent; the agent reads it", async () => {
    const sent = need(
      "send a message",
      await businessApi.POST("/api/messages", {
        body: { receiverId: agent.userId, content: "Paid, thanks! Same again in December?" },
        headers: { "Idempotency-Key": randomUUID() },
      }),
    );
    made.messageId = sent.id;
    const conversations = need("list conversations", await agentApi.GET("/api/conversations"));
    const text = JSON.stringify(conversations);
    if (!text.includes("Same again in December?"))
      throw new JourneyError("the agent does not see the message");
  });

  const mismatches = responses.filter((r) => r.mismatch);
  return { responses, mismatches, steps, made };
}

/** CLI entry: `pnpm example:journey [baseUrl]`. */
async function main() {
  const baseUrl = process.argv[2] ?? process.env.CLOSR_BASE_URL ?? "http://localhost:3000";
  const grantCommand = (process.env.CLOSR_GRANT_COMMAND ?? "pnpm api:grant").split(" ").filter(Boolean);
  const { CLOSR_ADMIN_USERNAME: adminUsername, CLOSR_ADMIN_PASSWORD: adminPassword } = process.env;
  try {
    const result = await runJourney({
      baseUrl,
      grant:
        adminUsername && adminPassword
          ? { admin: { username: adminUsername, password: adminPassword } }
          : {
              run: async (username) => {
                const run = promisify(execFile);
                const { stdout } = await run(grantCommand[0]!, [...grantCommand.slice(1), username]);
                process.stdout.write(stdout);
              },
            },
    });
    console.log(
      `\njourney: ${result.steps.length} steps passed; ${result.responses.length} responses checked against the spec, ${result.mismatches.length} mismatches`,
    );
    console.log(`made: ${JSON.stringify(result.made)}`);
    if (result.mismatches.length > 0) process.exitCode = 1;
  } catch (error) {
    console.error(`\njourney FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
