/**
 * A chart drawn with uPlot (a small, well-kept canvas charting library), imported only when a
 * chart mounts, so it is part of the /analytics and /performance chunks alone. Bars or lines over
 * labelled x positions (months or days). The canvas is hidden from assistive technology: every
 * chart sits beside a table with the same figures.
 */
import { useEffect, useRef } from "react";
import type uPlot from "uplot";

export interface ChartSeries {
  label: string;
  values: readonly number[];
  color: string;
}

export interface ChartProps {
  labels: readonly string[];
  series: readonly ChartSeries[];
  kind: "bars" | "lines";
  /** Formats a y value for the axis (e.g. AUD). */
  formatY: (value: number) => string;
  height?: number;
  /** The figure's accessible summary (the table beside it has the figures). */
  summary: string;
}

export function Chart({ labels, series, kind, formatY, height = 240, summary }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    void Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([module]) => {
      if (cancelled || !box.current) return;
      const UPlot = module.default;
      const xs = labels.map((_, i) => i);
      const width = Math.max(el.clientWidth, 200);
      // One label per ~80 px of plot (the y axis takes 70 px), so labels never overlap on a phone.
      const step = Math.max(1, Math.ceil(labels.length / Math.max(2, Math.floor((width - 80) / 80))));
      plot = new UPlot(
        {
          width,
          height,
          legend: { show: series.length > 1, live: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: false, range: [-0.6, labels.length - 0.4] } },
          axes: [
            {
              splits: () => xs.filter((i) => i % step === 0),
              values: (_u, splits) => splits.map((i) => labels[i] ?? ""),
              grid: { show: false },
            },
            { values: (_u, splits) => splits.map(formatY), size: 70 },
          ],
          series: [
            {},
            ...series.map((s, i): uPlot.Series => {
              const paths =
                kind === "bars"
                  ? UPlot.paths.bars?.(
                      series.length > 1
                        ? { size: [0.8 / series.length, 40], align: i === 0 ? -1 : 1 }
                        : { size: [0.7, 48] },
                    )
                  : undefined;
              return {
                label: s.label,
                stroke: s.color,
                width: kind === "bars" ? 0 : 2,
                points: { show: kind === "lines" && labels.length <= 31 },
                ...(kind === "bars" ? { fill: s.color } : {}),
                ...(paths ? { paths } : {}),
              };
            }),
          ],
        },
        [xs, ...series.map((s) => [...s.values])],
        el,
      );
      observer = new ResizeObserver(() => {
        if (plot && box.current) plot.setSize({ width: Math.max(box.current.clientWidth, 200), height });
      });
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [labels, series, kind, formatY, height]);

  return (
    <figure className="insights-chart">
      <div ref={box} className="insights-chart-canvas" style={{ minHeight: height }} aria-hidden="true" />
      <figcaption className="visually-hidden">{summary}</figcaption>
    </figure>
  );
}
