/** A labelled text input with description and error message (react-aria-components TextField). */
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
  return (
    <AriaTextField
      {...props}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={["field", className].filter(Boolean).join(" ")}
    >
      <Label className="field-label">{label}</Label>
      <Input className="field-input" {...(placeholder === undefined ? {} : { placeholder })} />
      {description ? (
        <Text slot="description" className="field-description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field-error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
