/** Turns a zod validation failure into the 422 problem's `errors` list (field + message). */
import type { z } from "@hono/zod-openapi";
import type { FieldError } from "./problem.ts";

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
