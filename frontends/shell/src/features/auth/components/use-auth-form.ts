/**
 * The state both sign-in forms share (Log In, Sign Up): the field values and errors, the form's
 * own error, a submit handler that runs the client checks before sending, and the welcome on
 * success (a toast, then the user's dashboard). `formRef` goes on the <form>.
 */
import { dashboardPath, type FieldErrors, type UserType } from "@closr/client";
import { toast, useFormValues } from "@closr/ui";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useTypedBeforeHydration } from "../../../app/use-typed-before-hydration.ts";

export function useAuthForm<Name extends string>(
  initial: Record<Name, string>,
  validate: (values: Record<Name, string>) => FieldErrors<Name>,
) {
  const navigate = useNavigate();
  const form = useFormValues(initial);
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { setValues } = form;

  useTypedBeforeHydration(formRef, initial, (typed) => setValues((current) => ({ ...current, ...typed })));

  /** The form's submit handler: checks the values, shows what fails, else calls `send`. */
  const submit = (send: () => void) => (event: FormEvent) => {
    event.preventDefault();
    const found = validate(form.values);
    form.setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    send();
  };

  /** On success: the `title` toast with `welcome(username)`, then the user's dashboard. */
  const welcome =
    (title: string, greeting: (username: string) => string) =>
    (user: { username: string; userType: UserType }) => {
      toast({ title, description: greeting(user.username), variant: "success" });
      navigate(dashboardPath(user.userType), { replace: true });
    };

  return { ...form, formRef, formError, setFormError, submit, welcome };
}
