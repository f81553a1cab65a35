/** A table in its horizontal scroller, with one plain column header per name. */
import type { ReactNode } from "react";

/**
 * `<div class="table-scroll"><table class={className}>` with a head row of `columns` (each a
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
    <div className="table-scroll">
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
