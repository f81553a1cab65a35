/**
 * A signed commission agreement as a PDF (issue 17, pdf-lib through renderDocumentPdf): the
 * version's rendered document as both parties signed it, then a signature page with each
 * signature's record — who, when (UTC and Sydney), client address, user agent — and the SHA-256
 * fingerprint of the document text, which anyone can recompute from the stored version.
 */
import { type AgreementParties, AgreementPdf, type AgreementVersion } from "@closr/core/agreement";
import { Effect, Layer } from "effect";
import { renderDocumentPdf } from "./document-pdf.ts";

const sydney = new Intl.DateTimeFormat("en-AU", {
  timeZone: "Australia/Sydney",
  dateStyle: "long",
  timeStyle: "long",
});

/** The standard fonts draw WinAnsi only: anything else (emoji, CJK in a user agent) becomes "?". */
const winAnsi = (text: string) =>
  text.replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026\u20AC]/g, "?");

/** Renders `version` with its signatures; the title says the version and its status. */
export function renderAgreementPdf(
  version: AgreementVersion,
  parties: AgreementParties,
): Promise<Uint8Array> {
  const signatures = version.signatures.map((s) => ({
    heading: `Signed by the ${s.party === "business" ? "Business" : "Agent"}: ${s.signerName}`,
    paragraphs: [
      `For ${s.party === "business" ? parties.businessName : parties.agentName}, user #${s.userId}.`,
      `Signed at ${s.signedAt.toISOString()} (${sydney.format(s.signedAt)}).`,
      `Client address: ${s.ipAddress}. User agent: ${s.userAgent}.`,
      `Document SHA-256 accepted: ${s.documentSha256}.`,
      "Consent given by re-entering the account password on Closr (Electronic Transactions Act 1999 (Cth)).",
    ],
  }));
  return renderDocumentPdf({
    title: winAnsi(version.document.title),
    subtitle: winAnsi(
      `Version ${version.number} — ${version.status === "signed" ? "signed and in force" : version.status}. Document SHA-256: ${version.documentSha256}`,
    ),
    sections: [...version.document.sections, ...signatures].map((s) => ({
      heading: winAnsi(s.heading),
      paragraphs: s.paragraphs.map(winAnsi),
    })),
  });
}

export const AgreementPdfLive = Layer.succeed(AgreementPdf, {
  render: (version, parties) => Effect.promise(() => renderAgreementPdf(version, parties)),
});
