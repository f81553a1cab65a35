/** Small builders every route file shares: a JSON response, a required JSON body, the write problems. */
import type { ProblemCode } from "../problems.ts";

/** A `responses` entry answering `schema` as application/json. */
export const json = <T>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
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
