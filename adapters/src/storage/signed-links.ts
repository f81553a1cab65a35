/**
 * Short-lived signed links to stored files (issue 12): HMAC-SHA256 with a server secret over
 * key, expiry (Unix seconds), disposition and content type, so none of them can be changed
 * without the secret. Links live at most 5 minutes. Verification is constant-time.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** Longest life of a link (seconds). */
export const maxLinkSeconds = 300;

export interface SignedLinkParts {
  readonly key: string;
  /** Unix seconds. */
  readonly expires: number;
  readonly disposition: "attachment" | "inline";
  readonly contentType: string;
  /** File name offered to the browser. */
  readonly name: string;
}

const payload = (p: SignedLinkParts) => [p.key, p.expires, p.disposition, p.contentType, p.name].join("\n");

export const signLink = (secret: string, parts: SignedLinkParts) =>
  createHmac("sha256", secret).update(payload(parts)).digest("base64url");

/** A path with query string for GET /api/files/{key}, valid for `seconds` (capped at 5 min). */
export function signedFilePath(
  secret: string,
  parts: Omit<SignedLinkParts, "expires">,
  now: Date,
  seconds = maxLinkSeconds,
): { path: string; expiresAt: Date } {
  const expires = Math.floor(now.getTime() / 1000) + Math.min(seconds, maxLinkSeconds);
  const full = { ...parts, expires };
  const query = new URLSearchParams({
    expires: String(expires),
    disposition: parts.disposition,
    type: parts.contentType,
    name: parts.name,
    signature: signLink(secret, full),
  });
  return { path: `/api/files/${parts.key}?${query}`, expiresAt: new Date(expires * 1000) };
}

/** True when the signature matches and the link has not expired. */
export function verifyLink(secret: string, parts: SignedLinkParts, signature: string, now: Date): boolean {
  if (parts.expires * 1000 < now.getTime()) return false;
  if (parts.expires * 1000 > now.getTime() + (maxLinkSeconds + 5) * 1000) return false;
  const expected = Buffer.from(signLink(secret, parts));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
