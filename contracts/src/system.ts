/** System schemas: the development mailbox (served outside production only). */
import { z } from "@hono/zod-openapi";

export const MailboxEmail = z
  .object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    createdAt: z.string(),
  })
  .openapi("MailboxEmail");

export const Mailbox = z
  .object({ items: z.array(MailboxEmail) })
  .openapi("Mailbox", { description: "The development outbox, newest first." });
