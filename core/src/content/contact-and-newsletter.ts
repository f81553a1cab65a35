/** The contact form (stored and mailed to support) and the newsletter's double opt-in (spec §2.12). */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { SessionTokens } from "../identity/index.ts";
import { AppUrl } from "../shared/app-url.ts";
import { Clock } from "../shared/clock.ts";
import { Mailer } from "../shared/mailer.ts";
import { atomically } from "../shared/unit-of-work.ts";
import { requireAdmin } from "./admin-access.ts";
import { InvalidContent } from "./errors.ts";
import type { ContactInput } from "./model.ts";
import { ContactRepository, NewsletterRepository, SiteContacts } from "./ports.ts";

type FieldError = { readonly field: string; readonly message: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** §5 contact form: all four fields required, email well-formed. */
export function checkContactInput(input: ContactInput): FieldError[] {
  const errors: FieldError[] = [];
  const required: Array<[keyof ContactInput, string]> = [
    ["fullName", "Full name is required"],
    ["email", "Email is required"],
    ["subject", "Subject is required"],
    ["message", "Message is required"],
  ];
  for (const [field, message] of required) if (!input[field].trim()) errors.push({ field, message });
  if (input.email.trim() && !EMAIL.test(input.email.trim()))
    errors.push({ field: "email", message: "Please enter a valid email" });
  return errors;
}

/** Public: stores the message and delivers it to the support address through the Mailer. */
export const submitContact = Effect.fn("content.submitContact")(function* (
  user: User | null,
  input: ContactInput,
) {
  const errors = checkContactInput(input);
  if (errors.length) return yield* new InvalidContent({ errors });
  const clean = {
    fullName: input.fullName.trim(),
    email: input.email.trim(),
    subject: input.subject.trim(),
    message: input.message.trim(),
  };
  const saved = yield* (yield* ContactRepository).insert(clean, user?.id ?? null);
  const { supportEmail } = yield* SiteContacts;
  yield* (yield* Mailer).send({
    to: supportEmail,
    subject: `Contact form: ${clean.subject}`,
    text: `From: ${clean.fullName} <${clean.email}>\n\n${clean.message}\n\n(Message ${saved.id}; reply to ${clean.email}.)`,
  });
  return saved;
}, atomically);

/** Admin: received contact messages, newest first. */
export const listContactMessages = Effect.fn("content.listContact")(function* (
  user: User,
  page: number,
  pageSize: number,
) {
  yield* requireAdmin(user, "read contact messages");
  return yield* (yield* ContactRepository).list(page, pageSize);
});

/**
 * Public: newsletter sign-up with double opt-in. Stores the address unconfirmed and emails a
 * confirmation link; the answer is the same whether or not the address was already signed up.
 */
export const subscribeNewsletter = Effect.fn("content.subscribeNewsletter")(function* (email: string) {
  const address = email.trim().toLowerCase();
  if (!EMAIL.test(address) || address.length > 254)
    return yield* new InvalidContent({ errors: [{ field: "email", message: "Please enter a valid email" }] });
  const tokens = yield* SessionTokens;
  const token = yield* tokens.generate;
  const fresh = yield* (yield* NewsletterRepository).subscribe(address, tokens.hash(token));
  if (fresh) {
    const { origin } = yield* AppUrl;
    yield* (yield* Mailer).send({
      to: address,
      subject: "Confirm your Closr newsletter subscription",
      text: "Please confirm that you want the Closr newsletter. If you did not sign up, ignore this email.",
      action: {
        label: "Confirm subscription",
        url: `${origin}/blog?newsletter=${encodeURIComponent(token)}`,
      },
    });
  }
}, atomically);

/** Public: confirms a newsletter sign-up; false when the link is unknown. */
export const confirmNewsletter = Effect.fn("content.confirmNewsletter")(function* (token: string) {
  const tokens = yield* SessionTokens;
  const now = yield* (yield* Clock).now;
  return Option.isSome(yield* (yield* NewsletterRepository).confirm(tokens.hash(token), now));
});
