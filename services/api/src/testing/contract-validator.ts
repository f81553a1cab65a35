/**
 * Validates real responses against the committed contracts/openapi.json (JSON Schema 2020-12
 * through Ajv): the route must exist, the status must be declared, and the body must match.
 */
import { createRequire } from "node:module";
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

/** Finds the OpenAPI path template matching a concrete path ("/api/invoices/7" → "/api/invoices/{id}"). */
function findPath(path: string): string | undefined {
  for (const template of Object.keys(document.paths)) {
    const re = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    if (re.test(path)) return template;
  }
  return undefined;
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
  if (!declared.content) {
    const text = await response.clone().text();
    return text ? [`${method} ${template} ${response.status}: declared without body, got one`] : [];
  }
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
  if (!declared.content[type])
    return [`${method} ${template} ${response.status}: content-type ${type} not declared`];
  // A declared binary body (a PDF): the declared content type is the check.
  if (!type.endsWith("json")) return [];
  const ref = `openapi.json#/${pointer("paths", template!, method.toLowerCase(), "responses", String(response.status), "content", type, "schema")}`;
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  const body = await response.clone().json();
  if (validate(body)) return [];
  return [`${method} ${template} ${response.status}: ${ajv.errorsText(validate.errors)}`];
}
