/**
 * Notification preferences as the Mailer honours them: an email with a `kind` is skipped when
 * the recipient's account has switched that kind off (users.notification_preferences, issue 15).
 */
import type { Email } from "@closr/core/shared";
import { sql } from "kysely";
import type { Db } from "../postgres/database.ts";

/**
 * False when the recipient has switched this email's kind off, or the address is under the
 * reserved `.invalid` TLD (RFC 6761: never delivered — deleted accounts' and unclaimed accounts'
 * placeholders, issue 48). Service emails are otherwise always wanted.
 */
export async function recipientWants(db: Db, email: Email): Promise<boolean> {
  if (/\.invalid$/i.test(email.to.trim())) return false;
  if (!email.kind) return true;
  const row = await db
    .selectFrom("users")
    .select(sql<boolean>`coalesce((notification_preferences ->> ${email.kind})::boolean, true)`.as("wants"))
    .where("email", "=", email.to.toLowerCase())
    .executeTakeFirst();
  return row?.wants ?? true;
}

/** Records a sent email (both parts) in mail_outbox. */
export async function recordInOutbox(db: Db, email: Email, rendered: { text: string; html: string }) {
  await db
    .insertInto("mailOutbox")
    .values({
      recipient: email.to.toLowerCase(),
      subject: email.subject,
      body: rendered.text,
      html: rendered.html,
      kind: email.kind ?? null,
    })
    .execute();
}
