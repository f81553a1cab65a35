/**
 * The request validators' one hook (ADR 0002, ADR 0034): zod's failures become the 422 problem's
 * `errors` list (field + message), and text PostgreSQL cannot store is refused at the edge for
 * every target the contract validates (JSON and multipart bodies, query, path, headers).
 */
import type { z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { type FieldError, problem } from "./problem.ts";

/**
 * zod's issues as the 422 problem's `errors` list: one `{ field, message }` per issue, `field` the
 * dotted path ("body" at the root); an unrecognized-keys issue gives one "Unknown field" per key.
 */
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
 * whose `field` is the dotted path from the target's root ("body" for a bare string), in document
 * order. Files and other non-plain objects are skipped (upload names are cleaned by core, ADR 0034).
 *
 * The walk is iterative (an explicit stack), so a value nested arbitrarily deep costs memory in
 * proportion to its size and never overflows the call stack (issue 48: a 5,000-deep body used to
 * answer 500 RangeError). JSON bodies deeper than {@link MAX_JSON_DEPTH} are refused before any
 * of this runs ({@link jsonDepthLimit}).
 */
export function unrepresentableText(value: unknown, path: readonly (string | number)[] = []): FieldError[] {
  // Paths are kept as links to the parent's (not copied arrays), so the walk is linear in the
  // value's size whatever its depth; a field name is spelled out only when there is an error.
  type Path = { readonly parent: Path | undefined; readonly key: string | number } | undefined;
  const base = path.join(".");
  const field = (at: Path, key?: string) => {
    const keys: (string | number)[] = key === undefined ? [] : [key];
    for (let link = at; link !== undefined; link = link.parent) keys.push(link.key);
    const tail = keys.reverse().join(".");
    return [base, tail].filter(Boolean).join(".") || "body";
  };
  const errors: FieldError[] = [];
  // An entry is a value still to search, or the error of a key already found (kept in the
  // stack so errors come out in document order, as a recursive walk would give them).
  type Entry = { readonly value: unknown; readonly at: Path } | FieldError;
  const stack: Entry[] = [{ value, at: undefined }];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    if ("field" in entry) {
      errors.push(entry);
      continue;
    }
    const { value: item, at } = entry;
    if (typeof item === "string") {
      if (isUnrepresentable(item)) errors.push({ field: field(at), message: unrepresentableTextMessage });
      continue;
    }
    // Children are pushed last-first so that they are visited first-first.
    if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index--)
        stack.push({ value: item[index], at: { parent: at, key: index } });
      continue;
    }
    if (!isPlainObject(item)) continue;
    const entries = Object.entries(item);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index] as [string, unknown];
      // A key that cannot be stored is reported once; what it holds is not searched.
      stack.push(
        isUnrepresentable(key)
          ? { field: field(at, storableText(key)), message: unrepresentableTextMessage }
          : { value: child, at: { parent: at, key } },
      );
    }
  }
  return errors;
}

/** The deepest nesting of objects and arrays a JSON request body may have (issue 48). */
export const MAX_JSON_DEPTH = 64;

/** The 422 message of a JSON body nested deeper than {@link MAX_JSON_DEPTH}. */
export const jsonTooDeepMessage = `Must be nested at most ${MAX_JSON_DEPTH} levels deep`;

/**
 * How deeply objects and arrays nest in the JSON text `text` (`1` for `{"a":1}`, `0` for `"x"`),
 * counted on the characters without parsing, so nothing recursive ever sees the value. Brackets
 * inside strings (with `\` escapes) are not counted. Stops counting and answers as soon as the
 * depth exceeds `stopAbove`. Malformed text gets a best-effort figure; the parser refuses it later.
 */
export function jsonNestingDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c /* \ */) i++;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) depth--;
  }
  return deepest;
}

/** JSON media types (`application/json`, `application/<x>+json`): what the API's media-type guard lets in. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;

/**
 * Middleware for `/api/*`, after the body-size limit and before the session, guards and
 * validators: a JSON body whose objects and arrays nest deeper than `maxDepth` (default
 * {@link MAX_JSON_DEPTH}) answers a 422 `validation-failed` problem with the error
 * `{ field: "body", message: "Must be nested at most 64 levels deep" }`. It runs before anything
 * recursive can touch the parsed value (zod, the unstorable-text walk, a handler, the jsonb
 * encoder), and before authentication, so the answer is the same 422 signed in or out and no
 * stack trace is ever logged for it. The text is read from a clone, so later readers of the raw
 * request (rate-limit keys, idempotency, signed webhooks) see the body untouched.
 *
 * Source: OWASP ASVS 5.0 V2.2.1 (input checked against an expected structure and logical limits)
 * and V1.5.2 (deserialization of untrusted data enforces safe input handling); issue 48.
 */
export function jsonDepthLimit(maxDepth: number = MAX_JSON_DEPTH): MiddlewareHandler {
  const message =
    maxDepth === MAX_JSON_DEPTH ? jsonTooDeepMessage : `Must be nested at most ${maxDepth} levels deep`;
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const mediaType = (c.req.header("content-type") ?? "").split(";")[0]?.trim() ?? "";
    if (!JSON_MEDIA_TYPE.test(mediaType) || !c.req.raw.body) return next();
    let text: string;
    try {
      text = await c.req.raw.clone().text();
    } catch {
      return next(); // the validator reports an unreadable body as malformed (400)
    }
    if (jsonNestingDepth(text, maxDepth) <= maxDepth) return next();
    return problem(c, "validation-failed", {
      detail: "Some fields are missing or invalid.",
      errors: [{ field: "body", message }],
    });
  };
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
