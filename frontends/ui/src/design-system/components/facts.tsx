/**
 * A definition list of facts, each a `<div><dt>label</dt><dd>value</dd></div>` (the grid-friendly
 * form the invoice, payment and pay views style). A `false` or `null` entry is left out, so a
 * fact can be conditional in place.
 */
import type { ReactNode } from "react";

/** One fact: its label, its value and an optional class for the value. */
export type Fact = readonly [label: string, value: ReactNode, valueClassName?: string];

export function Facts({ className, facts }: { className: string; facts: readonly (Fact | false | null)[] }) {
  return (
    <dl className={className}>
      {facts.map((fact) =>
        fact ? (
          <div key={fact[0]}>
            <dt>{fact[0]}</dt>
            <dd className={fact[2]}>{fact[1]}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
