/**
 * Text PostgreSQL cannot store is refused at the edge (ADR 0034): NUL and a lone surrogate sent
 * into every string field of every operation in contracts/openapi.json — JSON bodies, multipart
 * fields, query and path parameters, enumerated from the document itself, not from a list —
 * answer a 422 problem naming the field, and never a 5xx. Each request is tried signed out, then
 * as a business, an agent and an admin, so it reaches the validators behind the route's guards.
 */
import { createRequire } from "node:module";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aTestParty, partyProfile } from "../testing/parties.ts";
import { confirmEmail, createTestApp, type TestApp, type TestClient } from "../testing/test-app.ts";
import {
  jsonTooDeepMessage,
  MAX_JSON_DEPTH,
  undecodableTextMessage,
  unrepresentableTextMessage,
} from "./validation.ts";

const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON
const document: any = require("@closr/contracts/openapi.json");

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema nodes
type Schema = any;

const NUL = "a\u0000b";
const LONE_SURROGATE = "a\ud800b";
/** In a URL: %00, and the three bytes a lone surrogate would take in UTF-8 (not valid UTF-8). */
const URL_NUL = "a%00b";
const URL_LONE_SURROGATE = "a%ED%A0%80b";

const resolve = (schema: Schema): Schema => {
  let node = schema ?? {};
  while (node.$ref) node = document.components.schemas[node.$ref.split("/").pop()];
  return node;
};

/** Whether a value of `schema` may be a string (string, enum of strings, a union with one, or anything). */
function takesString(schema: Schema): boolean {
  const node = resolve(schema);
  if (node.format === "binary") return false;
  const branches = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])];
  if (branches.length) return branches.some(takesString);
  if (node.type === undefined)
    return node.enum ? node.enum.some((v: unknown) => typeof v === "string") : true;
  return [node.type].flat().includes("string");
}

/** Every path (list of keys) in a value of `schema` that may hold a string. */
function stringPaths(schema: Schema, depth = 0): (string | number)[][] {
  const node = resolve(schema);
  if (depth > 6) return [];
  const paths: (string | number)[][] = [];
  for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])])
    paths.push(...stringPaths(branch, depth + 1));
  for (const [key, property] of Object.entries<Schema>(node.properties ?? {})) {
    if (takesString(property)) paths.push([key]);
    for (const inner of stringPaths(property, depth + 1)) paths.push([key, ...inner]);
  }
  if (node.additionalProperties && typeof node.additionalProperties === "object") {
    if (takesString(node.additionalProperties)) paths.push(["key"]);
    for (const inner of stringPaths(node.additionalProperties, depth + 1)) paths.push(["key", ...inner]);
  }
  if (node.items) {
    if (takesString(node.items)) paths.push([0]);
    for (const inner of stringPaths(node.items, depth + 1)) paths.push([0, ...inner]);
  }
  const seen = new Set<string>();
  return paths.filter((p) => !seen.has(p.join(".")) && seen.add(p.join(".")));
}

/** A value with `value` at `path` ({a: {b: [value]}} for ["a", "b", 0]). */
const placed = (path: readonly (string | number)[], value: unknown): unknown =>
  path.length === 0
    ? value
    : typeof path[0] === "number"
      ? [placed(path.slice(1), value)]
      : { [path[0] as string]: placed(path.slice(1), value) };

interface Probe {
  readonly label: string;
  readonly method: string;
  readonly url: string;
  readonly field: string;
  readonly message: string;
  readonly init: () => RequestInit & { json?: unknown };
}

/** Valid values for the path and query parameters of an operation, so a probe reaches its validator. */
function parameterFiller(template: string, parameters: Schema[]) {
  const pathParams = parameters.filter((p) => p.in === "path");
  const validValue = (param: Schema) => {
    const schema = resolve(param.schema);
    if (schema.example !== undefined) return encodeURIComponent(String(schema.example));
    if (schema.enum) return encodeURIComponent(String(schema.enum[0]));
    return [schema.type].flat().some((type: string) => type === "integer" || type === "number") ? "1" : "x";
  };
  const otherQuery = (probed?: string) =>
    parameters
      .filter((p) => p.in === "query" && p.name !== probed)
      .filter((p) => p.required || [resolve(p.schema).type].flat().includes("integer"))
      .map((p) => `${encodeURIComponent(p.name)}=${validValue(p)}`);
  const filled = (override?: { name: string; value: string }) => {
    const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
      if (override?.name === name) return override.value;
      return validValue(pathParams.find((p) => p.name === name));
    });
    const query = otherQuery().join("&");
    return query ? `${path}?${query}` : path;
  };
  return { pathParams, validValue, otherQuery, filled };
}

/** Every operation of the document: path template, method, and the operation object. */
function operations(): { template: string; method: string; operation: Schema }[] {
  const list: { template: string; method: string; operation: Schema }[] = [];
  for (const [template, item] of Object.entries<Schema>(document.paths))
    for (const [method, operation] of Object.entries<Schema>(item))
      if (["get", "post", "put", "patch", "delete"].includes(method))
        list.push({ template, method, operation });
  return list;
}

/** Operations authenticated by a signature over the raw body (Stripe-Signature). */
const signedReceivers = new Set(["stripeWebhook", "stripeConnectWebhook"]);

/** One probe per hostile value per string field of every operation in the document. */
function probes(): Probe[] {
  const list: Probe[] = [];
  for (const { template, method, operation } of operations()) {
    const parameters: Schema[] = operation.parameters ?? [];
    const { pathParams, validValue, otherQuery, filled } = parameterFiller(template, parameters);
    const base = { method: method.toUpperCase() };
    const hostile = [
      [NUL, URL_NUL, "NUL", unrepresentableTextMessage],
      [LONE_SURROGATE, URL_LONE_SURROGATE, "lone surrogate", null],
    ] as const;
    const content = operation.requestBody?.content ?? {};
    // A query or path probe of an operation that takes only CSV carries a CSV body: the media
    // type guard answers 415 before the parameters are read otherwise.
    const csvOnly = !content["application/json"] && content["text/csv"];
    const paramInit = (): RequestInit =>
      csvOnly
        ? { method: base.method, body: "date,amount\n", headers: { "content-type": "text/csv" } }
        : { method: base.method };
    for (const param of parameters) {
      if (!["path", "query"].includes(param.in) || !takesString(param.schema)) continue;
      for (const [, inUrl, name, message] of hostile) {
        const url =
          param.in === "path"
            ? filled({ name: param.name, value: inUrl })
            : `${template.replace(/\{([^}]+)\}/g, (_, name: string) => validValue(pathParams.find((p) => p.name === name)))}?${[...otherQuery(param.name), `${encodeURIComponent(param.name)}=${inUrl}`].join("&")}`;
        list.push({
          ...base,
          label: `${base.method} ${template} ${param.in} ${param.name} (${name})`,
          url,
          field: param.name,
          message: message ?? undecodableTextMessage,
          init: paramInit,
        });
      }
    }
    // Stripe's event receivers read the body only after its signature is verified: an unsigned
    // probe is 400 invalid-webhook (the payments and payouts tests cover their bodies).
    const json = signedReceivers.has(operation.operationId) ? undefined : content["application/json"]?.schema;
    if (json) {
      const paths = takesString(json) && resolve(json).type === "string" ? [[]] : stringPaths(json);
      for (const path of paths)
        for (const [value, , name] of hostile)
          list.push({
            ...base,
            label: `${base.method} ${template} body ${path.join(".") || "(root)"} (${name})`,
            url: filled(),
            field: path.join(".") || "body",
            message: unrepresentableTextMessage,
            init: () => ({ method: base.method, json: placed(path, value) }),
          });
    }
    const multipart = content["multipart/form-data"]?.schema;
    if (multipart) {
      // A lone surrogate cannot travel in a multipart body: UTF-8 encoding makes it U+FFFD.
      for (const [key, property] of Object.entries<Schema>(resolve(multipart).properties ?? {})) {
        if (!takesString(property)) continue;
        list.push({
          ...base,
          label: `${base.method} ${template} form ${key} (NUL)`,
          url: filled(),
          field: key,
          message: unrepresentableTextMessage,
          init: () => {
            const form = new FormData();
            form.set(key, NUL);
            return { method: base.method, body: form };
          },
        });
      }
    }
  }
  return list;
}

/** A JSON body nested `levels` deep: {"a":{"a":…1…}} (issue 48: 5,000 levels used to answer 500). */
const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

/** One 5,000-deep JSON body per operation of the document that takes a JSON body. */
function deepProbes(): { label: string; method: string; url: string }[] {
  return operations()
    .filter(({ operation }) => operation.requestBody?.content?.["application/json"])
    .map(({ template, method, operation }) => ({
      label: `${method.toUpperCase()} ${template}`,
      method: method.toUpperCase(),
      url: parameterFiller(template, operation.parameters ?? []).filled(),
    }));
}

let t: TestApp;
/** What the app logged (pino JSON lines, level info and up). */
const logged: string[] = [];
let callers: { readonly name: string; readonly client: TestClient }[];

beforeAll(async () => {
  t = await createTestApp({
    logger: pino({ level: "info" }, { write: (line: string) => logged.push(line) }),
  });
  const business = await aTestParty(t, "business", {
    username: "nulbusiness",
    profile: partyProfile("business", 1),
  });
  const agent = await aTestParty(t, "agent", { username: "nulagent", profile: partyProfile("agent", 1) });
  const admin = await aTestParty(t, "business", {
    username: "nuladmin",
    profile: partyProfile("business", 2),
  });
  await t.database.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  // Verification and payout set-up need a confirmed email before they read the body.
  for (const party of [business, agent, admin]) await confirmEmail(t, party.email);
  callers = [
    { name: "signed out", client: t.client() },
    { name: "business", client: business.client },
    { name: "agent", client: agent.client },
    { name: "admin", client: admin.client },
  ];
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("text PostgreSQL cannot store", () => {
  it("is refused with a 422 naming the field in every string of every operation, never a 5xx", async () => {
    const all = probes();
    // The document has string fields in bodies, queries and paths: the walk is not empty.
    expect(all.length).toBeGreaterThan(300);
    const serverErrors: string[] = [];
    const notRefused: string[] = [];
    for (const probe of all) {
      const seen: string[] = [];
      let refused = false;
      for (const { name, client } of callers) {
        const res = await client.request(probe.url, probe.init());
        seen.push(`${name} ${res.status}`);
        if (res.status >= 500) serverErrors.push(`${probe.label}: ${name} ${res.status}`);
        if (res.status === 422) {
          const body = (await res.json()) as { errors?: { field: string; message: string }[] };
          if (body.errors?.some((e) => e.field === probe.field && e.message === probe.message)) {
            refused = true;
            break;
          }
          seen.push(JSON.stringify(body.errors));
        }
      }
      if (!refused) notRefused.push(`${probe.label}: ${seen.join(", ")}`);
    }
    expect(serverErrors).toEqual([]);
    expect(notRefused).toEqual([]);
    expect(t.violations).toEqual([]);
  }, 600_000);

  it("answers the four signed-out examples of the probe with 422, and stores nothing", async () => {
    const visitor = t.client();
    const login = await visitor.request("/api/login", {
      method: "POST",
      json: { username: "a\u0000b", password: "x" },
    });
    expect(login.status).toBe(422);
    expect(((await login.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain(
      "username",
    );
    const content = await visitor.request("/api/content?slug=a%00b");
    expect(content.status).toBe(422);
    expect(((await content.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe("slug");
    const newsletter = await visitor.request("/api/newsletter", {
      method: "POST",
      json: { email: "a\u0000b@example.com" },
    });
    expect(newsletter.status).toBe(422);
    const contact = await visitor.request("/api/contact", {
      method: "POST",
      json: { fullName: "Ann", email: "ann@example.com", subject: "Hi", message: "Hello \ud800 there" },
    });
    expect(contact.status).toBe(422);
    expect(((await contact.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain(
      "message",
    );
    const stored = await t.database.db.selectFrom("contactMessages").select("id").execute();
    expect(stored).toEqual([]);
  });

  it("never fails the help search and article reads", async () => {
    for (const path of [
      "/api/help/search?q=a%00b",
      "/api/help/search?q=a%ED%A0%80b",
      "/api/help/articles/a%00b",
    ]) {
      const res = await t.client().request(path);
      expect(res.status, path).toBeLessThan(500);
    }
  });
});

describe("JSON nested too deep (issue 48)", () => {
  it("answers 5,000 levels with a 422 naming the limit on every JSON operation, signed out and signed in", async () => {
    const all = deepProbes();
    // Every JSON body of the contract: login, register, messages, invoices, profiles, …
    expect(all.length).toBeGreaterThan(50);
    const body = deepJson(5000);
    const answers: string[] = [];
    const wrong: string[] = [];
    const before = logged.length;
    for (const probe of all) {
      for (const { name, client } of callers) {
        const res = await client.request(probe.url, {
          method: probe.method,
          headers: { "content-type": "application/json" },
          body,
        });
        const problem = (await res.json()) as { errors?: { field: string; message: string }[] };
        answers.push(`${probe.label}: ${name} ${res.status}`);
        const named = problem.errors?.some((e) => e.field === "body" && e.message === jsonTooDeepMessage);
        if (res.status !== 422 || !named)
          wrong.push(`${probe.label}: ${name} ${res.status} ${JSON.stringify(problem).slice(0, 200)}`);
      }
    }
    expect(answers.filter((a) => / 5\d\d$/.test(a))).toEqual([]);
    expect(wrong).toEqual([]);
    expect(answers.length).toBe(all.length * callers.length);
    // Client errors write no stack trace (and nothing at level error) to the log.
    const lines = logged.slice(before).map((line) => JSON.parse(line) as { level: number; err?: unknown });
    expect(lines.filter((line) => line.level >= 50 || line.err !== undefined)).toEqual([]);
    expect(t.violations).toEqual([]);
  }, 120_000);

  it("lets a body exactly at the limit through to the validators, and refuses one level more", async () => {
    const visitor = t.client();
    const atLimit = await visitor.request("/api/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: deepJson(MAX_JSON_DEPTH),
    });
    expect(atLimit.status).toBe(422);
    const atLimitErrors = ((await atLimit.json()) as { errors: { message: string }[] }).errors;
    expect(atLimitErrors.map((e) => e.message)).not.toContain(jsonTooDeepMessage);
    const over = await visitor.request("/api/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: deepJson(MAX_JSON_DEPTH + 1),
    });
    expect(over.status).toBe(422);
    expect(await over.json()).toMatchObject({
      type: "/problems/validation-failed",
      errors: [{ field: "body", message: "Must be nested at most 64 levels deep" }],
    });
    // Brackets inside strings are text, not nesting.
    const login = await visitor.request("/api/login", {
      method: "POST",
      json: { username: "[".repeat(200), password: "{".repeat(100) },
    });
    expect(login.status).toBe(401);
  });
});
