/**
 * The state both sign-in forms share (Log In, Sign Up): the field values and errors, the form's
 * own error, a submit handler that runs the client checks before sending, and the welcome on
 * success (a toast, then the user's dashboard). `formRef` goes on the <form>. A form the server
 * refused before the app hydrated (issue 46) starts with what the server drew: the typed values,
 * the field errors and the form's message (`name` says which form's outcome to take).
 */
import { dashboardPath, type FieldErrors, type UserType } from "@closr/client";
import { toast, useFormValues } from "@closr/ui";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { type PostedFormName, postedFailure, usePostedForm } from "../../../app/posted-form.ts";
import { useTypedBeforeHydration } from "../../../app/use-typed-before-hydration.ts";

export function useAuthForm<Name extends string>(
  name: Extract<PostedFormName, "login" | "signup">,
  empty: Record<Name, string>,
  validate: (values: Record<Name, string>) => FieldErrors<Name>,
) {
  const navigate = useNavigate();
  const posted = usePostedForm(name);
  const failure = postedFailure(posted);
  const initial = { ...empty };
  for (const key of Object.keys(empty) as Name[]) initial[key] = posted?.values[key] ?? empty[key];
  const form = useFormValues(initial, failure.fieldErrors as FieldErrors<Name>);
  const [formError, setFormError] = useState<string | null>(
    name === "login" || Object.keys(failure.fieldErrors).length === 0 ? failure.message : null,
  );
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

  return { ...form, posted, formRef, formError, setFormError, submit, welcome };
}
