import { Effect, Either, Exit, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { aUser } from "../identity/testing/index.ts";
import { makeProfilesMemory } from "../profiles/testing/index.ts";
import {
  AgentProfileId,
  BusinessProfileId,
  cents,
  InvoiceId,
  makeTestClock,
  PartnershipId,
} from "../shared/index.ts";
import { InvoiceAlreadyPaid, PaymentAmountMismatch } from "./errors.ts";
import { transitionInvoice } from "./invoice-machine.ts";
import { addDays, businessDate, defaultDueDate, displayState, isCalendarDate } from "./model.ts";
import {
  anInvoice,
  aPartnership,
  invoiceTermsStub,
  makeInvoiceMemory,
  partnershipLookup,
} from "./testing/index.ts";
import { createInvoice, getInvoice, listInvoices, monthlyCommission } from "./use-cases.ts";

describe("invoice model", () => {
  it("dates: Sydney calendar, 30 days ahead by default, real dates only", () => {
    // 2026-11-22T14:00Z is 2026-11-23 01:00 in Sydney (AEDT, UTC+11).
    expect(businessDate(new Date("2026-11-22T14:00:00Z"))).toBe("2026-11-23");
    expect(defaultDueDate(new Date("2026-11-22T14:00:00Z"))).toBe("2026-12-23");
    expect(addDays("2026-02-27", 2)).toBe("2026-03-01");
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("29/02/2028")).toBe(false);
  });

  it("display state (spec §4): paid, else overdue after the due date, else pending", () => {
    const now = new Date("2026-11-23T01:00:00Z"); // 12:00 in Sydney
    expect(displayState({ isPaid: true, dueDate: "2020-01-01" }, now)).toBe("paid");
    expect(displayState({ isPaid: false, dueDate: "2026-11-22" }, now)).toBe("overdue");
    expect(displayState({ isPaid: false, dueDate: "2026-11-23" }, now)).toBe("pending");
    expect(displayState({ isPaid: false, dueDate: "2026-12-01" }, now)).toBe("pending");
  });
});

describe("invoice machine", () => {
  const at = new Date("2026-11-25T00:00:00Z");
  it("unpaid → paid with the full amount, stamping paidAt", () => {
    const paid = Either.getOrThrow(
      transitionInvoice(anInvoice(), { type: "PaymentCompleted", amountCents: cents(15_000), at }),
    );
    expect(paid).toMatchObject({ isPaid: true, paidAt: at });
  });
  it("a partial payment does not pay it", () => {
    const result = transitionInvoice(anInvoice(), {
      type: "PaymentCompleted",
      amountCents: cents(14_999),
      at,
    });
    expect(Either.isLeft(result) && result.left).toBeInstanceOf(PaymentAmountMismatch);
  });
  it("paid exactly once", () => {
    const result = transitionInvoice(anInvoice({ isPaid: true, paidAt: at }), {
      type: "PaymentCompleted",
      amountCents: cents(15_000),
      at,
    });
    expect(Either.isLeft(result) && result.left).toBeInstanceOf(InvoiceAlreadyPaid);
  });
});

function setup(now = new Date("2026-11-23T01:00:00Z")) {
  const profiles = makeProfilesMemory();
  const invoices = makeInvoiceMemory();
  const partnerships = [
    aPartnership({ id: 1, businessId: BusinessProfileId.make(1), agentId: AgentProfileId.make(1) }),
    aPartnership({
      id: 2,
      businessId: BusinessProfileId.make(1),
      agentId: AgentProfileId.make(1),
      status: "pending",
      startDate: null,
    }),
    aPartnership({ id: 3, businessId: BusinessProfileId.make(2), agentId: AgentProfileId.make(2) }),
  ];
  const clock = makeTestClock(now);
  const layer = Layer.mergeAll(
    profiles.layer,
    invoices.layer,
    partnershipLookup(partnerships),
    clock.layer,
    invoiceTermsStub(),
  );
  const agent = aUser(10, "agent");
  const otherAgent = aUser(11, "agent");
  const business = aUser(20, "business");
  const otherBusiness = aUser(21, "business");
  const run = <A, E>(effect: Effect.Effect<A, E, Layer.Layer.Success<typeof layer>>) =>
    Effect.runPromiseExit(Effect.provide(effect, layer));
  return { profiles, invoices, run, clock, agent, otherAgent, business, otherBusiness };
}

const failureTag = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit)
    ? (exit.cause as { error?: { _tag?: string; field?: string; message?: string } }).error
    : undefined;

describe("invoice use cases", () => {
  async function withProfiles() {
    const s = setup();
    // The memory numbers all profiles from one sequence: business 1, agents 2 and 3, business 4.
    await s.run(
      Effect.gen(function* () {
        const { createBusinessProfile, createAgentProfile } = yield* Effect.promise(
          () => import("../profiles/index.ts"),
        );
        const b = {
          companyName: "Harbour Tech",
          industry: "technology",
          size: "small",
          description: null,
          location: "sydney",
          logo: null,
          website: null,
          contactEmail: null,
          contactPhone: null,
        } as const;
        const a = {
          fullName: "Mia Chen",
          specialization: "B2B Sales",
          yearsOfExperience: 4,
          bio: null,
          location: "sydney",
          photo: null,
          linkedinProfile: null,
          minimumCommissionRate: 10,
          skills: [],
        } as const;
        yield* createBusinessProfile(s.business, b); // business profile 1
        yield* createAgentProfile(s.otherAgent, a); // agent profile 2
        yield* createAgentProfile(s.agent, a); // agent profile 3
        yield* createBusinessProfile(s.otherBusiness, b); // business profile 4
      }),
    );
    return s;
  }

  it("creates an invoice on an active partnership of the caller's with the chosen business", async () => {
    const withP = await withProfiles();
    // Partnership 3 is business 2 ↔ agent 2; user 11 owns agent profile 2.
    const exit = await withP.run(
      createInvoice(withP.otherAgent, {
        businessId: BusinessProfileId.make(2),
        partnershipId: PartnershipId.make(3),
        amountCents: cents(12_345),
        description: "  Leads  ",
      }),
    );
    expect(Exit.isSuccess(exit)).toBe(true);
    if (Exit.isSuccess(exit))
      expect(exit.value).toMatchObject({
        agentId: AgentProfileId.make(2),
        businessId: BusinessProfileId.make(2),
        amountCents: cents(12_345),
        description: "Leads",
        dueDate: "2026-12-23",
        isPaid: false,
      });
  });

  it("reads an invoice's display state at the Clock's now: pending through its due date, then overdue", async () => {
    const s = await withProfiles();
    const input = {
      businessId: BusinessProfileId.make(2),
      partnershipId: PartnershipId.make(3),
      amountCents: cents(100),
      description: "Work",
      dueDate: "2026-11-30",
    };
    const created = await s.run(createInvoice(s.otherAgent, input));
    expect(Exit.isSuccess(created) && created.value.state).toBe("pending");
    s.clock.set(new Date("2026-11-30T12:00:00Z")); // 30 Nov, 11 pm in Sydney: due today
    const dueToday = await s.run(getInvoice(s.otherAgent, InvoiceId.make(1)));
    expect(Exit.isSuccess(dueToday) && dueToday.value.state).toBe("pending");
    s.clock.set(new Date("2026-11-30T13:30:00Z")); // 1 Dec, 00:30 in Sydney
    const list = await s.run(listInvoices(s.otherAgent, { page: 1, pageSize: 10 }));
    expect(Exit.isSuccess(list) && list.value.items.map((i) => i.state)).toEqual(["overdue"]);
  });

  it("refuses: not an agent, another agent's partnership, wrong business, not active, bad fields", async () => {
    const s = await withProfiles();
    const good = {
      businessId: BusinessProfileId.make(2),
      partnershipId: PartnershipId.make(3),
      amountCents: cents(100),
      description: "Work",
    };
    expect(failureTag(await s.run(createInvoice(s.business, good)))?._tag).toBe("WrongAccountType");
    // user 10 owns agent profile 3, not a party to partnership 3 (agent 2)
    expect(failureTag(await s.run(createInvoice(s.agent, good)))).toMatchObject({
      field: "partnershipId",
      message: "Partnership not found",
    });
    expect(
      failureTag(
        await s.run(createInvoice(s.otherAgent, { ...good, businessId: BusinessProfileId.make(1) })),
      ),
    ).toMatchObject({
      field: "partnershipId",
    });
    expect(
      failureTag(await s.run(createInvoice(s.otherAgent, { ...good, amountCents: cents(0) }))),
    ).toMatchObject({
      field: "amount",
    });
    expect(
      failureTag(await s.run(createInvoice(s.otherAgent, { ...good, description: " ab " }))),
    ).toMatchObject({
      field: "description",
      message: "Description is required",
    });
    expect(
      failureTag(await s.run(createInvoice(s.otherAgent, { ...good, dueDate: "2026-02-30" }))),
    ).toMatchObject({
      field: "dueDate",
    });
    expect(
      failureTag(await s.run(createInvoice(s.otherAgent, { ...good, dueDate: "2026-11-22" }))),
    ).toMatchObject({
      field: "dueDate",
    });
  });

  it("an inactive partnership cannot be invoiced", async () => {
    const s = setup();
    const agentOne = aUser(30, "agent");
    await s.run(
      Effect.gen(function* () {
        const { createAgentProfile } = yield* Effect.promise(() => import("../profiles/index.ts"));
        yield* createAgentProfile(agentOne, {
          fullName: "Agent One",
          specialization: "B2B Sales",
          yearsOfExperience: 1,
          bio: null,
          location: "sydney",
          photo: null,
          linkedinProfile: null,
          minimumCommissionRate: 10,
          skills: [],
        });
      }),
    );
    expect(
      failureTag(
        await s.run(
          createInvoice(agentOne, {
            businessId: BusinessProfileId.make(1),
            partnershipId: PartnershipId.make(2),
            amountCents: cents(100),
            description: "Work",
          }),
        ),
      ),
    ).toMatchObject({
      field: "partnershipId",
      message: "You can only create invoices for active partnerships.",
    });
  });

  it("agents see their own invoices, businesses those addressed to them; others get InvoiceNotFound", async () => {
    const s = await withProfiles();
    s.invoices.rows.push(
      anInvoice({ id: 100, agentId: AgentProfileId.make(2), businessId: BusinessProfileId.make(1) }),
      anInvoice({ id: 101, agentId: AgentProfileId.make(3), businessId: BusinessProfileId.make(4) }),
    );
    const agentList = await s.run(listInvoices(s.otherAgent, { page: 1, pageSize: 10 }));
    expect(Exit.isSuccess(agentList) && agentList.value.items.map((i) => i.id)).toEqual([100]);
    const businessList = await s.run(listInvoices(s.business, { page: 1, pageSize: 10 }));
    expect(Exit.isSuccess(businessList) && businessList.value.items.map((i) => i.id)).toEqual([100]);
    expect(Exit.isSuccess(await s.run(getInvoice(s.business, InvoiceId.make(100))))).toBe(true);
    expect(failureTag(await s.run(getInvoice(s.otherBusiness, InvoiceId.make(100))))?._tag).toBe(
      "InvoiceNotFound",
    );
    expect(failureTag(await s.run(getInvoice(s.agent, InvoiceId.make(100))))?._tag).toBe("InvoiceNotFound");
  });

  it("monthly commission sums the agent's invoices paid this Sydney month", async () => {
    const s = await withProfiles();
    s.invoices.rows.push(
      anInvoice({
        id: 1,
        agentId: AgentProfileId.make(2),
        amountCents: cents(10_000),
        isPaid: true,
        paidAt: new Date("2026-11-20T00:00:00Z"),
      }),
      anInvoice({
        id: 2,
        agentId: AgentProfileId.make(2),
        amountCents: cents(2_550),
        isPaid: true,
        paidAt: new Date("2026-10-31T13:30:00Z"),
      }), // Nov 1 in Sydney
      anInvoice({
        id: 3,
        agentId: AgentProfileId.make(2),
        amountCents: cents(99_900),
        isPaid: true,
        paidAt: new Date("2026-10-30T00:00:00Z"),
      }),
      anInvoice({ id: 4, agentId: AgentProfileId.make(2), amountCents: cents(7_000) }),
      anInvoice({
        id: 5,
        agentId: AgentProfileId.make(3),
        amountCents: cents(5_000),
        isPaid: true,
        paidAt: new Date("2026-11-20T00:00:00Z"),
      }),
    );
    const exit = await s.run(monthlyCommission(s.otherAgent));
    // Net: less the default fee of 750 cents on each of the two invoices (issue 14).
    expect(Exit.isSuccess(exit) && exit.value).toEqual({
      month: "2026-11",
      paidCents: 12_550,
      netCents: 11_050,
    });
  });
});
