/** The Sign Up form: email, username, password, confirmation and account type (default business). */
import {
  Alert,
  Button,
  dashboardPath,
  describeFailure,
  type FieldErrors,
  RadioGroup,
  type RegisterFields,
  TextField,
  toast,
  type UserType,
  useRegister,
  validateRegister,
} from "@closr/ui";
import { type FormEvent, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";

const accountTypes = [
  { value: "business", label: "Business looking for sales agents" },
  { value: "agent", label: "Sales agent looking for opportunities" },
];

export function RegisterForm() {
  const register = useRegister();
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: "", username: "", password: "", confirmPassword: "" });
  const [params] = useSearchParams();
  const [userType, setUserType] = useState<UserType>(params.get("type") === "agent" ? "agent" : "business");
  const [errors, setErrors] = useState<FieldErrors<RegisterFields>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (field: RegisterFields) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

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
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={set("email")}
        errorMessage={errors.email}
        isRequired
      />
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        description="3–30 letters, numbers, dots, dashes or underscores."
        value={values.username}
        onChange={set("username")}
        errorMessage={errors.username}
        isRequired
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        description="At least 8 characters."
        value={values.password}
        onChange={set("password")}
        errorMessage={errors.password}
        isRequired
      />
      <TextField
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={set("confirmPassword")}
        errorMessage={errors.confirmPassword}
        isRequired
      />
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
