/** A labelled radio group whose options render as selectable cards. */
import type { ReactNode } from "react";
import {
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
  Label,
  Radio,
} from "react-aria-components";

export type RadioOption = { value: string; label: ReactNode; description?: ReactNode };

export type RadioGroupProps = Omit<AriaRadioGroupProps, "className" | "children"> & {
  label: string;
  options: RadioOption[];
};

export function RadioGroup({ label, options, ...props }: RadioGroupProps) {
  return (
    <AriaRadioGroup {...props} className="field radio-group">
      <Label className="field-label">{label}</Label>
      <div className="radio-options">
        {options.map((option) => (
          <Radio key={option.value} value={option.value} className="radio-card">
            <span className="radio-dot" aria-hidden="true" />
            <span className="radio-text">
              <span className="radio-label">{option.label}</span>
              {option.description ? <span className="radio-description">{option.description}</span> : null}
            </span>
          </Radio>
        ))}
      </div>
    </AriaRadioGroup>
  );
}
