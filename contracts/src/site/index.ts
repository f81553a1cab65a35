/** The public site's shared data: page metadata and built-in default content (issue 16). */
export * from "./defaults.ts";
export * from "./pages.ts";
