/** The Sign Up form: email, username, password, confirmation and account type (default business). */

import {
  describeFailure,
  type FieldErrors,
  type RegisterFields,
  type UserType,
  useRegister,
  validateRegister,
} from "@closr/client";
import { Alert, Button, FormFields, RadioGroup, toast } from "@closr/ui";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useAuthForm } from "./use-auth-form.ts";

const fields = [
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  {
    name: "username",
    label: "Username",
    autoComplete: "username",
    description: "3–30 letters, numbers, dots, dashes or underscores.",
  },
  {
    name: "password",
    label: "Password",
    type: "password",
    autoComplete: "new-password",
    description: "At least 8 characters.",
  },
  { name: "confirmPassword", label: "Confirm Password", type: "password", autoComplete: "new-password" },
] as const;

const accountTypes = [
  { value: "business", label: "Business looking for sales agents" },
  { value: "agent", label: "Sales agent looking for opportunities" },
];

export function RegisterForm() {
  const register = useRegister();
  const { formRef, posted, values, errors, setErrors, set, formError, setFormError, submit, welcome } =
    useAuthForm("signup", { email: "", username: "", password: "", confirmPassword: "" }, validateRegister);
  const [params] = useSearchParams();
  const [userType, setUserType] = useState<UserType>(
    (posted?.values.userType ?? params.get("type")) === "agent" ? "agent" : "business",
  );

  const onSubmit = submit(() =>
    register.mutate(
      { email: values.email.trim(), username: values.username.trim(), password: values.password, userType },
      {
        onSuccess: welcome("Registration successful", (name) => `Welcome to Closr, ${name}!`),
        onError: (error) => {
          const { fieldErrors, message } = describeFailure(error);
          setErrors(fieldErrors as FieldErrors<RegisterFields>);
          if (Object.keys(fieldErrors).length === 0) setFormError(message);
          toast({ title: "Registration failed", description: message, variant: "destructive" });
        },
      },
    ),
  );

  return (
    // method="post": a submit before the app has hydrated sends nothing in the URL (ADR 0047); the
    // server registers and signs in, or draws the form again with its refusal (issue 46).
    <form
      ref={formRef}
      className="form"
      method="post"
      action="/auth?tab=signup"
      onSubmit={onSubmit}
      noValidate
      aria-label="Sign up"
    >
      <input type="hidden" name="form" value="signup" />
      {formError ? <Alert>{formError}</Alert> : null}
      <FormFields fields={fields} values={values} errors={errors} onChange={set} />
      <RadioGroup
        label="I am a"
        name="userType"
        value={userType}
        onChange={(value) => setUserType(value as UserType)}
        options={accountTypes}
      />
      <Button type="submit" block size="lg" isPending={register.isPending}>
        Create Account
      </Button>
    </form>
  );
}
