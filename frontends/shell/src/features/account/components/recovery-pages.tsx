/**
 * Password recovery (spec §2.4, §4, §5, §8): /forgot-password (form, then "Check Your Email"
 * with Back to Login and Try Again) and /reset-password?token=… (checking, then the new-password
 * form, the invalid-link message, or the success state).
 */
import {
  Alert,
  ApiError,
  Button,
  CardDescription,
  CenterCardPage,
  FormFields,
  LinkButton,
  PageSpinner,
  useConfirmEmailChange,
  useForgotPassword,
  useFormValues,
  useResetPassword,
  useResetTokenCheck,
  useVerifyEmail,
} from "@closr/ui";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";

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

/** A recovery form's card: what to do, the form (its failure, fields, submit), then Back to Login. */
function RecoveryForm({
  title,
  description,
  label,
  formError,
  onSubmit,
  submitLabel,
  isPending,
  children,
}: {
  title: string;
  description: ReactNode;
  label: string;
  formError: string | null;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  isPending: boolean;
  children: ReactNode;
}) {
  return (
    <RecoveryCard title={title} icon="lock">
      <CardDescription>{description}</CardDescription>
      <form className="form text-left" onSubmit={onSubmit} noValidate aria-label={label}>
        {formError ? <Alert>{formError}</Alert> : null}
        {children}
        <Button type="submit" block size="lg" isPending={isPending}>
          {submitLabel}
        </Button>
      </form>
      <LinkButton href="/auth" variant="ghost">
        Back to Login
      </LinkButton>
    </RecoveryCard>
  );
}

const forgotFields = [{ name: "email", label: "Email", type: "email", autoComplete: "email" }] as const;

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const { values, errors, setErrors, set } = useFormValues({ email: "" });
  const email = values.email;
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!EMAIL.test(email.trim())) {
      setErrors({ email: "Please enter a valid email" });
      return;
    }
    forgot.mutate(email.trim(), {
      onSuccess: () => setSent(true),
      onError: (failure) =>
        setFormError(
          messageOf(
            failure,
            "Something went wrong. Please try again.",
            "Failed to send password reset email. Please try again later.",
          ),
        ),
    });
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

  return (
    <RecoveryForm
      title="Forgot Password"
      description="Enter the email of your account and we will send you a link to reset your password."
      label="Forgot password"
      formError={formError}
      onSubmit={onSubmit}
      submitLabel="Send Reset Link"
      isPending={forgot.isPending}
    >
      <FormFields fields={forgotFields} values={values} errors={errors} onChange={set} />
    </RecoveryForm>
  );
}

const resetFields = [
  { name: "password", label: "New Password", type: "password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm Password", type: "password", autoComplete: "new-password" },
] as const;

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const check = useResetTokenCheck(token);
  const reset = useResetPassword();
  const { values, errors, setErrors, set } = useFormValues({ password: "", confirmPassword: "" });
  const [formError, setFormError] = useState<string | null>(null);

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
    const found: typeof errors = {};
    if (values.password.length < 8) found.password = "Password must be at least 8 characters";
    if (values.confirmPassword !== values.password) found.confirmPassword = "Passwords do not match";
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    reset.mutate(
      { token, password: values.password },
      {
        onError: (failure) =>
          setFormError(
            messageOf(
              failure,
              "Something went wrong. Please try again.",
              "Failed to reset password. Please try again later.",
            ),
          ),
      },
    );
  };

  return (
    <RecoveryForm
      title="Reset Password"
      description="Choose a new password of at least 8 characters."
      label="Reset password"
      formError={formError}
      onSubmit={onSubmit}
      submitLabel="Reset Password"
      isPending={reset.isPending}
    >
      <FormFields fields={resetFields} values={values} errors={errors} onChange={set} />
    </RecoveryForm>
  );
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
