/**
 * Web addresses as people type them (issue 46): a profile's website or LinkedIn field accepts a
 * bare domain ("coastalplumbing.com.au", "www.linkedin.com/in/mia") and stores it as
 * "https://…". Used by the API's request schemas (contracts/src/profiles.ts) before they check
 * the URL, and by the profile forms before they check and send it, so both sides agree.
 */

/** A scheme at the start ("https:", "ftp:", "mailto:"), but not a host with a port ("shop.au:8080"). */
const scheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * `value` trimmed, with "https://" in front when it names no scheme ("//host" gets "https:");
 * "" stays "" (the field cleared). An address that already has a scheme is left as it is, so
 * "ftp://…" or "javascript:…" still fail the http(s) check that follows.
 */
export function withHttps(value: string): string {
  const trimmed = value.trim();
  if (trimmed === "" || scheme.test(trimmed)) return trimmed;
  return trimmed.startsWith("//") ? `https:${trimmed}` : `https://${trimmed}`;
}
