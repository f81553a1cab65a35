/**
 * AbnRegistry over the ABR web service's JSON endpoint (when ABR_GUID is set):
 * GET {baseUrl}/AbnDetails.aspx?abn=…&callback=c&guid=… answers JSONP `c({...})` with Abn,
 * AbnStatus ("Active"/"Cancelled"), EntityName, Gst (the GST start date, or null) and Message
 * (empty on success). Source: https://abr.business.gov.au/json/. A network failure, a timeout
 * (5 s) or a GUID error is AbnRegistryUnavailable; an unknown ABN is `found: false`.
 */
import type { Abn } from "@closr/core/shared";
import { type AbnLookup, AbnRegistry, AbnRegistryUnavailable } from "@closr/core/verification";
import { Effect, Layer } from "effect";

export interface AbrConfig {
  readonly guid: string;
  /** Default https://abr.business.gov.au/json; tests point it at a local stand-in. */
  readonly baseUrl?: string | undefined;
  readonly timeoutMs?: number | undefined;
}

interface AbnDetails {
  readonly Abn?: string;
  readonly AbnStatus?: string;
  readonly EntityName?: string;
  readonly Gst?: string | null;
  readonly Message?: string;
}

/** Parses the JSONP (or plain JSON) body of AbnDetails.aspx. */
export function parseAbnDetails(body: string): AbnDetails {
  const start = body.indexOf("{");
  const end = body.lastIndexOf("}");
  if (start < 0 || end < start) throw new Error("not a JSON answer");
  return JSON.parse(body.slice(start, end + 1)) as AbnDetails;
}

export function lookupAbr(config: AbrConfig, abn: Abn): Effect.Effect<AbnLookup, AbnRegistryUnavailable> {
  const base = (config.baseUrl ?? "https://abr.business.gov.au/json").replace(/\/$/, "");
  const url = `${base}/AbnDetails.aspx?${new URLSearchParams({ abn, callback: "c", guid: config.guid })}`;
  return Effect.tryPromise({
    try: async (signal) => {
      const response = await fetch(url, {
        signal: AbortSignal.any([signal, AbortSignal.timeout(config.timeoutMs ?? 5000)]),
      });
      if (!response.ok) throw new Error(`ABR answered ${response.status}`);
      return parseAbnDetails(await response.text());
    },
    catch: (error) => new AbnRegistryUnavailable({ message: String((error as Error).message ?? error) }),
  }).pipe(
    Effect.flatMap((details): Effect.Effect<AbnLookup, AbnRegistryUnavailable> => {
      const checkedAt = new Date();
      if (details.Abn && details.EntityName !== undefined)
        return Effect.succeed({
          found: true,
          abn,
          entityName: details.EntityName,
          status: details.AbnStatus ?? "Unknown",
          gstRegistered: Boolean(details.Gst),
          source: "abr",
          checkedAt,
        });
      if (details.Message && /guid/i.test(details.Message))
        return Effect.fail(new AbnRegistryUnavailable({ message: details.Message }));
      return Effect.succeed({ found: false, abn, source: "abr", checkedAt });
    }),
  );
}

export const AbnRegistryAbr = (config: AbrConfig) =>
  Layer.succeed(AbnRegistry, { lookup: (abn: Abn) => lookupAbr(config, abn) });
