import { Effect, Either, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { aUser } from "../identity/testing/index.ts";
import { anInvoice, makeInvoiceMemory } from "../invoice/testing/index.ts";
import { aBusinessProfile, anAgentProfile, makeProfilesMemory } from "../profiles/testing/index.ts";
import { AppUrl } from "../shared/app-url.ts";
import { makeTestClock } from "../shared/clock.ts";
import { InvoiceId } from "../shared/ids.ts";
import { type Email, Mailer } from "../shared/mailer.ts";
import { makeDomainEventsRecorder } from "../shared/testing.ts";
import { proposeResolution } from "./mediate-dispute.ts";
import { respondToDispute, withdrawDispute } from "./negotiate-dispute.ts";
import { openDispute } from "./open-dispute.ts";
import { getDispute, listMyDisputes } from "./read-disputes.ts";
import { makeDisputeMemory } from "./testing/index.ts";

const now = new Date("2026-11-23T01:00:00Z");
const agent = aUser(10, "agent");
const business = aUser(20, "business");
const stranger = aUser(30, "business");
const staff = aUser(40, "business", { role: "admin" });
const invoiceId = InvoiceId.make(1);

/** Invoice 1 ($150.00, unpaid) between business 1 (user 20) and agent 1 (user 10); a stranger's business 2. */
const world = (invoice = anInvoice()) => {
  const profiles = makeProfilesMemory();
  profiles.businesses.push(aBusinessProfile({ id: 1, userId: 20 }), aBusinessProfile({ id: 2, userId: 30 }));
  profiles.agents.push(anAgentProfile({ id: 1, userId: 10 }));
  const invoices = makeInvoiceMemory();
  invoices.rows.push(invoice);
  const disputes = makeDisputeMemory();
  const events = makeDomainEventsRecorder();
  const mails: Email[] = [];
  const layer = Layer.mergeAll(
    profiles.layer,
    invoices.layer,
    disputes.layer,
    events.layer,
    makeTestClock(now).layer,
    Layer.succeed(Mailer, { send: (mail) => Effect.sync(() => void mails.push(mail)) }),
    Layer.succeed(AppUrl, { origin: "https://closr.test" }),
  );
  const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.runPromise(Effect.either(Effect.provide(effect, layer) as Effect.Effect<A, E, never>));
  return { disputes, events, mails, run };
};

const leftOf = (result: Either.Either<unknown, unknown>) => (Either.isLeft(result) ? result.left : undefined);

const notOwed = {
  reason: "amount_not_owed" as const,
  description: "The leads were duplicates.",
  claimedCents: 5_000,
};

describe("dispute use cases", () => {
  it("a party opens a dispute: the other party has until the deadline; both are emailed; the event is published", async () => {
    const { run, events, mails } = world();
    const dispute = Either.getOrThrow(await run(openDispute(business, invoiceId, notOwed)));
    expect(dispute).toMatchObject({ state: "open", opener: "business", invoiceAmountCents: 15_000 });
    expect(dispute.deadline).not.toBeNull();
    expect(events.tags()).toEqual(["DisputeOpened"]);
    expect(mails.map((mail) => mail.to)).toEqual(["business@example.com", "agent@example.com"]);
  });

  it("opening runs the invoice machine's DisputeOpened and stores its result with the dispute (ADR 0049)", async () => {
    const { run, disputes } = world();
    Either.getOrThrow(await run(openDispute(business, invoiceId, notOwed)));
    expect(disputes.openings).toEqual([
      {
        before: expect.objectContaining({ id: 1, disputed: false, isPaid: false }),
        invoice: expect.objectContaining({ id: 1, disputed: true, isPaid: false }),
      },
    ]);
  });

  it("the machine refuses a cancelled invoice and one held by a card dispute: InvoiceTransitionRefused, nothing stored", async () => {
    const cancelled = world(anInvoice({ cancelledAt: new Date("2026-11-20T00:00:00Z") }));
    expect(leftOf(await cancelled.run(openDispute(business, invoiceId, notOwed)))).toMatchObject({
      _tag: "InvoiceTransitionRefused",
      id: 1,
      from: "cancelled",
      event: "DisputeOpened",
    });
    expect(cancelled.disputes.disputes).toEqual([]);
    const card = world(anInvoice({ isPaid: true, paidAt: new Date("2026-11-10T00:00:00Z"), disputed: true }));
    const paidReason = { ...notOwed, reason: "charged_in_error" as const };
    expect(leftOf(await card.run(openDispute(business, invoiceId, paidReason)))).toMatchObject({
      _tag: "InvoiceTransitionRefused",
      from: "disputed",
    });
    expect(card.disputes.openings).toEqual([]);
  });

  it("InvalidDispute names the wrong reason for an unpaid invoice, a short description and a claim too high", async () => {
    const { run } = world();
    const result = await run(
      openDispute(agent, invoiceId, {
        reason: "charged_in_error",
        description: "short",
        claimedCents: 15_000,
      }),
    );
    expect(leftOf(result)).toMatchObject({
      _tag: "InvalidDispute",
      errors: [
        { field: "reason", message: "For an unpaid invoice choose “Amount not owed” or “Work not done”." },
        { field: "description", message: "Describe the problem in at least 10 characters." },
        { field: "claimedAmount", message: "The amount owed is from $0.00 to less than $150.00." },
      ],
    });
  });

  it("DisputeAlreadyOpen for a second dispute; InvoiceNotFound for a stranger's invoice", async () => {
    const { run } = world();
    await run(openDispute(business, invoiceId, notOwed));
    expect(leftOf(await run(openDispute(agent, invoiceId, notOwed)))).toMatchObject({
      _tag: "DisputeAlreadyOpen",
      invoiceId: 1,
    });
    expect(leftOf(await run(openDispute(stranger, invoiceId, notOwed)))).toMatchObject({
      _tag: "InvoiceNotFound",
    });
  });

  it("the other party accepts the offer: resolved at the claimed amount, settled once by reducing the invoice", async () => {
    const { run, events, disputes } = world();
    const opened = Either.getOrThrow(await run(openDispute(business, invoiceId, notOwed)));
    const resolved = Either.getOrThrow(await run(respondToDispute(agent, opened.id, { action: "accept" })));
    expect(resolved).toMatchObject({
      state: "resolved",
      settledAmountCents: 5_000,
      outcome: "amount_reduced",
    });
    expect(events.tags()).toEqual(["DisputeOpened", "DisputeStepTaken"]);
    expect(disputes.settlements.map((s) => s.plan.kind)).toEqual(["reduce"]);
  });

  it("the opener withdraws: the invoice stands and the settlement only releases", async () => {
    const { run, disputes } = world();
    const opened = Either.getOrThrow(await run(openDispute(business, invoiceId, notOwed)));
    expect(Either.getOrThrow(await run(withdrawDispute(business, opened.id))).state).toBe("withdrawn");
    expect(disputes.settlements.map((s) => s.plan.kind)).toEqual(["release"]);
  });

  it("a refused step is DisputeTransitionRefused; a counter without an amount is InvalidDispute", async () => {
    const { run } = world();
    const opened = Either.getOrThrow(await run(openDispute(business, invoiceId, notOwed)));
    expect(leftOf(await run(respondToDispute(business, opened.id, { action: "accept" })))).toMatchObject({
      _tag: "DisputeTransitionRefused",
    });
    expect(leftOf(await run(respondToDispute(agent, opened.id, { action: "counter" })))).toMatchObject({
      _tag: "InvalidDispute",
      errors: [{ field: "amount", message: "Enter the amount you offer." }],
    });
  });

  it("only staff propose (NotMediator); strangers get DisputeNotFound; parties see their own", async () => {
    const { run } = world();
    const opened = Either.getOrThrow(await run(openDispute(business, invoiceId, notOwed)));
    expect(
      leftOf(await run(proposeResolution(agent, opened.id, { amountCents: 1, note: "x" }))),
    ).toMatchObject({
      _tag: "NotMediator",
    });
    expect(leftOf(await run(getDispute(stranger, opened.id)))).toMatchObject({ _tag: "DisputeNotFound" });
    expect(leftOf(await run(withdrawDispute(stranger, opened.id)))).toMatchObject({
      _tag: "DisputeNotFound",
    });
    expect(leftOf(await run(withdrawDispute(staff, opened.id)))).toMatchObject({ _tag: "DisputeNotFound" });
    expect(Either.getOrThrow(await run(listMyDisputes(agent))).items.map((d) => d.id)).toEqual([opened.id]);
  });
});
