/** Examples of the opportunity, application and invitation machines (issue 44). */

import { Either } from "effect";
import { describe, expect, it } from "vitest";
import { INVITATION_TTL_MS } from "./model.ts";
import { applicationTransition, invitationTransition, opportunityTransition } from "./opportunity-machine.ts";
import { anInvitation, anOpportunity } from "./testing/index.ts";
import { checkPublishingLimit, draftTermsFor, slugBase } from "./use-cases.ts";

const at = new Date("2026-12-02T01:00:00Z");

describe("opportunity machine", () => {
  it("publishes a draft and stamps the time", () => {
    const result = opportunityTransition(anOpportunity({ status: "draft", publishedAt: null }), {
      type: "publish",
      at,
    });
    expect(result).toEqual(Either.right(expect.objectContaining({ status: "published", publishedAt: at })));
  });
  it("pauses and resumes a published one; refuses to pause a draft", () => {
    expect(Either.getOrThrow(opportunityTransition(anOpportunity(), { type: "pause", at })).status).toBe(
      "paused",
    );
    expect(
      Either.getOrThrow(opportunityTransition(anOpportunity({ status: "paused" }), { type: "resume", at }))
        .status,
    ).toBe("published");
    expect(
      Either.isLeft(opportunityTransition(anOpportunity({ status: "draft" }), { type: "pause", at })),
    ).toBe(true);
  });
  it("fills places and closes as filled with the last one", () => {
    const first = Either.getOrThrow(opportunityTransition(anOpportunity(), { type: "fill", at }));
    expect(first).toMatchObject({ status: "published", placesFilled: 1 });
    const last = Either.getOrThrow(
      opportunityTransition(anOpportunity({ placesFilled: 1 }), { type: "fill", at }),
    );
    expect(last).toMatchObject({ status: "closed", closedReason: "filled", placesFilled: 2 });
  });
  it("takes no approval when paused or closed", () => {
    for (const status of ["draft", "paused", "closed"] as const)
      expect(Either.isLeft(opportunityTransition(anOpportunity({ status }), { type: "fill", at }))).toBe(
        true,
      );
  });
  it("withdraws from any open state, never twice", () => {
    expect(Either.getOrThrow(opportunityTransition(anOpportunity(), { type: "withdraw", at }))).toMatchObject(
      {
        status: "closed",
        closedReason: "withdrawn",
      },
    );
    const closed = anOpportunity({ status: "closed", closedReason: "filled" });
    expect(Either.isLeft(opportunityTransition(closed, { type: "withdraw", at }))).toBe(true);
  });
});

describe("application machine", () => {
  const step = (
    status: Parameters<typeof applicationTransition>[0]["status"],
    type: Parameters<typeof applicationTransition>[1]["type"],
    by: "business" | "agent" = "business",
  ) => applicationTransition({ status }, { type, by, at });
  it("runs submitted → shortlisted → interview → approved for the business", () => {
    expect(step("submitted", "shortlist")).toEqual(Either.right("shortlisted"));
    expect(step("shortlisted", "interview")).toEqual(Either.right("interview"));
    expect(step("interview", "approve")).toEqual(Either.right("approved"));
    expect(step("shortlisted", "approve")).toEqual(Either.right("approved"));
  });
  it("refuses an approval before the shortlist, and every step from a final state", () => {
    expect(Either.isLeft(step("submitted", "approve"))).toBe(true);
    for (const status of ["approved", "declined", "withdrawn"] as const)
      for (const type of ["shortlist", "interview", "approve", "decline"] as const)
        expect(Either.isLeft(step(status, type))).toBe(true);
  });
  it("lets only the agent withdraw, until approved", () => {
    expect(step("interview", "withdraw", "agent")).toEqual(Either.right("withdrawn"));
    expect(Either.isLeft(step("interview", "withdraw", "business"))).toBe(true);
    expect(Either.isLeft(step("approved", "withdraw", "agent"))).toBe(true);
    expect(Either.isLeft(step("submitted", "shortlist", "agent"))).toBe(true);
  });
});

describe("invitation machine", () => {
  const sent = anInvitation();
  const justBefore = new Date(sent.createdAt.getTime() + INVITATION_TTL_MS - 1);
  const onTheHour = new Date(sent.createdAt.getTime() + INVITATION_TTL_MS);
  it("can be accepted or declined until its 48 hours end", () => {
    expect(invitationTransition(sent, { type: "accept", at: justBefore })).toEqual(Either.right("accepted"));
    expect(invitationTransition(sent, { type: "decline", at: justBefore })).toEqual(Either.right("declined"));
    expect(Either.isLeft(invitationTransition(sent, { type: "accept", at: onTheHour }))).toBe(true);
  });
  it("expires at 48 hours and not a millisecond before", () => {
    expect(Either.isLeft(invitationTransition(sent, { type: "expire", at: justBefore }))).toBe(true);
    expect(invitationTransition(sent, { type: "expire", at: onTheHour })).toEqual(Either.right("expired"));
    expect(
      Either.isLeft(invitationTransition({ ...sent, status: "accepted" }, { type: "expire", at: onTheHour })),
    ).toBe(true);
  });
});

describe("opportunity rules", () => {
  it("reads the published limit from the plan catalogue (basic 2, enterprise unlimited)", () => {
    expect(Either.isRight(checkPublishingLimit({ published: 1, plan: "basic" }, at))).toBe(true);
    expect(checkPublishingLimit({ published: 2, plan: "basic" }, at)).toEqual(
      Either.left(expect.objectContaining({ _tag: "OpportunityLimitReached", limit: 2 })),
    );
    expect(Either.isRight(checkPublishingLimit({ published: 500, plan: "enterprise" }, at))).toBe(true);
    // A canceled subscription falls back to the free plan's limit.
    expect(
      Either.isLeft(checkPublishingLimit({ published: 2, plan: "professional", status: "canceled" }, at)),
    ).toBe(true);
  });
  it("drafts the agreement from the opportunity's terms, with the agent's proposed rate", () => {
    const terms = draftTermsFor(anOpportunity(), 18, "2026-12-02");
    expect(terms).toMatchObject({
      model: { type: "straight", rate: 18 },
      territory: ["sydney"],
      startDate: "2026-12-02",
    });
    expect(draftTermsFor(anOpportunity(), null, "2026-12-02").model).toEqual({ type: "straight", rate: 15 });
  });
  it("makes slugs of letters, digits and hyphens", () => {
    expect(slugBase("Enterprise software — Sydney!")).toBe("enterprise-software-sydney");
    expect(slugBase("!!!")).toBe("opportunity");
  });
});
