/**
 * The one template set for every email Closr sends: a plain-text part and an HTML part built
 * from the same Email (subject as heading, paragraphs, optional action button, footer). Values
 * are HTML-escaped. Notification emails (those with a `kind`) say how to switch them off.
 */
import type { Email } from "@closr/core/shared";

export interface RenderedEmail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const footerText = (email: Email) =>
  email.kind
    ? "You receive this because notifications of this kind are on. Switch them off in Closr under Settings → Notifications."
    : "Closr · The Australian marketplace for businesses and commission-based sales agents.";

/** Renders an Email into its text and HTML parts. */
export function renderEmail(email: Email): RenderedEmail {
  const paragraphs = email.text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const textParts = [email.text.trim()];
  if (email.action) textParts.push(`${email.action.label}: ${email.action.url}`);
  textParts.push(`--\n${footerText(email)}`);
  const text = textParts.join("\n\n");

  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
  const action = email.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(email.action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(email.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">Or paste this link into your browser:<br><a href="${escapeHtml(email.action.url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(email.action.url)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(email.subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:8px" cellpadding="0" cellspacing="0">
<tr><td style="padding:24px 28px 8px;font-size:20px;font-weight:700;color:#1d4ed8">Closr</td></tr>
<tr><td style="padding:8px 28px 0"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(email.subject)}</h1>
${body}
${action}</td></tr>
<tr><td style="padding:16px 28px 24px;font-size:12px;color:#64748b;border-top:1px solid #e2e8f0">${escapeHtml(footerText(email))}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: email.subject, text, html };
}
