/**
 * Which URLs may be webhook endpoints (ADR 0023, SSRF; OWASP SSRF Prevention cheat sheet: validate
 * the address you connect to, not the name; ASVS 5.0 V1.3.6 SSRF allowlist, V12.3.1 TLS for every
 * outbound connection): http or https only, no user:password. In production (`allowPrivate: false`)
 * the URL must be https (payloads are signed, not encrypted) and the host must not be, or resolve
 * to, a loopback, private, link-local, unique-local, multicast or otherwise non-unicast address
 * (ipaddr.js ranges); "localhost" is refused by name. Outside production plain http, loopback and
 * private addresses are allowed so tests and a local receiver work.
 *
 * The name is resolved once per check ({@link checkWebhookTarget}) and the sender connects to the
 * address that was checked, never to a second answer from DNS (issue 48, DNS rebinding).
 */
import { lookup } from "node:dns/promises";
import type { LookupFunction } from "node:net";
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

/** One address a host name resolves to: an IP literal and its family (4 or 6). */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/**
 * Resolves a host name to every address it has, in the resolver's order (the first is the one
 * connected to). Rejects when the name does not resolve. Injectable so tests can answer as a
 * rebinding DNS server would.
 */
export type WebhookResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The system resolver (`dns.lookup`, every address, in the order the system gives them). */
export const systemResolver: WebhookResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** What a check needs: whether private targets are allowed (false in production), and the seams. */
export interface WebhookTargetOptions {
  readonly allowPrivate: boolean;
  /** Default {@link systemResolver}. */
  readonly resolve?: WebhookResolver | undefined;
  /** Which addresses count as public (default {@link isPublicAddress}); tests only. */
  readonly isPublic?: ((address: string) => boolean) | undefined;
}

/** A URL the policy accepts, with the one address to connect to. */
export interface CheckedWebhookTarget {
  readonly url: URL;
  /** The checked address; the connection goes there, with the URL's host name as Host and SNI. */
  readonly address: ResolvedAddress;
}

/** The message of a URL that is not on the public internet. */
export const notPublicMessage = "The URL must be on the public internet";

/** The message of an http:// URL where https is required (production). */
export const httpsRequiredMessage = "The URL must start with https://";

/** The URL's parts the policy reads, or why it is refused (scheme, credentials, length, https). */
function parseWebhookUrl(url: string, allowPrivate: boolean): URL | string {
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
  if (!allowPrivate && parsed.protocol !== "https:") return httpsRequiredMessage;
  return parsed;
}

/**
 * Checks `url` against the policy and resolves its host once.
 *
 * - Answers `{ refused }` (a sentence for the person registering the endpoint, or for the
 *   delivery log) when the scheme, credentials, length or (in production) plain http is wrong,
 *   when the host is `localhost`, when the name does not resolve, or — in production — when
 *   the literal or any one of the addresses the name resolves to is not public unicast: one
 *   private answer refuses the whole name, so a name that answers public and private addresses
 *   in turn cannot be used.
 * - Otherwise `{ target }`: the URL and the first address of that one answer. The sender
 *   connects to that address ({@link pinnedLookup}); DNS is not asked again for the attempt.
 *
 * Outside production nothing is refused for its address, but the name is still resolved once
 * and the connection pinned, so development behaves as production does.
 */
export async function checkWebhookTarget(
  url: string,
  options: WebhookTargetOptions,
): Promise<{ readonly refused: string } | { readonly target: CheckedWebhookTarget }> {
  const parsed = parseWebhookUrl(url, options.allowPrivate);
  if (typeof parsed === "string") return { refused: parsed };
  const isPublic = options.isPublic ?? isPublicAddress;
  const host = parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (!options.allowPrivate && (host === "localhost" || host.endsWith(".localhost")))
    return { refused: notPublicMessage };
  let addresses: readonly ResolvedAddress[];
  if (ipaddr.isValid(host))
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === "ipv6" ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host);
    } catch {
      return { refused: "The URL's host name could not be resolved" };
    }
  }
  const first = addresses[0];
  if (first === undefined) return { refused: "The URL's host name could not be resolved" };
  if (!options.allowPrivate && addresses.some((a) => !isPublic(a.address)))
    return { refused: notPublicMessage };
  return { target: { url: parsed, address: first } };
}

/**
 * Why `url` is refused, or undefined (registration and the policy port). With `allowPrivate:
 * false`, requires https and resolves the host name, refusing it when any of its addresses is
 * not public. `resolve` replaces the system resolver (tests).
 */
export async function refusedWebhookUrl(
  url: string,
  allowPrivate: boolean,
  resolve?: WebhookResolver,
): Promise<string | undefined> {
  // Registration outside production accepts a name that does not resolve yet (a receiver not
  // started); delivery reports it then.
  if (allowPrivate) {
    const parsed = parseWebhookUrl(url, true);
    return typeof parsed === "string" ? parsed : undefined;
  }
  const checked = await checkWebhookTarget(url, { allowPrivate, resolve });
  return "refused" in checked ? checked.refused : undefined;
}

/**
 * A `net.connect` / `tls.connect` `lookup` that answers only `address`, whatever name it is asked
 * for: the connection goes to the address the policy checked, while the URL's host name stays the
 * TLS server name (SNI, so the certificate is verified for it) and the Host header. Answers in
 * both shapes Node asks for (`all: true` with Happy Eyeballs, a single address otherwise).
 */
export function pinnedLookup(address: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
}

/** The policy Layer: `allowPrivate` outside production; `retry` is the back-off (tests shorten it). */
export const WebhookUrlPolicyLive = (options: {
  readonly allowPrivate: boolean;
  readonly retry?: WebhookRetrySettings | undefined;
  readonly resolve?: WebhookResolver | undefined;
}) =>
  Layer.succeed(
    WebhookUrlPolicy,
    WebhookUrlPolicy.of({
      check: (url) =>
        Effect.promise(() => refusedWebhookUrl(url, options.allowPrivate, options.resolve)).pipe(
          Effect.map(Option.fromNullable),
        ),
      retry: options.retry ?? defaultWebhookRetry,
    }),
  );
