/**
 * The date range of /analytics and /performance (issue 18): this month, the last 3 or 12 months,
 * or a custom range; kept in the URL. Optionally "compare with the previous period".
 */
import { Button } from "@closr/ui";
import { useState } from "react";
import { useSearchParams } from "react-router";
import type { RangePreset, RangeQuery } from "../api/insights.ts";

const presets: { id: RangePreset; label: string }[] = [
  { id: "month", label: "This month" },
  { id: "3m", label: "Last 3 months" },
  { id: "12m", label: "Last 12 months" },
  { id: "custom", label: "Custom" },
];

const isPreset = (value: string | null): value is RangePreset => presets.some((p) => p.id === value);

/** The range in the URL (default: the last 3 months). */
export function useRangeQuery(): [RangeQuery, (next: RangeQuery) => void] {
  const [params, setParams] = useSearchParams();
  const range = params.get("range");
  const query: RangeQuery = {
    range: isPreset(range) ? range : "3m",
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
    compare: params.get("compare") === "true",
  };
  const set = (next: RangeQuery) => {
    const out = new URLSearchParams();
    out.set("range", next.range);
    if (next.range === "custom") {
      if (next.from) out.set("from", next.from);
      if (next.to) out.set("to", next.to);
    }
    if (next.compare) out.set("compare", "true");
    setParams(out, { replace: true });
  };
  return [query, set];
}

export function RangePicker({
  value,
  onChange,
  compare,
}: {
  value: RangeQuery;
  onChange: (next: RangeQuery) => void;
  /** Shown when given: whether comparison is available on the caller's plan. */
  compare?: { available: boolean } | undefined;
}) {
  const [from, setFrom] = useState(value.from ?? "");
  const [to, setTo] = useState(value.to ?? "");
  return (
    <div className="range-picker">
      <fieldset className="range-presets">
        <legend className="visually-hidden">Date range</legend>
        {presets.map((p) => (
          <label key={p.id} className={`range-chip${value.range === p.id ? " is-selected" : ""}`}>
            <input
              type="radio"
              name="range"
              value={p.id}
              checked={value.range === p.id}
              onChange={() => onChange({ ...value, range: p.id })}
            />
            {p.label}
          </label>
        ))}
      </fieldset>
      {value.range === "custom" ? (
        <form
          className="range-custom"
          onSubmit={(event) => {
            event.preventDefault();
            onChange({ ...value, from, to });
          }}
        >
          <label>
            From
            <input type="date" value={from} required onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label>
            To
            <input type="date" value={to} required onChange={(e) => setTo(e.target.value)} />
          </label>
          <Button type="submit" size="sm" variant="outline">
            Apply
          </Button>
        </form>
      ) : null}
      {compare ? (
        <label className={`range-compare${compare.available ? "" : " is-disabled"}`}>
          <input
            type="checkbox"
            checked={Boolean(value.compare)}
            disabled={!compare.available}
            onChange={(e) => onChange({ ...value, compare: e.target.checked })}
          />
          Compare with the previous period{compare.available ? "" : " (Enterprise)"}
        </label>
      ) : null}
    </div>
  );
}
