/**
 * A form posted before the app hydrated (issue 46, ADR 0047): the server entry does the form's job
 * (form-posts.ts) and, where the answer is the page again, draws it with the outcome — the typed
 * values (never a password), the field errors of the client checks, the API's problem, or `done`.
 * The outcome ships in the query cache under `postedFormKey`, so the browser's hydration render
 * reads the same and matches the served HTML.
 */
import { ApiError, describeFailure, type FieldErrors } from "@closr/client";
import type { ApiProblem } from "@closr/contracts/client";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

/** The query-cache key of the posted form's outcome (set by the server entry only). */
export const postedFormKey = ["page", "posted-form"] as const;

/** Which form was posted: the hidden `form` field of /auth, else the page's own form. */
export type PostedFormName = "login" | "signup" | "forgot-password" | "contact";

/** What the server made of a posted form. */
export interface PostedForm {
  readonly form: PostedFormName;
  /** The typed text fields, passwords left out. */
  readonly values: Readonly<Record<string, string>>;
  /** The client checks' errors (the same messages as in the browser), when they refused. */
  readonly fieldErrors?: Readonly<Record<string, string>>;
  /** The API's refusal (RFC 9457), when it refused. */
  readonly problem?: ApiProblem;
  /** The job is done (forgot password's confirmation, contact's thank-you). */
  readonly done?: boolean;
}

/**
 * The outcome of `form` posted before hydration, if that is what this page shows; read once
 * (the first render, so the served HTML and the hydration render agree), then dropped from the
 * cache so a later visit of the page starts empty.
 */
export function usePostedForm(form: PostedFormName): PostedForm | undefined {
  const queryClient = useQueryClient();
  const [posted] = useState(() => {
    const found = queryClient.getQueryData<PostedForm>(postedFormKey);
    return found?.form === form ? found : undefined;
  });
  useEffect(() => {
    if (posted) queryClient.removeQueries({ queryKey: postedFormKey, exact: true });
  }, [posted, queryClient]);
  return posted;
}

/** The field errors and the message a posted form's refusal shows (as `describeFailure` in the browser). */
export function postedFailure(posted: PostedForm | undefined): {
  fieldErrors: FieldErrors;
  message: string | null;
} {
  if (posted?.problem) return describeFailure(new ApiError(posted.problem));
  return { fieldErrors: { ...posted?.fieldErrors }, message: null };
}
