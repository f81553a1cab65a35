/**
 * The forms that work before the scripts (issue 46, ADR 0047), done on the server: log in and sign
 * up (/auth, told apart by the hidden `form` field), forgot password and contact. Each runs the
 * browser's client checks, then the same JSON API call as the browser (through the API client, so
 * the API's use case, rate limits and Origin check apply, and its Set-Cookie reaches the visitor),
 * and answers a redirect (signed in: the user's dashboard) or the page again with a `PostedForm`
 * outcome (the typed values without passwords, and the refusal or `done`).
 */
import { apiClient, dashboardPath, toApiError, validateLogin, validateRegister } from "@closr/client";
import { checkContact } from "../features/static-pages/components/contact-checks.ts";
import type { PostedForm } from "./posted-form.ts";

/** What a posted form comes to: a redirect (303), or the page drawn with its outcome and status. */
export type FormPostOutcome =
  | { readonly kind: "redirect"; readonly location: string }
  | { readonly kind: "page"; readonly status: number; readonly posted: PostedForm };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const field = (form: Readonly<Record<string, string>>, name: string) => form[name] ?? "";
const hasErrors = (errors: object) => Object.keys(errors).length > 0;

/** The page paths whose form the server does (the entry's `acceptsForm`). */
export const formPagePaths: readonly string[] = ["/auth", "/forgot-password", "/contact"];

/**
 * Does the job of the form posted to `path` (one of `formPagePaths`) with its text fields `form`;
 * API calls go through the API client's transport (the server entry's in-process API).
 */
export async function submitPostedForm(
  path: string,
  form: Readonly<Record<string, string>>,
): Promise<FormPostOutcome> {
  if (path === "/auth") return field(form, "form") === "signup" ? signUp(form) : logIn(form);
  if (path === "/forgot-password") return forgotPassword(form);
  return contact(form);
}

async function logIn(form: Readonly<Record<string, string>>): Promise<FormPostOutcome> {
  const values = { username: field(form, "username") };
  const password = field(form, "password");
  const fieldErrors = validateLogin({ ...values, password });
  if (hasErrors(fieldErrors))
    return { kind: "page", status: 422, posted: { form: "login", values, fieldErrors } };
  const { data, error, response } = await apiClient.POST("/api/login", {
    body: { username: values.username.trim(), password },
  });
  if (error !== undefined || !data)
    return {
      kind: "page",
      status: response.status,
      posted: { form: "login", values, problem: toApiError(error, response).problem },
    };
  return { kind: "redirect", location: dashboardPath(data.userType) };
}

async function signUp(form: Readonly<Record<string, string>>): Promise<FormPostOutcome> {
  const userType = field(form, "userType") === "agent" ? "agent" : "business";
  const values = { email: field(form, "email"), username: field(form, "username"), userType };
  const password = field(form, "password");
  const fieldErrors = validateRegister({
    ...values,
    password,
    confirmPassword: field(form, "confirmPassword"),
  });
  if (hasErrors(fieldErrors))
    return { kind: "page", status: 422, posted: { form: "signup", values, fieldErrors } };
  const { data, error, response } = await apiClient.POST("/api/register", {
    body: { email: values.email.trim(), username: values.username.trim(), password, userType },
  });
  if (error !== undefined || !data)
    return {
      kind: "page",
      status: response.status,
      posted: { form: "signup", values, problem: toApiError(error, response).problem },
    };
  return { kind: "redirect", location: dashboardPath(data.userType) };
}

async function forgotPassword(form: Readonly<Record<string, string>>): Promise<FormPostOutcome> {
  const values = { email: field(form, "email") };
  if (!EMAIL.test(values.email.trim()))
    return {
      kind: "page",
      status: 422,
      posted: { form: "forgot-password", values, fieldErrors: { email: "Please enter a valid email" } },
    };
  const { error, response } = await apiClient.POST("/api/forgot-password", {
    body: { email: values.email.trim() },
  });
  if (!response.ok)
    return {
      kind: "page",
      status: response.status,
      posted: { form: "forgot-password", values, problem: toApiError(error, response).problem },
    };
  return { kind: "page", status: 200, posted: { form: "forgot-password", values, done: true } };
}

async function contact(form: Readonly<Record<string, string>>): Promise<FormPostOutcome> {
  const values = {
    fullName: field(form, "fullName"),
    email: field(form, "email"),
    subject: field(form, "subject"),
    message: field(form, "message"),
  };
  const fieldErrors = checkContact(values);
  if (hasErrors(fieldErrors))
    return { kind: "page", status: 422, posted: { form: "contact", values, fieldErrors } };
  const { error, response } = await apiClient.POST("/api/contact", { body: values });
  if (!response.ok)
    return {
      kind: "page",
      status: response.status,
      posted: { form: "contact", values, problem: toApiError(error, response).problem },
    };
  return { kind: "page", status: 200, posted: { form: "contact", values: {}, done: true } };
}
