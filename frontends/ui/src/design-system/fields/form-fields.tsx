/**
 * A run of labelled text fields bound to one form's values and errors: each entry of `fields` is a
 * `TextField` (required unless it says otherwise) named by its key, showing `values[name]`, the
 * error `errors[name]` and calling `onChange(name)` with the new text. Used by the sign-in,
 * sign-up, password recovery and settings forms so each lists its fields as data.
 */
import { useState } from "react";
import { TextField, type TextFieldProps } from "./text-field.tsx";

/** One field: its form name and the `TextField` props other than value, change and error. */
export type FormFieldSpec<Name extends string> = { name: Name } & Omit<
  TextFieldProps,
  "name" | "value" | "onChange" | "errorMessage"
>;

export function FormFields<Name extends string>({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: readonly FormFieldSpec<Name>[];
  values: Record<Name, string>;
  errors: Partial<Record<Name, string | undefined>>;
  onChange: (name: Name) => (value: string) => void;
}) {
  return (
    <>
      {fields.map(({ name, ...props }) => (
        <TextField
          key={name}
          isRequired
          {...props}
          name={name}
          value={values[name]}
          onChange={onChange(name)}
          errorMessage={errors[name]}
        />
      ))}
    </>
  );
}

/**
 * A text form's state: `values` from `initial`, per-field `errors` (from `initialErrors`, e.g. a
 * form the server refused before the app hydrated), and `set(name)`, the change handler that
 * stores the new text and clears that field's error.
 */
export function useFormValues<Name extends string>(
  initial: Record<Name, string>,
  initialErrors: Partial<Record<Name, string | undefined>> = {},
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Name, string | undefined>>>(initialErrors);
  const set = (field: Name) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };
  return { values, setValues, errors, setErrors, set };
}
