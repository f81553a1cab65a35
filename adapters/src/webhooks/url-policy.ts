/**
 * Which URLs may be webhook endpoints (ADR 0023, SSRF): http or https only, no user:password.
 * In production (`allowPrivate: false`) the host must not be, or resolve to, a loopback,
 * private, link-local, unique-local, multicast or otherwise non-unicast address (ipaddr.js
 * ranges); "localhost" is refused by name. Outside production loopback and private addresses are
 * allowed so tests and a local receiver work. The sender checks again at each attempt.
 */
import { lookup } from "node:dns/promises";
import { defaultWebhookRetry, type WebhookRetrySettings, WebhookUrlPolicy } from "@closr/core/integrations";
import { Effect, Layer, Option } from "effect";
import ipaddr from "ipaddr.js";

/** Whether `address` (an IP literal) is public unicast. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === "unicast";
}

/**
 * Why `url` is refused, or undefined. With `allowPrivate: false`, resolves the host name and
 * refuses it when any of its addresses is not public.
 */
export async function refusedWebhookUrl(url: string, allowPrivate: boolean): Promise<string | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Enter a full URL starting with https://";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    return "The URL must start with https:// or http://";
  if (parsed.username || parsed.password) return "The URL must not contain a user name or password";
  if (url.length > 2048) return "The URL must be at most 2048 characters";
  if (allowPrivate) return undefined;
  const host = parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return "The URL must be on the public internet";
  if (ipaddr.isValid(host))
    return isPublicAddress(host) ? undefined : "The URL must be on the public internet";
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address)))
      return "The URL must be on the public internet";
  } catch {
    return "The URL's host name could not be resolved";
  }
  return undefined;
}

/** The policy Layer: `allowPrivate` outside production; `retry` is the back-off (tests shorten it). */
export const WebhookUrlPolicyLive = (options: {
  readonly allowPrivate: boolean;
  readonly retry?: WebhookRetrySettings | undefined;
}) =>
  Layer.succeed(
    WebhookUrlPolicy,
    WebhookUrlPolicy.of({
      check: (url) =>
        Effect.promise(() => refusedWebhookUrl(url, options.allowPrivate)).pipe(
          Effect.map(Option.fromNullable),
        ),
      retry: options.retry ?? defaultWebhookRetry,
    }),
  );
