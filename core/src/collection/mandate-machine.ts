/**
 * The mandate's life cycle (issue 45 item 1, ADR 0064) as a pure machine:
 * `transitionMandate(mandate, event) → Either<Mandate, MandateTransitionRefused>`, time in the event.
 *
 * pending → active (SetupSucceeded: Stripe `setup_intent.succeeded`, or `mandate.updated` to active)
 * pending → inactive (SetupFailed: `setup_intent.setup_failed`)
 * pending | active → inactive (GatewayInactive: `mandate.updated` to inactive, e.g. account closed)
 * pending | active | inactive → revoked (Revoked: by the business, at any time)
 * Every other pair is refused; `revoked` is final. An event that would not change the mandate (a
 * replayed `setup_intent.succeeded` on an active mandate) is refused too, so replays change nothing.
 */
import { Either } from "effect";
import { MandateTransitionRefused } from "./errors.ts";
import type { Mandate, MandateStatus } from "./model.ts";

export type MandateEvent =
  | {
      readonly type: "SetupSucceeded";
      readonly gatewayMandateId: string | null;
      readonly paymentMethodId: string | null;
      readonly at: Date;
    }
  | { readonly type: "SetupFailed"; readonly reason: string; readonly at: Date }
  | { readonly type: "GatewayInactive"; readonly reason: string; readonly at: Date }
  | { readonly type: "Revoked"; readonly at: Date };

/** The facts the machine reads and writes. */
export type MandateFacts = Pick<
  Mandate,
  "status" | "gatewayMandateId" | "paymentMethodId" | "inactiveReason" | "updatedAt"
>;

const allowed: Readonly<Record<MandateEvent["type"], readonly MandateStatus[]>> = {
  SetupSucceeded: ["pending"],
  SetupFailed: ["pending"],
  GatewayInactive: ["pending", "active"],
  Revoked: ["pending", "active", "inactive"],
};

/** Applies one event; refusals leave the mandate unchanged. */
export const transitionMandate = <M extends MandateFacts>(
  mandate: M,
  event: MandateEvent,
): Either.Either<M, MandateTransitionRefused> => {
  if (!allowed[event.type].includes(mandate.status))
    return Either.left(new MandateTransitionRefused({ from: mandate.status, event: event.type }));
  switch (event.type) {
    case "SetupSucceeded":
      return Either.right({
        ...mandate,
        status: "active",
        gatewayMandateId: event.gatewayMandateId ?? mandate.gatewayMandateId,
        paymentMethodId: event.paymentMethodId ?? mandate.paymentMethodId,
        updatedAt: event.at,
      });
    case "SetupFailed":
    case "GatewayInactive":
      return Either.right({
        ...mandate,
        status: "inactive",
        inactiveReason: event.reason,
        updatedAt: event.at,
      });
    case "Revoked":
      return Either.right({ ...mandate, status: "revoked", updatedAt: event.at });
  }
};

/** Only an active mandate collects. */
export const canCollect = (mandate: Pick<Mandate, "status"> | null | undefined): boolean =>
  mandate?.status === "active";
