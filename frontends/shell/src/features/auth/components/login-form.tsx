/** The Log In form: username (or email) and password, client checks, problem mapping, toasts. */

import { describeFailure, type FieldErrors, type LoginFields, useLogin, validateLogin } from "@closr/client";
import { Alert, Button, FormFields, toast } from "@closr/ui";
import { Link } from "react-router";
import { useAuthForm } from "./use-auth-form.ts";

const fields = [
  { name: "username", label: "Username", autoComplete: "username" },
  { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
] as const;

export function LoginForm() {
  const login = useLogin();
  const { formRef, values, errors, setErrors, set, formError, setFormError, submit, welcome } = useAuthForm(
    "login",
    { username: "", password: "" },
    validateLogin,
  );

  const onSubmit = submit(() =>
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: welcome("Login successful", (name) => `Welcome back, ${name}!`),
        onError: (error) => {
          const { fieldErrors, message } = describeFailure(error);
          setErrors(fieldErrors as FieldErrors<LoginFields>);
          setFormError(message);
          toast({ title: "Login failed", description: message, variant: "destructive" });
        },
      },
    ),
  );

  return (
    // method="post": a submit before the app has hydrated sends nothing in the URL (ADR 0047); the
    // server signs in and redirects, or draws the form again with its refusal (issue 46).
    <form
      ref={formRef}
      className="form"
      method="post"
      action="/auth"
      onSubmit={onSubmit}
      noValidate
      aria-label="Log in"
    >
      <input type="hidden" name="form" value="login" />
      {formError ? <Alert>{formError}</Alert> : null}
      <FormFields fields={fields} values={values} errors={errors} onChange={set} />
      <div className="form-row-end">
        <Link to="/forgot-password" className="text-link">
          Forgot Password?
        </Link>
      </div>
      <Button type="submit" block size="lg" isPending={login.isPending}>
        Log In
      </Button>
    </form>
  );
}
