/**
 * The agreement state machine (issue 17; ADR 0017): pure, no I/O, time comes in.
 *
 *   (none) ──────────────▶ draft                     (either party starts one)
 *   draft    ──edit (either party)──────────────▶ draft      (the working draft changes; no version)
 *   draft    ──propose (either party)───────────▶ proposed   (the draft is frozen as version n+1)
 *   proposed ──counter (the party who did not propose)─▶ draft (version n → countered; edit and propose back)
 *   proposed ──sign v (each party once, v = the newest version)─▶ proposed | signed
 *              (signed when BOTH parties signed that exact version; the version signed before → superseded)
 *   signed   ──amend (either party)─────────────▶ draft      (the signed version stays in force meanwhile)
 *   any but ended ──end (the partnership ended)──▶ ended     (signed version → ended, proposed → withdrawn)
 *
 * Every other stage × event pair is an AgreementTransitionNotAllowed.
 */
import { Either } from "effect";
import type { Party } from "../partnership/index.ts";
import { type AgreementEventType, AgreementTransitionNotAllowed } from "./errors.ts";
import type { AgreementStage, VersionStatus } from "./model.ts";

/** A version as the machine sees it. */
export interface MachineVersion {
  readonly number: number;
  readonly proposedBy: Party;
  readonly status: VersionStatus;
  readonly signedBy: readonly Party[];
}

/** The machine's state: the stage and every version, oldest first. */
export interface AgreementMachineState {
  readonly stage: AgreementStage;
  readonly versions: readonly MachineVersion[];
}

export type AgreementEvent =
  | { readonly type: "edit" | "propose" | "counter" | "amend" | "end"; readonly by: Party }
  | { readonly type: "sign"; readonly by: Party; readonly version: number };

const notAllowed = (from: AgreementStage, event: AgreementEventType, reason: string) =>
  Either.left(new AgreementTransitionNotAllowed({ from, event, reason }));

const replaceLast = (versions: readonly MachineVersion[], last: MachineVersion) => [
  ...versions.slice(0, -1),
  last,
];

/** Applies `event` to `state`; the new state, or Left when the pair is not allowed. Never mutates. */
export function transition(
  state: AgreementMachineState,
  event: AgreementEvent,
): Either.Either<AgreementMachineState, AgreementTransitionNotAllowed> {
  const { stage, versions } = state;
  const last = versions.at(-1);
  switch (event.type) {
    case "edit":
      if (stage !== "draft") return notAllowed(stage, "edit", "Only a draft can be edited.");
      return Either.right(state);
    case "propose":
      if (stage !== "draft") return notAllowed(stage, "propose", "Only a draft can be proposed.");
      return Either.right({
        stage: "proposed",
        versions: [
          ...versions,
          { number: (last?.number ?? 0) + 1, proposedBy: event.by, status: "proposed", signedBy: [] },
        ],
      });
    case "counter":
      if (stage !== "proposed" || !last)
        return notAllowed(stage, "counter", "Only a proposed agreement can be countered.");
      if (last.proposedBy === event.by)
        return notAllowed(stage, "counter", "Only the party who received the proposal can counter it.");
      return Either.right({
        stage: "draft",
        versions: replaceLast(versions, { ...last, status: "countered" }),
      });
    case "sign": {
      if (stage !== "proposed" || !last)
        return notAllowed(stage, "sign", "Only a proposed agreement can be signed.");
      if (event.version !== last.number)
        return notAllowed(
          stage,
          "sign",
          `Version ${event.version} is not the current proposal; review version ${last.number}.`,
        );
      if (last.signedBy.includes(event.by))
        return notAllowed(stage, "sign", "You have already signed this version.");
      const signedBy = [...last.signedBy, event.by];
      if (signedBy.length < 2)
        return Either.right({ stage, versions: replaceLast(versions, { ...last, signedBy }) });
      return Either.right({
        stage: "signed",
        versions: versions.map((v) =>
          v.number === last.number
            ? { ...v, signedBy, status: "signed" as const }
            : v.status === "signed"
              ? { ...v, status: "superseded" as const }
              : v,
        ),
      });
    }
    case "amend":
      if (stage !== "signed") return notAllowed(stage, "amend", "Only a signed agreement can be amended.");
      return Either.right({ stage: "draft", versions });
    case "end":
      if (stage === "ended") return notAllowed(stage, "end", "This agreement has already ended.");
      return Either.right({
        stage: "ended",
        versions: versions.map((v) =>
          v.status === "signed"
            ? { ...v, status: "ended" as const }
            : v.status === "proposed"
              ? { ...v, status: "withdrawn" as const }
              : v,
        ),
      });
  }
}
