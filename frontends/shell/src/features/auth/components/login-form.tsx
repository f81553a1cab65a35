/** The Log In form: username (or email) and password, client checks, problem mapping, toasts. */
import {
  Alert,
  Button,
  dashboardPath,
  describeFailure,
  type FieldErrors,
  FormFields,
  type LoginFields,
  toast,
  useFormValues,
  useLogin,
  validateLogin,
} from "@closr/ui";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";

const fields = [
  { name: "username", label: "Username", autoComplete: "username" },
  { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
] as const;

export function LoginForm() {
  const login = useLogin();
  const navigate = useNavigate();
  const { values, errors, setErrors, set } = useFormValues({ username: "", password: "" });
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: (user) => {
          toast({
            title: "Login successful",
            description: `Welcome back, ${user.username}!`,
            variant: "success",
          });
          navigate(dashboardPath(user.userType), { replace: true });
        },
        onError: (error) => {
          const { fieldErrors, message } = describeFailure(error);
          setErrors(fieldErrors as FieldErrors<LoginFields>);
          setFormError(message);
          toast({ title: "Login failed", description: message, variant: "destructive" });
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Log in">
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
