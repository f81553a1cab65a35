/**
 * The request validators' one hook (ADR 0002, ADR 0034): zod's failures become the 422 problem's
 * `errors` list (field + message), and text PostgreSQL cannot store is refused at the edge for
 * every target the contract validates (JSON and multipart bodies, query, path, headers).
 */
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { type FieldError, problem } from "./problem.ts";

export function fieldErrors(error: z.ZodError): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys)
        errors.push({ field: [...issue.path, key].join("."), message: "Unknown field" });
    } else {
      errors.push({ field: issue.path.join(".") || "body", message: issue.message });
    }
  }
  return errors;
}

/**
 * NUL, or a UTF-16 surrogate without its pair: PostgreSQL refuses the first in `text`
 * (SQLSTATE 22021) and the second in `jsonb`, and neither is text a person typed.
 */
const UNREPRESENTABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const UNREPRESENTABLE_GLOBAL = new RegExp(UNREPRESENTABLE.source, "g");

/** The 422 message of a field holding NUL or a lone surrogate. */
export const unrepresentableTextMessage = "Must not contain NUL or unpaired surrogate characters";

/** The 422 message of a query or path value whose %-escapes are not UTF-8. */
export const undecodableTextMessage = "Must be valid UTF-8 text";

/** True when `text` holds NUL or a lone surrogate. */
export const isUnrepresentable = (text: string) => UNREPRESENTABLE.test(text);

/** `text` with every NUL and lone surrogate replaced by U+FFFD (for keys built before validation). */
export const storableText = (text: string) => text.replace(UNREPRESENTABLE_GLOBAL, "\ufffd");

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * Every string (and object key) in `value` that holds NUL or a lone surrogate, as field errors
 * whose `field` is the dotted path from the target's root ("body" for a bare string). Files and
 * other non-plain objects are skipped (upload names are cleaned by core, ADR 0034).
 */
export function unrepresentableText(value: unknown, path: readonly (string | number)[] = []): FieldError[] {
  const field = () => path.join(".") || "body";
  if (typeof value === "string")
    return isUnrepresentable(value) ? [{ field: field(), message: unrepresentableTextMessage }] : [];
  if (Array.isArray(value))
    return value.flatMap((item, index) => unrepresentableText(item, [...path, index]));
  if (!isPlainObject(value)) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    isUnrepresentable(key)
      ? [{ field: [...path, storableText(key)].join("."), message: unrepresentableTextMessage }]
      : unrepresentableText(item, [...path, key]),
  );
}

const strictlyDecodes = (raw: string) => {
  try {
    decodeURIComponent(raw.replace(/\+/g, " "));
    return true;
  } catch {
    return false;
  }
};

const looselyDecoded = (raw: string) => raw.replace(/\+/g, " ").replace(/%(?![0-9a-f]{2})/gi, "%25");

/**
 * Query parameters and path parameters whose %-escapes do not decode as UTF-8 (e.g. `%ED%A0%80`,
 * the three bytes a lone surrogate would need): the router leaves such escapes as they are, so
 * they are caught on the raw URL. One error per parameter, named as the contract names it.
 */
export function undecodableParameters(c: Context, target: string): FieldError[] {
  const url = c.req.url;
  if (target === "query") {
    const query = url.split("#")[0]?.split("?").slice(1).join("?") ?? "";
    const errors: FieldError[] = [];
    for (const pair of query.split("&")) {
      if (!pair) continue;
      const at = pair.indexOf("=");
      const key = at < 0 ? pair : pair.slice(0, at);
      const value = at < 0 ? "" : pair.slice(at + 1);
      if (strictlyDecodes(key) && strictlyDecodes(value)) continue;
      let field = key;
      try {
        field = decodeURIComponent(looselyDecoded(key));
      } catch {}
      errors.push({ field: storableText(field), message: undecodableTextMessage });
    }
    return errors;
  }
  if (target === "param") {
    const pattern = c.req.routePath.split("/");
    const raw = new URL(url).pathname.split("/");
    if (pattern.length !== raw.length) return [];
    return pattern.flatMap((segment, index) =>
      segment.startsWith(":") && !strictlyDecodes(raw[index] ?? "")
        ? [
            {
              field: segment.slice(1).replace(/\{.*$/, "").replace(/\?$/, ""),
              message: undecodableTextMessage,
            },
          ]
        : [],
    );
  }
  return [];
}

/**
 * OpenAPIHono's `defaultHook`: a 422 `validation-failed` problem listing zod's field errors and
 * every field holding text PostgreSQL cannot store (NUL, lone surrogates, undecodable %-escapes).
 * `result.data` is the parsed value on success and the raw input on failure, so both are searched.
 */
export function validationHook(
  result: { success: boolean; data?: unknown; error?: z.ZodError; target: string },
  c: Context,
) {
  const unstorable = [...unrepresentableText(result.data), ...undecodableParameters(c, result.target)];
  if (result.success && unstorable.length === 0) return undefined;
  return problem(c, "validation-failed", {
    detail: "Some fields are missing or invalid.",
    errors: [...unstorable, ...(result.error ? fieldErrors(result.error) : [])],
  });
}
