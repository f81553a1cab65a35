/** The review sweeps (ADR 0013): publish reviews whose blind window ended; the 3- and 10-day reminders. */
import { Effect } from "effect";
import { AppUrl } from "../shared/app-url.ts";
import { Clock } from "../shared/clock.ts";
import { Mailer } from "../shared/mailer.ts";
import { atomically } from "../shared/unit-of-work.ts";
import { ReviewRepository } from "./ports.ts";

/** Sweep: folds reviews whose blind window has ended into reputations (run by the worker). */
export const publishDueReviews = Effect.fn("review.publishDueReviews")(function* () {
  const now = yield* (yield* Clock).now;
  return yield* (yield* ReviewRepository).publishDue(now);
});

/**
 * Sweep: emails each user who may review a partnership and has not, 3 and 10 days after it
 * became possible (each reminder once). Best effort per email; returns how many were sent.
 */
export const sendReviewReminders = Effect.fn("review.sendReviewReminders")(function* () {
  const repository = yield* ReviewRepository;
  const mailer = yield* Mailer;
  const { origin } = yield* AppUrl;
  const now = yield* (yield* Clock).now;
  const due = yield* repository.dueReminders(now);
  for (const reminder of due) {
    yield* mailer
      .send({
        to: reminder.email,
        subject: `How did your partnership with ${reminder.counterpart} go?`,
        text: `Hi ${reminder.username},\n\nYou can now review your partnership with ${reminder.counterpart}. Reviews stay hidden until you have both reviewed, or for 14 days, so you can be candid.`,
        action: { label: "Write a review", url: `${origin}/reviews` },
      })
      .pipe(Effect.catchAllDefect(() => Effect.void));
    yield* repository.markReminded(reminder, now);
  }
  return due.length;
}, atomically);
