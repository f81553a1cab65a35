/**
 * Turns an RFC 9457 problem (or any thrown value) into form field errors and a message.
 * 422 lists `errors: [{field, message}]`; 409 names the taken username by `type`;
 * everything else becomes a message for a toast or a form-level alert.
 */
import type { ApiProblem } from "@closr/contracts/client";

export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

/** A failed API call: carries the problem document the server answered with. */
export class ApiError extends Error {
  readonly problem: ApiProblem;
  constructor(problem: ApiProblem) {
    super(problem.detail ?? problem.title);
    this.name = "ApiError";
    this.problem = problem;
  }
}

// Only usernames (public handles) are ever answered taken; a taken email is answered like a free
// one (issue 48: no account enumeration).
const takenFieldByType: Record<string, { field: string; message: string }> = {
  "/problems/username-taken": { field: "username", message: "This username is already taken" },
};

/** True when `value` looks like a problem+json body. */
export function isProblem(value: unknown): value is ApiProblem {
  return (
    typeof value === "object" &&
    value !== null &&
    "title" in value &&
    "status" in value &&
    typeof (value as { status: unknown }).status === "number"
  );
}

/** Builds an ApiError from whatever openapi-fetch returned as `error` (problem or not). */
export function toApiError(error: unknown, response: Response): ApiError {
  if (isProblem(error)) return new ApiError(error);
  return new ApiError({
    type: "about:blank",
    title: response.statusText || `Request failed (${response.status})`,
    status: response.status,
  });
}

/** Field errors and a human message for a failure of any kind. */
export function describeFailure(error: unknown): { fieldErrors: FieldErrors; message: string } {
  if (error instanceof ApiError) {
    const { problem } = error;
    const fieldErrors: FieldErrors = {};
    for (const item of problem.errors ?? []) {
      if (!fieldErrors[item.field]) fieldErrors[item.field] = item.message;
    }
    const taken = takenFieldByType[problem.type];
    if (taken) fieldErrors[taken.field] = problem.detail ?? taken.message;
    if (problem.status === 429) {
      return {
        fieldErrors,
        message: problem.detail ?? "Too many attempts. Please wait a moment and try again.",
      };
    }
    return { fieldErrors, message: problem.detail ?? problem.title };
  }
  if (error instanceof TypeError) {
    return { fieldErrors: {}, message: "Cannot reach the server. Check your connection and try again." };
  }
  return {
    fieldErrors: {},
    message: error instanceof Error ? error.message : "Something went wrong. Please try again.",
  };
}
