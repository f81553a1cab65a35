/**
 * A labelled text input with description and error message (react-aria-components TextField).
 * Text typed before the app hydrated the served field is kept (handed to `onChange` on mount,
 * issue 46).
 */
import { useEffect, useRef } from "react";
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
  Text,
} from "react-aria-components";

export type TextFieldProps = Omit<AriaTextFieldProps, "isInvalid" | "className"> & {
  label: string;
  description?: string;
  errorMessage?: string | undefined;
  placeholder?: string;
  className?: string;
};

export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  className,
  ...props
}: TextFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const field = input.current;
    if (field && props.value !== undefined && props.onChange && field.value !== props.value)
      props.onChange(field.value);
  }, []);
  return (
    <AriaTextField
      {...props}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={["field", className].filter(Boolean).join(" ")}
    >
      <Label className="field-label">{label}</Label>
      <Input ref={input} className="field-input" {...(placeholder === undefined ? {} : { placeholder })} />
      {description ? (
        <Text slot="description" className="field-description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field-error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
