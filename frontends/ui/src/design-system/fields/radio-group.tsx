/**
 * A labelled radio group whose options render as selectable cards. Native inputs in a
 * fieldset: arrow keys move between options, and each radio is named by its label.
 */
import { type ReactNode, useId } from "react";

export type RadioOption = { value: string; label: ReactNode; description?: ReactNode };

export type RadioGroupProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: RadioOption[];
  errorMessage?: string | undefined;
};

export function RadioGroup({ label, name, value, onChange, options, errorMessage }: RadioGroupProps) {
  const errorId = useId();
  return (
    <fieldset className="field radio-group" aria-describedby={errorMessage ? errorId : undefined}>
      <legend className="field-label">{label}</legend>
      <div className="radio-options">
        {options.map((option) => (
          <label
            key={option.value}
            className="radio-card"
            data-selected={option.value === value || undefined}
          >
            <input
              type="radio"
              className="radio-input"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <span className="radio-text">
              <span className="radio-label">{option.label}</span>
              {option.description ? <span className="radio-description">{option.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {errorMessage ? (
        <p id={errorId} className="field-error">
          {errorMessage}
        </p>
      ) : null}
    </fieldset>
  );
}
