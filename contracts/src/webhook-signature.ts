/**
 * Verifying a Closr webhook (issue 20, ADR 0023; docs/api/webhooks.md). Every delivery carries
 * `Closr-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, as Stripe's.
 * Web Crypto only (Node ≥ 18, Deno, Bun, browsers, edge runtimes), no dependencies.
 */

/** The default tolerance between the signature's time and now: 5 minutes (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** Constant-time comparison of two equal-length strings. */
function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The hex HMAC-SHA256 of `"<timestamp>.<body>"` with `secret`. */
export async function computeWebhookSignature(
  secret: string,
  timestamp: number,
  body: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return hex(await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${body}`)));
}

/**
 * Whether `header` (the `Closr-Signature` value) signs `body` (the raw request body, exactly as
 * received) with `secret` (`whsec_…`), at most `toleranceSeconds` (default 300) from `now`
 * (default the current time). Any `v1` entry may match (secrets can be rolled).
 */
export async function verifyWebhookSignature(options: {
  readonly body: string;
  readonly header: string | null | undefined;
  readonly secret: string;
  readonly toleranceSeconds?: number;
  readonly now?: Date;
}): Promise<boolean> {
  if (!options.header) return false;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of options.header.split(",")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === "t" && value && /^\d+$/.test(value)) timestamp = Number(value);
    else if (name === "v1" && value) signatures.push(value.toLowerCase());
  }
  if (timestamp === undefined || signatures.length === 0) return false;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS)) return false;
  const expected = await computeWebhookSignature(options.secret, timestamp, options.body);
  return signatures.some((s) => timingSafeEqual(s, expected));
}
