/** System schemas: the development mailbox (served outside production only). */
import { z } from "@hono/zod-openapi";

export const MailboxEmail = z
  .object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    /** The HTML part (issue 15: every email has a text and an HTML part); null for older rows. */
    html: z.string().nullable().optional(),
    /** The notification kind, when the email is one a user can switch off. */
    kind: z.string().nullable().optional(),
    createdAt: z.string(),
  })
  .openapi("MailboxEmail");

export const Mailbox = z
  .object({ items: z.array(MailboxEmail) })
  .openapi("Mailbox", { description: "The development outbox, newest first." });
