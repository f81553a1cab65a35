/**
 * The route prefixes only a signed-in user sees (the guarded routes of app/router.tsx and the
 * remotes). Offline, the service worker answers a navigation to one of these with the cached
 * app shell (which shows the offline notice), and any other navigation with the offline page.
 * Add a prefix here when a guarded route is added.
 */
export const signedInPrefixes = [
  "/business",
  "/agent",
  "/admin",
  "/messages",
  "/settings",
  "/profile",
  "/find",
  "/analytics",
  "/performance",
  "/reviews",
  "/help",
  "/earnings",
  "/notifications",
] as const;

/** True when `pathname` is a signed-in route: a prefix itself or below it (`/business/x`). */
export function isSignedInPath(pathname: string): boolean {
  return signedInPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
