/**
 * Password recovery (spec §2.4, §4, §5, §8): /forgot-password (form, then "Check Your Email"
 * with Back to Login and Try Again) and /reset-password?token=… (checking, then the new-password
 * form, the invalid-link message, or the success state).
 */

import { ApiError } from "@closr/client";
import {
  Alert,
  Button,
  CardDescription,
  CenterCardPage,
  type FormFieldSpec,
  FormFields,
  LinkButton,
  PageSpinner,
  useFormValues,
} from "@closr/ui";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { postedFailure, usePostedForm } from "../../../app/posted-form.ts";
import { useTypedBeforeHydration } from "../../../app/use-typed-before-hydration.ts";
import {
  useConfirmEmailChange,
  useForgotPassword,
  useResetPassword,
  useResetTokenCheck,
  useVerifyEmail,
} from "../api/account-api.ts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The server's message, else the spec's fallback; a network failure gets its own text. */
const messageOf = (error: unknown, fallback: string, network: string) =>
  error instanceof ApiError
    ? (error.problem.detail ?? fallback)
    : error instanceof TypeError
      ? network
      : fallback;

function RecoveryCard({
  title,
  icon,
  children,
}: {
  title: string;
  icon: "lock" | "check" | "alert";
  children: ReactNode;
}) {
  return (
    <CenterCardPage icon={icon} title={title}>
      {children}
    </CenterCardPage>
  );
}

/** A reset link that cannot be used: why, then a new link or back to login. */
function InvalidResetLink({ children }: { children: ReactNode }) {
  return (
    <RecoveryCard title="Invalid Link" icon="alert">
      <Alert>{children}</Alert>
      <div className="button-row">
        <LinkButton href="/forgot-password">Request a new link</LinkButton>
        <LinkButton href="/auth" variant="outline">
          Back to Login
        </LinkButton>
      </div>
    </RecoveryCard>
  );
}

const forgotFields = [{ name: "email", label: "Email", type: "email", autoComplete: "email" }] as const;

const resetFields = [
  { name: "password", label: "New Password", type: "password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm Password", type: "password", autoComplete: "new-password" },
] as const;

/** What a recovery form says: title, what to do, accessible name, submit, offline failure; its fields. */
interface RecoverySpec<Name extends string> {
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  network: string;
  fields: readonly FormFieldSpec<Name>[];
}

const forgotSpec: RecoverySpec<"email"> = {
  title: "Forgot Password",
  description: "Enter the email of your account and we will send you a link to reset your password.",
  label: "Forgot password",
  submitLabel: "Send Reset Link",
  network: "Failed to send password reset email. Please try again later.",
  fields: forgotFields,
};

const resetSpec: RecoverySpec<"password" | "confirmPassword"> = {
  title: "Reset Password",
  description: "Choose a new password of at least 8 characters.",
  label: "Reset password",
  submitLabel: "Reset Password",
  network: "Failed to reset password. Please try again later.",
  fields: resetFields,
};

/**
 * A recovery form's state: its fields' values and errors (useFormValues), the form's failure,
 * and `fail`, which shows a request's failure (the server's words, else the spec's fallbacks).
 * `posted` is the server's outcome of the form posted before the app hydrated (issue 46): its
 * values, field errors and message are where the form starts. `formRef` goes on the <form>: text
 * typed before hydration is kept.
 */
function useRecoveryForm<Name extends string>(
  spec: RecoverySpec<Name>,
  initial: Record<Name, string>,
  posted?: ReturnType<typeof usePostedForm>,
) {
  const failure = postedFailure(posted);
  const start = { ...initial };
  for (const key of Object.keys(initial) as Name[]) start[key] = posted?.values[key] ?? initial[key];
  const form = useFormValues(start, failure.fieldErrors as Partial<Record<Name, string>>);
  const [formError, setFormError] = useState<string | null>(
    posted?.problem
      ? messageOf(new ApiError(posted.problem), "Something went wrong. Please try again.", spec.network)
      : null,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const { setValues } = form;
  useTypedBeforeHydration(formRef, start, (typed) => setValues((current) => ({ ...current, ...typed })));
  const fail = (failure: unknown) =>
    setFormError(messageOf(failure, "Something went wrong. Please try again.", spec.network));
  return { ...form, spec, formRef, formError, setFormError, fail };
}

/** A recovery form's card: what to do, the form (its failure, fields, submit), then Back to Login. */
function RecoveryForm<Name extends string>({
  form: { spec, formRef, formError, values, errors, set },
  onSubmit,
  isPending,
}: {
  form: ReturnType<typeof useRecoveryForm<Name>>;
  onSubmit: (event: FormEvent) => void;
  isPending: boolean;
}) {
  return (
    <RecoveryCard title={spec.title} icon="lock">
      <CardDescription>{spec.description}</CardDescription>
      {/* method="post": a press before the app hydrated sends nothing in the URL; the server does
          the forgot-password job (issue 46), any other form is answered with the page again. */}
      <form
        ref={formRef}
        className="form text-left"
        method="post"
        onSubmit={onSubmit}
        noValidate
        aria-label={spec.label}
      >
        {formError ? <Alert>{formError}</Alert> : null}
        <FormFields fields={spec.fields} values={values} errors={errors} onChange={set} />
        <Button type="submit" block size="lg" isPending={isPending}>
          {spec.submitLabel}
        </Button>
      </form>
      <LinkButton href="/auth" variant="ghost">
        Back to Login
      </LinkButton>
    </RecoveryCard>
  );
}

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const posted = usePostedForm("forgot-password");
  const form = useRecoveryForm(forgotSpec, { email: "" }, posted);
  const email = form.values.email;
  const [sent, setSent] = useState(posted?.done === true);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.setFormError(null);
    if (!EMAIL.test(email.trim())) {
      form.setErrors({ email: "Please enter a valid email" });
      return;
    }
    forgot.mutate(email.trim(), { onSuccess: () => setSent(true), onError: form.fail });
  };

  if (sent) {
    return (
      <RecoveryCard title="Check Your Email" icon="check">
        <CardDescription>
          If an account exists for {email.trim()}, we have sent a link to reset your password. The link
          expires in 30 minutes.
        </CardDescription>
        <div className="button-row">
          <LinkButton href="/auth">Back to Login</LinkButton>
          <Button variant="outline" onPress={() => setSent(false)}>
            Try Again
          </Button>
        </div>
      </RecoveryCard>
    );
  }

  return <RecoveryForm form={form} onSubmit={onSubmit} isPending={forgot.isPending} />;
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const check = useResetTokenCheck(token);
  const reset = useResetPassword();
  const form = useRecoveryForm(resetSpec, { password: "", confirmPassword: "" });
  const { values } = form;

  if (!token) {
    return (
      <InvalidResetLink>
        Missing password reset token. Please request a new password reset link.
      </InvalidResetLink>
    );
  }
  if (check.isPending) return <PageSpinner label="Checking your reset link" />;
  if (reset.isSuccess) {
    return (
      <RecoveryCard title="Password Reset" icon="check">
        <CardDescription>
          Your password has been reset. Every device was signed out; log in with your new password.
        </CardDescription>
        <LinkButton href="/auth">Back to Login</LinkButton>
      </RecoveryCard>
    );
  }
  if (check.isError) {
    return (
      <InvalidResetLink>
        {messageOf(
          check.error,
          "Invalid or expired token. Please request a new password reset link.",
          "Failed to verify token. Please try again later.",
        )}
      </InvalidResetLink>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof form.errors = {};
    if (values.password.length < 8) found.password = "Password must be at least 8 characters";
    if (values.confirmPassword !== values.password) found.confirmPassword = "Passwords do not match";
    form.setErrors(found);
    form.setFormError(null);
    if (Object.keys(found).length > 0) return;
    reset.mutate({ token, password: values.password }, { onError: form.fail });
  };

  return <RecoveryForm form={form} onSubmit={onSubmit} isPending={reset.isPending} />;
}

/** /verify-email and /confirm-email: use the link's token once, then say what happened. */
export function EmailLinkPage({ kind }: { kind: "verify" | "confirm-change" }) {
  const [params] = useSearchParams();
  const token = params.get("token");
  const verify = useVerifyEmailOnce(kind, token);
  if (!token || verify.isError) {
    return (
      <RecoveryCard title="Invalid Link" icon="alert">
        <Alert>
          {verify.error instanceof ApiError
            ? (verify.error.problem.detail ?? "This link is invalid or has expired.")
            : "This link is invalid or has expired. Please request a new one."}
        </Alert>
        <LinkButton href="/settings/account">Go to Settings</LinkButton>
      </RecoveryCard>
    );
  }
  if (!verify.isSuccess) return <PageSpinner label="Confirming your email" />;
  return (
    <RecoveryCard title="Email Confirmed" icon="check">
      <CardDescription>
        {kind === "verify"
          ? "Thank you: your email address is verified."
          : `Your account now uses ${verify.data.email}.`}
      </CardDescription>
      <LinkButton href="/">Continue</LinkButton>
    </RecoveryCard>
  );
}

function useVerifyEmailOnce(kind: "verify" | "confirm-change", token: string | null) {
  const verify = useVerifyEmail();
  const confirm = useConfirmEmailChange();
  const mutation = kind === "verify" ? verify : confirm;
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutation.mutate(token);
  }, [token, mutation]);
  return mutation;
}
