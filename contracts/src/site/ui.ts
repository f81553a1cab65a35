/**
 * The part of the site data the app's design system imports on every page (icons, profile
 * labels), without the public site's page metadata and default content: `@closr/contracts/site/ui`
 * keeps those out of @closr/ui's shared chunk (Module Federation keeps a shared module whole).
 */

export * from "./app-pages.ts";
export * from "./icons.ts";
export * from "./navigation.ts";
export * from "./profile-labels.ts";
export * from "./web-address.ts";
