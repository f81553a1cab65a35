/**
 * The Content-Security-Policy of files people uploaded (media, dispute evidence): nothing inside
 * may load or run, and `sandbox` gives the document an opaque origin even if a browser renders it
 * (ADR 0034). The site's security-headers middleware leaves a route's own policy in place.
 */
export const storedFilePolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
