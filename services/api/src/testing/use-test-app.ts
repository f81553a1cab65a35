/**
 * The set-up most integration test files repeat, once: a real app on a fresh test database
 * (createTestApp) made before the file's tests, closed after them, and after every test the
 * responses' contract violations asserted empty (then cleared).
 *
 *   const t = useTestApp();                         // at the top of a test file
 *   const t = useTestApp({ clock: clock.layer });   // createTestApp's options
 *   const t = useTestApp({}, { setUp: (app) => seed(app.database.db) });
 *   const t = useTestApp({}, { stripe: { webhookSecret: "whsec_x" } });  // Stripe mode: t.standIn
 *
 * `t` is usable inside tests and hooks (it forwards to the app made in beforeAll); reading it
 * while the file is being collected throws.
 */
import { type StripeStandIn, startStripeStandIn } from "@closr/adapters/stripe/testing";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "./test-app.ts";

type StripeOptions = NonNullable<NonNullable<Parameters<typeof createTestApp>[0]>["stripe"]>;

export interface UseTestAppOptions {
  /** Runs once after the app is made (seeding, schema tweaks), inside the same beforeAll. */
  readonly setUp?: (app: TestApp) => Promise<unknown> | unknown;
  /** Assert no contract violations after each test (default true). */
  readonly checkContract?: boolean;
  /** beforeAll's timeout in ms (default 60 s: migrating a fresh database on a busy machine). */
  readonly timeoutMs?: number;
  /**
   * Stripe mode: a Stripe stand-in is started before the app (and closed after it), the app's
   * Stripe gateways point at it (test keys, no network retries) with these signing secrets;
   * the stand-in is `t.standIn`.
   */
  readonly stripe?: Partial<Omit<StripeOptions, "apiBase">> & { readonly webhookSecret: string };
}

/** The app of `useTestApp`; `standIn` is the Stripe stand-in in Stripe mode (reading it otherwise throws). */
export type UsedTestApp = TestApp & { readonly standIn: StripeStandIn };

export function useTestApp(
  appOptions: Parameters<typeof createTestApp>[0] = {},
  options: UseTestAppOptions = {},
): UsedTestApp {
  let app: TestApp | undefined;
  let standIn: StripeStandIn | undefined;
  beforeAll(async () => {
    if (options.stripe) {
      standIn = await startStripeStandIn();
      app = await createTestApp({
        ...appOptions,
        stripe: {
          secretKey: "sk_test_stand_in",
          publishableKey: "pk_test_stand_in",
          maxNetworkRetries: 0,
          ...options.stripe,
          apiBase: standIn.url,
        },
      });
    } else app = await createTestApp(appOptions);
    await options.setUp?.(app);
  }, options.timeoutMs ?? 60_000);
  afterAll(async () => {
    await app?.close();
    await standIn?.close();
  });
  if (options.checkContract ?? true) afterEach(() => expect(app?.violations.splice(0)).toEqual([]));
  return new Proxy({} as UsedTestApp, {
    get: (_target, name) => {
      if (!app)
        throw new Error(`useTestApp: the app is made in beforeAll; read "${String(name)}" in a test or hook`);
      if (name === "standIn") {
        if (!standIn) throw new Error("useTestApp: standIn exists only with the stripe option");
        return standIn;
      }
      return Reflect.get(app, name);
    },
  });
}
