/** The insights context's public surface (issue 18: /analytics and /performance). */

export * from "./agent-performance.ts";
export * from "./business-analytics.ts";
export * from "./errors.ts";
export * from "./insights-range.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./visibility-counts.ts";
