/** The public site's shared data: page metadata and built-in default content (issue 16). */

export * from "./app-pages.ts";
export * from "./defaults.ts";
export * from "./icons.ts";
export * from "./navigation.ts";
export * from "./pages.ts";
export * from "./profile-labels.ts";
