import { Either } from "effect";
import { describe, expect, it } from "vitest";
import { type AgreementEvent, type AgreementMachineState, transition } from "./agreement-machine.ts";

const apply = (state: AgreementMachineState, ...events: AgreementEvent[]) =>
  events.reduce((s, e) => Either.getOrThrow(transition(s, e)), state);
const draft: AgreementMachineState = { stage: "draft", versions: [] };

describe("agreement machine: the negotiation of issue 17", () => {
  it("propose, counter, propose back, both sign: version 2 signed, version 1 countered", () => {
    const state = apply(
      draft,
      { type: "propose", by: "business" },
      { type: "counter", by: "agent" },
      { type: "edit", by: "agent" },
      { type: "propose", by: "agent" },
      { type: "sign", by: "agent", version: 2 },
      { type: "sign", by: "business", version: 2 },
    );
    expect(state.stage).toBe("signed");
    expect(state.versions.map((v) => [v.number, v.status])).toEqual([
      [1, "countered"],
      [2, "signed"],
    ]);
  });

  it("a signature on a version that was then changed does not count: both sign again", () => {
    let state = apply(
      draft,
      { type: "propose", by: "business" },
      { type: "sign", by: "business", version: 1 },
    );
    state = apply(state, { type: "counter", by: "agent" }, { type: "propose", by: "agent" });
    expect(state.versions.at(-1)?.signedBy).toEqual([]);
    state = apply(state, { type: "sign", by: "agent", version: 2 });
    expect(state.stage).toBe("proposed");
    expect(Either.isLeft(transition(state, { type: "sign", by: "business", version: 1 }))).toBe(true);
    expect(apply(state, { type: "sign", by: "business", version: 2 }).stage).toBe("signed");
  });

  it("an amendment both sign supersedes the version in force", () => {
    const signed = apply(
      draft,
      { type: "propose", by: "business" },
      { type: "sign", by: "business", version: 1 },
      { type: "sign", by: "agent", version: 1 },
    );
    const amended = apply(
      signed,
      { type: "amend", by: "agent" },
      { type: "propose", by: "agent" },
      { type: "sign", by: "agent", version: 2 },
    );
    expect(amended.versions[0]?.status).toBe("signed");
    const final = apply(amended, { type: "sign", by: "business", version: 2 });
    expect(final.versions.map((v) => v.status)).toEqual(["superseded", "signed"]);
  });

  it("ends with the partnership: the signed version ends, an open proposal is withdrawn", () => {
    const signed = apply(
      draft,
      { type: "propose", by: "business" },
      { type: "sign", by: "business", version: 1 },
      { type: "sign", by: "agent", version: 1 },
      { type: "amend", by: "agent" },
      { type: "propose", by: "agent" },
      { type: "end", by: "business" },
    );
    expect(signed.stage).toBe("ended");
    expect(signed.versions.map((v) => v.status)).toEqual(["ended", "withdrawn"]);
  });

  const refusals: [string, AgreementMachineState, AgreementEvent, string][] = [
    [
      "the proposer cannot counter their own proposal",
      apply(draft, { type: "propose", by: "agent" }),
      { type: "counter", by: "agent" },
      "Only the party who received the proposal can counter it.",
    ],
    [
      "nobody signs twice",
      apply(draft, { type: "propose", by: "agent" }, { type: "sign", by: "agent", version: 1 }),
      { type: "sign", by: "agent", version: 1 },
      "You have already signed this version.",
    ],
    [
      "a draft cannot be signed",
      draft,
      { type: "sign", by: "agent", version: 1 },
      "Only a proposed agreement can be signed.",
    ],
    [
      "a proposal cannot be edited",
      apply(draft, { type: "propose", by: "agent" }),
      { type: "edit", by: "business" },
      "Only a draft can be edited.",
    ],
    [
      "a draft cannot be amended",
      draft,
      { type: "amend", by: "business" },
      "Only a signed agreement can be amended.",
    ],
    [
      "ended absorbs",
      apply(draft, { type: "end", by: "agent" }),
      { type: "propose", by: "agent" },
      "Only a draft can be proposed.",
    ],
  ];
  for (const [name, state, event, reason] of refusals)
    it(name, () => {
      const result = transition(state, event);
      expect(Either.isLeft(result) && result.left.reason).toBe(reason);
    });
});
