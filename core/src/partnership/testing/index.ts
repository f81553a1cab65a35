/**
 * In-memory partnership repository and a recording Mailer for unit tests. Behaviour matches the
 * Postgres adapter: one open (pending or active) partnership per pair, standings counted from
 * active partnerships, plans from `planOf` (the free plans by default).
 */
import { Effect, Either, Layer, Option } from "effect";
import type { AgentProfile, BusinessProfile } from "../../profiles/index.ts";
import { type Email, Mailer, PartnershipId } from "../../shared/index.ts";
import { freePlan, type PlanId } from "../../subscription/index.ts";
import { PartnershipAlreadyExists, PartnershipNotFound } from "../errors.ts";
import type { NewPartnership, Partnership, PartnershipView, Party, Standings } from "../model.ts";
import type { PartnershipChange } from "../partnership-machine.ts";
import { PartnershipRepository } from "../ports.ts";

export interface PartnershipMemoryOptions {
  readonly businesses: readonly BusinessProfile[];
  readonly agents: readonly AgentProfile[];
  /** Plan of a party's profile; the free plan when absent. */
  readonly planOf?: (party: Party, profileId: number) => PlanId | undefined;
}

/** A fresh in-memory partnership store over the given (live) profile arrays. */
export function makePartnershipMemory(options: PartnershipMemoryOptions) {
  const rows: Partnership[] = [];
  let nextId = 1;
  let clock = 0;

  const view = (p: Partnership): PartnershipView => {
    const business = options.businesses.find((b) => b.id === p.businessId);
    const agent = options.agents.find((a) => a.id === p.agentId);
    if (!business || !agent) throw new Error(`profiles of partnership ${p.id} missing`);
    return { ...p, business, agent };
  };
  const standings = (businessId: number, agentId: number): Standings => {
    const active = (party: Party, id: number) =>
      rows.filter((r) => r.status === "active" && (party === "business" ? r.businessId : r.agentId) === id)
        .length;
    return {
      business: {
        active: active("business", businessId),
        plan: options.planOf?.("business", businessId) ?? freePlan("business"),
      },
      agent: {
        active: active("agent", agentId),
        plan: options.planOf?.("agent", agentId) ?? freePlan("agent"),
      },
    };
  };
  const side = (party: Party, profileId: number) => (r: Partnership) =>
    (party === "business" ? r.businessId : r.agentId) === profileId;

  const layer = Layer.succeed(PartnershipRepository, {
    findById: (id) => Effect.sync(() => Option.map(Option.fromNullable(rows.find((r) => r.id === id)), view)),
    listFor: (party, profileId, filter) =>
      Effect.sync(() => {
        const all = rows
          .filter(side(party, profileId))
          .filter((r) => filter.statuses.length === 0 || filter.statuses.includes(r.status))
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
        return {
          items: all.slice((filter.page - 1) * filter.pageSize, filter.page * filter.pageSize).map(view),
          total: all.length,
        };
      }),
    countsFor: (party, profileId) =>
      Effect.sync(() => {
        const mine = rows.filter(side(party, profileId));
        return {
          active: mine.filter((r) => r.status === "active").length,
          pending: mine.filter((r) => r.status === "pending").length,
        };
      }),
    create: <E>(request: NewPartnership, check: (standings: Standings) => Either.Either<void, E>) =>
      Effect.suspend((): Effect.Effect<PartnershipView, E | PartnershipAlreadyExists> => {
        const open = rows.find(
          (r) =>
            r.businessId === request.businessId &&
            r.agentId === request.agentId &&
            (r.status === "pending" || r.status === "active"),
        );
        if (open)
          return Effect.fail(new PartnershipAlreadyExists({ status: open.status as "pending" | "active" }));
        const verdict = check(standings(request.businessId, request.agentId));
        if (Either.isLeft(verdict)) return Effect.fail(verdict.left);
        const at = new Date(Date.UTC(2026, 0, 1) + clock++ * 1000);
        const row: Partnership = {
          ...request,
          id: PartnershipId.make(nextId++),
          status: "pending",
          startDate: null,
          endDate: null,
          createdAt: at,
          updatedAt: at,
        };
        rows.push(row);
        return Effect.succeed(view(row));
      }),
    change: <E>(
      id: number,
      decide: (current: Partnership, standings: Standings) => Either.Either<PartnershipChange, E>,
    ) =>
      Effect.suspend((): Effect.Effect<PartnershipView, E | PartnershipNotFound> => {
        const index = rows.findIndex((r) => r.id === id);
        const current = rows[index];
        if (!current) return Effect.fail(new PartnershipNotFound({ id }));
        const verdict = decide(current, standings(current.businessId, current.agentId));
        if (Either.isLeft(verdict)) return Effect.fail(verdict.left);
        const updated: Partnership = {
          ...current,
          ...verdict.right,
          updatedAt: verdict.right.endDate ?? current.updatedAt,
        };
        rows[index] = updated;
        return Effect.succeed(view(updated));
      }),
  });

  return { layer, rows };
}

/** A Mailer that records what it sends. */
export function makeMailerMemory() {
  const sent: Email[] = [];
  return {
    layer: Layer.succeed(Mailer, { send: (email) => Effect.sync(() => void sent.push(email)) }),
    sent,
  };
}
