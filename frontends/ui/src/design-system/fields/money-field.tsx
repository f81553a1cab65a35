import type { ComponentProps } from "react";
import { NumberField } from "./native-fields.tsx";

/**
 * A labelled dollars input (AUD, the label says so, e.g. "Amount ($)"): a `NumberField` stepping
 * by one cent (step 0.01, so the decimal keyboard) and never below `min`, $0 unless set (e.g.
 * 0.01 for an amount that must be positive). Its value is the typed text in dollars ("12.50");
 * every other prop (placeholder, max, `bindNumber(...)`, description) goes to the `NumberField`.
 */
export function MoneyField({ min = 0, ...props }: Omit<ComponentProps<typeof NumberField>, "step">) {
  return <NumberField step={0.01} min={min} {...props} />;
}
