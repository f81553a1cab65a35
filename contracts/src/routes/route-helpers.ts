/**
 * Small builders every route file shares: a JSON response, a file response, a required JSON body,
 * the write problems and the problem responses of a signed-in route.
 */
import { z } from "@hono/zod-openapi";
import { commonProblems, type ProblemCode, problemResponses } from "../problems.ts";

/** A `responses` entry answering `schema` as application/json. */
export const json = <T>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A `responses` entry answering a binary file of one of the given media types (in that order). */
export const file = <const M extends readonly string[]>(description: string, ...mediaTypes: M) => ({
  description,
  content: Object.fromEntries(
    mediaTypes.map((type) => [type, { schema: z.string().openapi({ format: "binary" }) }]),
  ) as { [K in M[number]]: { schema: z.ZodString } },
});

/** A `request` fragment with a required application/json body. */
export const body = <T>(schema: T) => ({
  body: { required: true, content: { "application/json": { schema } } },
});

/** Problems any state-changing route can answer (ADR 0001 guards, body limit, validation). */
export const writeProblems = [
  "origin-rejected",
  "payload-too-large",
  "unsupported-media-type",
  "validation-failed",
] as const satisfies readonly ProblemCode[];

/**
 * Problem responses of a signed-in read: "unauthenticated", then `codes` in order, then the
 * common problems (the same entries as spelling `problemResponses(...)` out; ADR 0009).
 */
export const signedInProblems = <const C extends readonly ProblemCode[]>(...codes: C) =>
  problemResponses("unauthenticated", ...codes, ...commonProblems);

/**
 * Problem responses of a signed-in write: "unauthenticated", then `codes` in order, then the write
 * problems and the common problems.
 */
export const signedInWriteProblems = <const C extends readonly ProblemCode[]>(...codes: C) =>
  problemResponses("unauthenticated", ...codes, ...writeProblems, ...commonProblems);
