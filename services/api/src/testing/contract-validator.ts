/**
 * Validates real responses against the committed contracts/openapi.json (JSON Schema 2020-12
 * through Ajv): the route must exist, the status must be declared, the body must match, and a
 * response may carry one of the contract's response headers (RateLimit-*, Retry-After,
 * Idempotent-Replayed, Set-Cookie, Location, Deprecation, Link; contracts' headers.ts) only where
 * the operation's response declares it, with a value its schema allows (issue 49).
 */
import { createRequire } from "node:module";
import { declaredResponseHeaders } from "@closr/contracts";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON
const document: any = require("@closr/contracts/openapi.json");

const ajv = new Ajv2020({ strict: false, allErrors: true });
// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
addFormats(ajv as never);
ajv.addSchema(document, "openapi.json");

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

/** The document's path templates, those with fewer parameters first (as the router prefers literal segments). */
const templates = Object.keys(document.paths).sort(
  (a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0),
);

/**
 * Finds the OpenAPI path template matching a concrete path ("/api/invoices/7" → "/api/invoices/{id}");
 * a literal template wins over a parameter ("/api/opportunities/mine" is not "/api/opportunities/{id}").
 */
function findPath(path: string): string | undefined {
  for (const template of templates) {
    const re = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    if (re.test(path)) return template;
  }
  return undefined;
}

/** A header object of the document, through its `$ref` to components.headers. */
// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON
const resolveHeader = (header: any) =>
  header?.$ref ? document.components.headers[String(header.$ref).split("/").pop()!] : header;

/** The contract's response headers a response carries without its operation declaring them. */
function undeclaredHeaders(
  method: string,
  template: string,
  response: Response,
  // biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON
  declared: any,
): string[] {
  const found: string[] = [];
  const headers: Record<string, unknown> = declared.headers ?? {};
  for (const name of declaredResponseHeaders) {
    const value = name === "Set-Cookie" ? response.headers.getSetCookie()[0] : response.headers.get(name);
    if (value === null || value === undefined) continue;
    const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
    if (!entry) {
      found.push(`${method} ${template} ${response.status}: header ${name} is sent but not declared`);
      continue;
    }
    const schema = resolveHeader(entry)?.schema;
    if (!schema) continue;
    const typed = schema.type === "integer" && /^\d+$/.test(value) ? Number(value) : value;
    const validate = ajv.compile(schema);
    if (!validate(typed))
      found.push(
        `${method} ${template} ${response.status}: header ${name} "${value}" ${ajv.errorsText(validate.errors)}`,
      );
  }
  return found;
}

/** Returns a list of contract violations for one response (empty when it conforms). */
export async function contractViolations(method: string, url: string, response: Response): Promise<string[]> {
  const path = new URL(url, "http://localhost").pathname;
  if (!path.startsWith("/api/") || path.startsWith("/api/docs") || path === "/api/openapi.json") return [];
  const template = findPath(path);
  const operation = template ? document.paths[template][method.toLowerCase()] : undefined;
  // Unknown routes must answer a not-found problem, which is itself contract-shaped.
  if (!operation) {
    if (response.status === 404 && response.headers.get("content-type")?.includes("problem+json")) return [];
    return [`${method} ${path}: not in the contract, answered ${response.status}`];
  }
  const declared = operation.responses[String(response.status)];
  if (!declared) return [`${method} ${template}: status ${response.status} is not declared`];
  const headerViolations = undeclaredHeaders(method, template!, response, declared);
  if (headerViolations.length) return headerViolations;
  if (!declared.content) {
    const text = await response.clone().text();
    return text ? [`${method} ${template} ${response.status}: declared without body, got one`] : [];
  }
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
  if (!declared.content[type])
    return [`${method} ${template} ${response.status}: content-type ${type} not declared`];
  // Binary bodies (downloads) are checked by type only.
  if (!type.endsWith("json")) return [];
  const ref = `openapi.json#/${pointer("paths", template!, method.toLowerCase(), "responses", String(response.status), "content", type, "schema")}`;
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  const body = await response.clone().json();
  if (validate(body)) return [];
  return [`${method} ${template} ${response.status}: ${ajv.errorsText(validate.errors)}`];
}
