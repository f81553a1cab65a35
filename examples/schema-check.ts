/**
 * Response-schema check for integrators (issue 20): validates every response against the
 * operation and status of the OpenAPI 3.1 document the server publishes (`/api/openapi.json`),
 * with Ajv's JSON Schema 2020-12 dialect. A response whose route, status, content type or body
 * the document does not describe is a mismatch.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

/** An OpenAPI document as JSON (only `paths` is read here). */
export interface OpenApiDocument {
  readonly paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
}
interface ResponseObject {
  readonly content?: Record<string, unknown>;
}

/** One checked response: "GET /api/invoices/{id} 200", and the mismatch found, if any. */
export interface CheckedResponse {
  readonly operation: string;
  readonly mismatch?: string;
}

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

/**
 * Builds a checker over `document`. `check(method, url, response)` reads a clone of the body and
 * resolves with the operation and the mismatch (undefined when the response conforms).
 */
export function createSchemaCheck(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv as never);
  ajv.addSchema(document as object, "openapi.json");
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    re: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
  }));

  return async function check(method: string, url: string, response: Response): Promise<CheckedResponse> {
    const path = new URL(url).pathname;
    const lower = method.toLowerCase();
    const template = templates.find((t) => t.re.test(path) && document.paths[t.template]?.[lower])?.template;
    const operation = `${method.toUpperCase()} ${template ?? path} ${response.status}`;
    const declaredOperation = template ? document.paths[template]?.[lower] : undefined;
    if (!declaredOperation) return { operation, mismatch: "the operation is not in the spec" };
    const declared = declaredOperation.responses[String(response.status)];
    if (!declared) return { operation, mismatch: `status ${response.status} is not declared` };
    const body = await response.clone().text();
    if (!declared.content)
      return body ? { operation, mismatch: "declared without a body, got one" } : { operation };
    const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
    if (!declared.content[type]) return { operation, mismatch: `content type "${type}" is not declared` };
    if (!type.endsWith("json")) return { operation };
    const ref = `openapi.json#/${pointer("paths", template!, lower, "responses", String(response.status), "content", type, "schema")}`;
    const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return { operation, mismatch: "the body is not JSON" };
    }
    if (validate(parsed)) return { operation };
    return { operation, mismatch: ajv.errorsText(validate.errors) };
  };
}
