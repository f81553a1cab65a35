/**
 * The set-up most integration test files repeat, once: a real app on a fresh test database
 * (createTestApp) made before the file's tests, closed after them, and after every test the
 * responses' contract violations asserted empty (then cleared).
 *
 *   const t = useTestApp();                         // at the top of a test file
 *   const t = useTestApp({ clock: clock.layer });   // createTestApp's options
 *   const t = useTestApp({}, { setUp: (app) => seed(app.database.db) });
 *
 * `t` is usable inside tests and hooks (it forwards to the app made in beforeAll); reading it
 * while the file is being collected throws.
 */
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "./test-app.ts";

export interface UseTestAppOptions {
  /** Runs once after the app is made (seeding, schema tweaks), inside the same beforeAll. */
  readonly setUp?: (app: TestApp) => Promise<unknown> | unknown;
  /** Assert no contract violations after each test (default true). */
  readonly checkContract?: boolean;
  /** beforeAll's timeout in ms (default 60 s: migrating a fresh database on a busy machine). */
  readonly timeoutMs?: number;
}

export function useTestApp(
  appOptions: Parameters<typeof createTestApp>[0] = {},
  options: UseTestAppOptions = {},
): TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(appOptions);
    await options.setUp?.(app);
  }, options.timeoutMs ?? 60_000);
  afterAll(() => app?.close());
  if (options.checkContract ?? true) afterEach(() => expect(app?.violations.splice(0)).toEqual([]));
  return new Proxy({} as TestApp, {
    get: (_target, name) => {
      if (!app)
        throw new Error(`useTestApp: the app is made in beforeAll; read "${String(name)}" in a test or hook`);
      return Reflect.get(app, name);
    },
  });
}
