/** The content context's public surface (issue 16). */

export * from "./admin-access.ts";
export * from "./audit.ts";
export * from "./contact-and-newsletter.ts";
export * from "./content-entries.ts";
export * from "./errors.ts";
export * from "./media-library.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./user-moderation.ts";
