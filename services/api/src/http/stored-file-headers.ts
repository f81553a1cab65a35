/**
 * The Content-Security-Policy of files people uploaded (media, dispute evidence): nothing inside
 * may load or run, and `sandbox` gives the document an opaque origin even if a browser renders it
 * (ADR 0034). The site's security-headers middleware leaves a route's own policy in place.
 */
export const storedFilePolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** RFC 6266 Content-Disposition `attachment` with an ASCII fallback and the UTF-8 name. */
export const attachment = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/**
 * The headers of a party's stored upload served for download (dispute evidence, deal proofs):
 * an attachment, never sniffed, nothing inside may run (ADR 0034), never cached.
 */
export const storedAttachmentHeaders = (
  file: { readonly contentType: string; readonly fileName: string },
  size: number,
) => ({
  "content-type": file.contentType,
  "content-length": String(size),
  "content-disposition": attachment(file.fileName),
  "x-content-type-options": "nosniff",
  "content-security-policy": storedFilePolicy,
  "cache-control": "private, no-store",
});
