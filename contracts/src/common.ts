/** Schemas several contexts share: page numbers, page sizes, integer path ids, money. */
import { z } from "@hono/zod-openapi";

/** A required positive 32-bit integer id in a body, with `message` as its one error. */
export const positiveId = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(2_147_483_647, { error: message });

/** An amount of AUD dollars with at most 2 decimals (integer cents inside the service). */
export const money = (description: string) =>
  z.number().openapi({ description: `${description} AUD dollars, 2 decimals.`, example: 150 });

/** A whole-number query parameter from 1 to `max` with a default (page, pageSize). */
export const pageParam = (name: string, max: number, fallback: number) => {
  const error = `${name} must be a whole number from 1 to ${max}`;
  return z.coerce
    .number({ error })
    .int({ error })
    .min(1, { error })
    .max(max, { error })
    .default(fallback)
    .openapi({ param: { name, in: "query" } });
};

/** `page` (1–10000, default 1) and `pageSize` (1–`maxSize`, default `defaultSize`). */
export const paging = (maxSize: number, defaultSize: number) => ({
  page: pageParam("page", 10_000, 1).openapi({ description: "From 1." }),
  pageSize: pageParam("pageSize", maxSize, defaultSize),
});

/**
 * A file field of a multipart body (a `File` in the parsed form), documented as a binary string
 * with `description`; `error` is what a missing or non-file value answers.
 */
export const uploadedFile = (description: string, error = "Choose a file") =>
  z
    .custom<File>((value) => value instanceof File, { error })
    .openapi({ type: "string", format: "binary", description });

const idError = "id must be a positive whole number";

/** `{id}` path parameter: a positive 32-bit integer. */
export const IdParam = z.object({
  id: z.coerce
    .number({ error: idError })
    .int({ error: idError })
    .min(1, { error: idError })
    .max(2_147_483_647, { error: idError })
    .openapi({ param: { name: "id", in: "path" } }),
});

/**
 * A page of `item`s as every list answers it (items, total, page from 1, pageSize), registered
 * in the document as the component `name`.
 */
export const pageSchema = <T extends z.ZodTypeAny>(item: T, name: string) =>
  z
    .object({
      items: z.array(item),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
    })
    .openapi(name);

/**
 * An amount of AUD dollars a person types: from 0.01 to 999,999.99 with at most 2 decimals, with
 * the forms' error words (invoices, refunds). The caller adds its description.
 */
export const typedDollars = () =>
  z
    .number({ error: "Amount must be a positive number" })
    .min(0.01, { error: "Amount must be a positive number" })
    .max(999_999.99, { error: "Amount must be at most $999,999.99" })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      error: "Amount can have at most 2 decimals",
    });

/** The 422 message of a link that is not https:, http:, mailto: or a path on this site. */
export const safeLinkMessage = "Please enter a valid URL: https://, http://, mailto: or a path on this site";

const SAFE_LINK_PROTOCOLS = new Set(["https:", "http:", "mailto:"]);
const SITE = "https://site.invalid";

/**
 * Whether `value` is a link content may carry (ADR 0034): an absolute https:, http: or mailto:
 * URL, or a site-relative path ("/press", not "//host" or "/\host", which browsers read as
 * another host). The scheme is read as a browser reads it (WHATWG URL: leading spaces and tabs
 * or newlines inside are ignored), so `java\tscript:` is `javascript:` and refused.
 */
export function isSafeLink(value: string): boolean {
  try {
    // A path must stay on this site once a browser resolves it (`//host`, `/\host`, `/\t/host` do not).
    if (value.startsWith("/")) return new URL(value, SITE).origin === SITE;
    return SAFE_LINK_PROTOCOLS.has(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A link field (at most 2000 characters) accepting only what `isSafeLink` accepts. */
export const safeLink = () =>
  z
    .string({ error: safeLinkMessage })
    .max(2000, { error: "At most 2000 characters" })
    .refine(isSafeLink, { error: safeLinkMessage })
    .openapi({
      format: "uri-reference",
      description: "https:, http: or mailto: URL, or a path on this site.",
    });
