/**
 * The usual `onError` of a form: the failure's field errors go under their fields and its
 * message shows as a destructive toast titled `title` (problem → fields and message as in
 * ./problem.ts). With `toastWhen: "no-field-error"` the toast shows only when no field
 * has an error, for forms whose fields already say what is wrong. `failureToast(title)` is the
 * `onError` of an action without fields: the message alone, as that toast.
 */

import { toast } from "@closr/ui";
import { describeFailure, type FieldErrors } from "./problem.ts";

export function formFailure<Errors extends FieldErrors>(
  setErrors: (errors: Errors) => void,
  title: string,
  toastWhen: "always" | "no-field-error" = "always",
): (error: unknown) => void {
  return (error) => {
    const { fieldErrors, message } = describeFailure(error);
    setErrors(fieldErrors as Errors);
    if (toastWhen === "always" || Object.keys(fieldErrors).length === 0)
      toast({ title, description: message, variant: "destructive" });
  };
}

/** The `onError` of an action without fields: the failure's message as a destructive toast titled `title`. */
export const failureToast =
  (title: string): ((error: unknown) => void) =>
  (error) =>
    toast({ title, description: describeFailure(error).message, variant: "destructive" });
