/**
 * Native labelled form fields (input, select, textarea, checkbox) with their description and
 * error wired by aria-describedby. Used by the profile and invoice forms and the filter panels;
 * `selectOption(value)` and `fill()` work on them in tests.
 */
import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useRef,
} from "react";
import { injectStyles } from "../inject-styles.ts";
import css from "./native-fields.css?inline";

injectStyles("closr-native-fields-styles", css);
type FieldShell = {
  label: string;
  errorMessage?: string | undefined;
  description?: string | undefined;
  className?: string | undefined;
};

function useFieldIds(errorMessage: string | undefined, description: string | undefined) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : "", errorMessage ? errorId : ""]
    .filter(Boolean)
    .join(" ");
  return { id, errorId, descriptionId, describedBy: describedBy || undefined };
}

function FieldFoot({
  ids,
  description,
  errorMessage,
}: {
  ids: { errorId: string; descriptionId: string };
  description?: string | undefined;
  errorMessage?: string | undefined;
}) {
  return (
    <>
      {description ? (
        <p id={ids.descriptionId} className="field-description">
          {description}
        </p>
      ) : null}
      {errorMessage ? (
        <p id={ids.errorId} className="field-error">
          {errorMessage}
        </p>
      ) : null}
    </>
  );
}

/** The wiring a field's control takes: its id, invalid state and described-by ids. */
type ControlProps = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/** The `field` box: label, the control `children` renders with `ControlProps`, then the foot. */
function NativeField({
  label,
  errorMessage,
  description,
  className,
  children,
}: FieldShell & { children: (control: ControlProps) => ReactNode }) {
  const ids = useFieldIds(errorMessage, description);
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label htmlFor={ids.id} className="field-label">
        {label}
      </label>
      {children({
        id: ids.id,
        "aria-invalid": errorMessage ? true : undefined,
        "aria-describedby": ids.describedBy,
      })}
      <FieldFoot ids={ids} description={description} errorMessage={errorMessage} />
    </div>
  );
}

/** One choice of a SelectField: the value sent and the words shown. */
export type SelectOption = { value: string; label: string };

/**
 * A labelled native <select>; `selectOption(value)` works on it in tests. Its choices are
 * `emptyOption` (the "" choice, e.g. "All locations"), then `options`, then any `children`.
 */
export function SelectField({
  label,
  errorMessage,
  description,
  className,
  emptyOption,
  options,
  children,
  ...props
}: FieldShell &
  SelectHTMLAttributes<HTMLSelectElement> & { emptyOption?: string; options?: readonly SelectOption[] }) {
  return (
    <NativeField label={label} errorMessage={errorMessage} description={description} className={className}>
      {(control) => (
        <select {...props} {...control} className="field-input native-input native-select">
          {emptyOption !== undefined ? <option value="">{emptyOption}</option> : null}
          {options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
      )}
    </NativeField>
  );
}

/**
 * Props binding a native input, select or text area to a text state: its value, a change handler
 * that hands the event's text to `set`, and the error shown under the field.
 */
export const bindText = (value: string, set: (text: string) => void, errorMessage?: string) => ({
  value,
  onChange: (event: { target: { value: string } }) => set(event.target.value),
  errorMessage,
});

/**
 * Props binding a `NumberField` to a text state (the field's text as typed, e.g. "12.50"): its
 * value, `set` as the change handler, and the error shown under the field.
 */
export const bindNumber = (value: string, set: (text: string) => void, errorMessage?: string) => ({
  value,
  onValueChange: set,
  errorMessage,
});

/**
 * Keeps text typed into a served field before the app hydrated it (issue 46, ADR 0047): React
 * hydrates a controlled field without touching its text, but the state behind it still holds the
 * served value, so the next render would wipe what was typed. Once, on mount, a text field whose
 * text differs from its `value` hands that text to its `onChange`, as a keystroke would. Every
 * form built on InputField / TextAreaField (and so NumberField, MoneyField) keeps its text.
 */
export function useTypedBeforeHydration<Field extends HTMLInputElement | HTMLTextAreaElement>(
  value: unknown,
  onChange: ((event: ChangeEvent<Field>) => void) | undefined,
): RefObject<Field | null> {
  const ref = useRef<Field>(null);
  useEffect(() => {
    const field = ref.current;
    if (!field || !onChange || value === undefined || value === null) return;
    if (["checkbox", "radio", "file"].includes(field.type)) return;
    if (field.value !== String(value))
      onChange({ target: field, currentTarget: field } as ChangeEvent<Field>);
  }, []);
  return ref;
}

/** A labelled native <input> (number, text with a datalist, ...). */
export function InputField({
  label,
  errorMessage,
  description,
  className,
  ...props
}: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const ref = useTypedBeforeHydration<HTMLInputElement>(props.value, props.onChange);
  return (
    <NativeField label={label} errorMessage={errorMessage} description={description} className={className}>
      {(control) => <input {...props} {...control} ref={ref} className="field-input native-input" />}
    </NativeField>
  );
}

/**
 * A labelled native number <input> that hands its text to `onValueChange` (text, so a half-typed
 * "1." survives until submit). A `step` below 1 (money and rates: 0.01) brings the decimal
 * keyboard unless `inputMode` says otherwise. Used by the invoice, agreement and refund forms.
 */
export function NumberField({
  onValueChange,
  step,
  inputMode,
  ...props
}: FieldShell &
  Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "onChange" | "step"> & {
    step?: number;
    onValueChange: (value: string) => void;
  }) {
  return (
    <InputField
      type="number"
      step={step}
      inputMode={inputMode ?? (step !== undefined && step < 1 ? "decimal" : undefined)}
      {...props}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}

/** A labelled native <textarea>. */
export function TextAreaField({
  label,
  errorMessage,
  description,
  className,
  ...props
}: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const ref = useTypedBeforeHydration<HTMLTextAreaElement>(props.value, props.onChange);
  return (
    <NativeField label={label} errorMessage={errorMessage} description={description} className={className}>
      {(control) => (
        <textarea
          rows={4}
          {...props}
          {...control}
          ref={ref}
          className="field-input native-input native-textarea"
        />
      )}
    </NativeField>
  );
}

/** A native checkbox with its label beside it. */
export function CheckboxField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="checkbox-field">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}
