/**
 * A signed commission agreement as a PDF (issue 17, pdf-lib through renderDocumentPdf): the
 * version's rendered document as both parties signed it, then a signature page with each
 * signature's record — who, when (UTC and Sydney, by @closr/format), client address, user agent — and the SHA-256
 * fingerprint of the document text, which anyone can recompute from the stored version.
 */
import { type AgreementParties, AgreementPdf, type AgreementVersion } from "@closr/core/agreement";
import { defaultTimeZone, formatDate } from "@closr/format";
import { Effect, Layer } from "effect";
import { renderDocumentPdf } from "./document-pdf.ts";

const sydney = (at: Date) => `${formatDate(at, "d MMMM yyyy 'at' h:mm:ss a", defaultTimeZone)} Sydney time`;

/** Renders `version` with its signatures; the title says the version and its status. */
export function renderAgreementPdf(
  version: AgreementVersion,
  parties: AgreementParties,
): Promise<Uint8Array> {
  const signatures = version.signatures.map((s) => ({
    heading: `Signed by the ${s.party === "business" ? "Business" : "Agent"}: ${s.signerName}`,
    paragraphs: [
      `For ${s.party === "business" ? parties.businessName : parties.agentName}, user #${s.userId}.`,
      `Signed at ${s.signedAt.toISOString()} (${sydney(s.signedAt)}).`,
      `Client address: ${s.ipAddress}. User agent: ${s.userAgent}.`,
      `Document SHA-256 accepted: ${s.documentSha256}.`,
      "Consent given by re-entering the account password on Closr (Electronic Transactions Act 1999 (Cth)).",
    ],
  }));
  return renderDocumentPdf({
    title: version.document.title,
    subtitle: `Version ${version.number} — ${version.status === "signed" ? "signed and in force" : version.status}. Document SHA-256: ${version.documentSha256}`,
    sections: [...version.document.sections, ...signatures],
  });
}

export const AgreementPdfLive = Layer.succeed(AgreementPdf, {
  render: (version, parties) => Effect.promise(() => renderAgreementPdf(version, parties)),
});
