/**
 * The commission line's state machine (issue 43, Build 3; ADR 0063): pure, time passed in.
 *   earned --release (on or after payableOn)--> payable --invoice--> invoiced --pay--> paid
 * A clawback is payable from the day it is made (payableOn = its day), so it nets against the
 * next payable lines. Every other pair is a `LineTransitionNotAllowed`.
 * `invoiceable` picks the lines one invoice takes: every payable line, positive and negative,
 * only when they net above zero (a partnership's payable balance is never paid out below zero).
 */
import { Either } from "effect";
import type { InvoiceId } from "../shared/ids.ts";
import { type Cents, cents } from "../shared/money.ts";
import { LineTransitionNotAllowed, NothingPayable } from "./errors.ts";
import type { CommissionLine, LineState } from "./model.ts";

export type LineEvent =
  | { readonly type: "release"; readonly today: string }
  | { readonly type: "invoice"; readonly invoiceId: InvoiceId; readonly on: string }
  | { readonly type: "pay"; readonly on: string };

type LineFacts = Pick<CommissionLine, "state" | "payableOn" | "invoiceId" | "invoicedOn" | "paidOn">;

/** The line after `event`, or why the step is refused. */
export function transition<L extends LineFacts>(
  line: L,
  event: LineEvent,
): Either.Either<L, LineTransitionNotAllowed> {
  const refuse = () => Either.left(new LineTransitionNotAllowed({ from: line.state, event: event.type }));
  const to = (state: LineState, patch: Partial<LineFacts> = {}) => Either.right({ ...line, state, ...patch });
  switch (event.type) {
    case "release":
      return line.state === "earned" && line.payableOn <= event.today ? to("payable") : refuse();
    case "invoice":
      return line.state === "payable"
        ? to("invoiced", { invoiceId: event.invoiceId, invoicedOn: event.on })
        : refuse();
    case "pay":
      return line.state === "invoiced" ? to("paid", { paidOn: event.on }) : refuse();
  }
}

/** The payable lines one invoice takes and their net, or `NothingPayable` when they net ≤ 0. */
export function invoiceable<L extends Pick<CommissionLine, "state" | "amountCents">>(
  lines: readonly L[],
): Either.Either<{ readonly lines: readonly L[]; readonly netCents: Cents }, NothingPayable> {
  const payable = lines.filter((l) => l.state === "payable");
  const net = payable.reduce((sum, l) => sum + l.amountCents, 0);
  return net > 0 && payable.length > 0
    ? Either.right({ lines: payable, netCents: cents(net) })
    : Either.left(new NothingPayable({ netCents: net }));
}
