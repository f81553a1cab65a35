/** A table in its horizontal scroller, with one plain column header per name. */
import type { ReactNode } from "react";

/**
 * `<div class="table-scroll" tabindex="0"><table class={className}>` (the box scrolls on a
 * phone, so it takes the keyboard focus: axe scrollable-region-focusable) with a head row of `columns` (each a
 * `th scope="col"`, in order) and `children` (the rows) as its body.
 */
export function ScrollTable({
  className,
  columns,
  children,
}: {
  className: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard.
    <div className="table-scroll" tabIndex={0}>
      <table className={className}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
