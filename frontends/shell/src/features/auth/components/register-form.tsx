/** The Sign Up form: email, username, password, confirmation and account type (default business). */
import {
  Alert,
  Button,
  dashboardPath,
  describeFailure,
  type FieldErrors,
  FormFields,
  RadioGroup,
  type RegisterFields,
  toast,
  type UserType,
  useFormValues,
  useRegister,
  validateRegister,
} from "@closr/ui";
import { type FormEvent, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";

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
  const navigate = useNavigate();
  const { values, errors, setErrors, set } = useFormValues({
    email: "",
    username: "",
    password: "",
    confirmPassword: "",
  });
  const [params] = useSearchParams();
  const [userType, setUserType] = useState<UserType>(params.get("type") === "agent" ? "agent" : "business");
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegister(values);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    register.mutate(
      { email: values.email.trim(), username: values.username.trim(), password: values.password, userType },
      {
        onSuccess: (user) => {
          toast({
            title: "Registration successful",
            description: `Welcome to Closr, ${user.username}!`,
            variant: "success",
          });
          navigate(dashboardPath(user.userType), { replace: true });
        },
        onError: (error) => {
          const { fieldErrors, message } = describeFailure(error);
          setErrors(fieldErrors as FieldErrors<RegisterFields>);
          if (Object.keys(fieldErrors).length === 0) setFormError(message);
          toast({ title: "Registration failed", description: message, variant: "destructive" });
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Sign up">
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
