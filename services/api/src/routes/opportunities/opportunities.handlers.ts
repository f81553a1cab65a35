/**
 * Opportunity handlers (issue 44; ADR 0065): see contracts/src/routes/opportunity.routes.ts.
 * The caller always comes from the session; another party's opportunity, application or
 * invitation answers 404 (core decides). The wire speaks AUD dollars (`expectedDealSize`, a
 * model's `base` and tier `from`); core speaks cents — `fieldsFromWire` and `opportunityJson`
 * are the one conversion (the model through the agreements' `modelFromWire`/`modelToWire`).
 */

import type { OpportunityRequest } from "@closr/contracts";
import { opportunityRoutes } from "@closr/contracts";
import {
  type ApplicationAction,
  ApplicationId,
  type ApplicationView,
  acceptInvitation,
  applyToOpportunity,
  changeOpportunity,
  createOpportunity,
  decideApplication,
  declineInvitation,
  getApplication,
  getOpportunity,
  getPublicOpportunity,
  InvitationId,
  type InvitationView,
  inviteAgent,
  listApplicants,
  listOwnOpportunities,
  myOpportunityActivity,
  type OpportunityAction,
  OpportunityId,
  type OpportunityView,
  opportunityStatuses,
  placesRemaining,
  searchOpportunities,
  updateOpportunity,
} from "@closr/core/opportunity";
import { keywordTerms, type Match } from "@closr/core/profiles";
import { AgentProfileId, cents, centsFromDollars, dollarsFromCents } from "@closr/core/shared";
import type { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { pageOf, statusFilter } from "../../http/lists.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";
import { modelFromWire, modelToWire } from "../agreements/agreements.handlers.ts";
import { agentJson, businessJson } from "../profiles/profiles.handlers.ts";

/** The request body (contract-validated shape) → core's unvalidated fields (cents); ranges are core's. */
const fieldsFromWire = (body: z.infer<typeof OpportunityRequest>) => {
  const { expectedDealSize, model, ...rest } = body;
  return {
    ...rest,
    model: modelFromWire(model),
    expectedDealCents: expectedDealSize === null ? null : centsFromDollars(expectedDealSize),
  };
};

const iso = (d: Date | null) => d?.toISOString() ?? null;
const matchJson = (match: Match) => ({ score: match.score, reasons: [...match.reasons] });

/** The fields and state both the signed-in and the public answers carry. */
const opportunityCore = (o: OpportunityView) => ({
  id: o.id,
  businessId: o.businessId,
  slug: o.slug,
  status: o.status,
  closedReason: o.closedReason,
  placesFilled: o.placesFilled,
  placesRemaining: placesRemaining(o),
  publishedAt: iso(o.publishedAt),
  title: o.title,
  product: o.product,
  territory: [...o.territory],
  customerType: o.customerType,
  model: modelToWire(o.model),
  expectedDealSize: o.expectedDealCents === null ? null : dollarsFromCents(cents(o.expectedDealCents)),
  idealSpecialization: o.idealSpecialization,
  idealSkills: [...o.idealSkills],
  minimumYears: o.minimumYears,
  placesWanted: o.placesWanted,
});

/** Core opportunity view → contract JSON (`match`: the agent viewer's fit with the business). */
export const opportunityJson = (o: OpportunityView, match?: Match) => ({
  ...opportunityCore(o),
  createdAt: o.createdAt.toISOString(),
  updatedAt: o.updatedAt.toISOString(),
  business: businessJson(o.business),
  ...(match ? { match: matchJson(match) } : {}),
});

/** The public page's answer: the business's public facts only. */
const publicOpportunityJson = (o: OpportunityView) => ({
  ...opportunityCore(o),
  business: {
    id: o.business.id,
    companyName: o.business.companyName,
    industry: o.business.industry,
    location: o.business.location,
    logo: o.business.logo,
    website: o.business.website,
    verifiedBadge: o.business.owner.verifiedBadge ?? false,
  },
});

/** Core application view → contract JSON (`match`: the agent's fit with the business). */
export const applicationJson = (a: ApplicationView, match?: Match) => ({
  id: a.id,
  opportunityId: a.opportunityId,
  agentId: a.agentId,
  coverMessage: a.coverMessage,
  proposedRate: a.proposedRate,
  status: a.status,
  partnershipId: a.partnershipId,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
  agent: agentJson(a.agent),
  opportunity: opportunityJson(a.opportunity),
  ...(match ? { match: matchJson(match) } : {}),
});

const invitationJson = (i: InvitationView) => ({
  id: i.id,
  opportunityId: i.opportunityId,
  agentId: i.agentId,
  message: i.message,
  status: i.status,
  createdAt: i.createdAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
  answeredAt: iso(i.answeredAt),
  agent: agentJson(i.agent),
  opportunity: opportunityJson(i.opportunity),
});

/** One page of a whole list (the applicant pipeline, invitations: lists of one opportunity or agent). */
const pageFrom = <T>(all: readonly T[], paging: { page: number; pageSize: number }) => ({
  items: all.slice((paging.page - 1) * paging.pageSize, paging.page * paging.pageSize),
  total: all.length,
  page: paging.page,
  pageSize: paging.pageSize,
});

const statusFilterOf = statusFilter(opportunityStatuses);

export function registerOpportunityRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  const id = (c: { req: { valid: (target: "param") => { id: number } } }) => c.req.valid("param").id;

  // The literal path before `/{id}` (issue 49): `mine` is not an id.
  app.openapi(signedIn(opportunityRoutes.listOwnOpportunities), async (c) =>
    runUseCase(runtime, c, listOwnOpportunities(c.get("user"), statusFilterOf(c.req.valid("query"))), (p) =>
      c.json(
        pageOf(p, (o) => opportunityJson(o)),
        200,
      ),
    ),
  );

  app.openapi(opportunityRoutes.getOpportunityBySlug, async (c) =>
    runUseCase(runtime, c, getPublicOpportunity(c.req.valid("param").slug), (o) =>
      c.json(publicOpportunityJson(o), 200),
    ),
  );

  app.openapi(signedIn(opportunityRoutes.searchOpportunities), async (c) => {
    const q = c.req.valid("query");
    return runUseCase(
      runtime,
      c,
      searchOpportunities(c.get("user"), {
        keywords: keywordTerms(q.q),
        location: q.location,
        model: q.model,
        minimumRate: q.minimumRate,
        industry: q.industry,
        page: q.page,
        pageSize: q.pageSize,
      }),
      (result) =>
        c.json(
          {
            ...result,
            items: result.items.map((r) => opportunityJson(r.opportunity, r.match)),
          },
          200,
        ),
    );
  });

  app.openapi(signedIn(opportunityRoutes.createOpportunity), async (c) =>
    runUseCase(runtime, c, createOpportunity(c.get("user"), fieldsFromWire(c.req.valid("json"))), (o) =>
      c.json(opportunityJson(o), 201),
    ),
  );

  app.openapi(signedIn(opportunityRoutes.getOpportunity), async (c) =>
    runUseCase(runtime, c, getOpportunity(c.get("user"), OpportunityId.make(id(c))), (r) =>
      c.json(opportunityJson(r.opportunity, r.match), 200),
    ),
  );

  app.openapi(signedIn(opportunityRoutes.updateOpportunity), async (c) =>
    runUseCase(
      runtime,
      c,
      updateOpportunity(c.get("user"), OpportunityId.make(id(c)), fieldsFromWire(c.req.valid("json"))),
      (o) => c.json(opportunityJson(o), 200),
    ),
  );

  const actions: readonly [typeof opportunityRoutes.publishOpportunity, OpportunityAction][] = [
    [opportunityRoutes.publishOpportunity, "publish"],
    [opportunityRoutes.pauseOpportunity, "pause"],
    [opportunityRoutes.resumeOpportunity, "resume"],
    [opportunityRoutes.closeOpportunity, "withdraw"],
  ];
  for (const [route, action] of actions)
    app.openapi(signedIn(route), async (c) =>
      runUseCase(runtime, c, changeOpportunity(c.get("user"), OpportunityId.make(id(c)), action), (o) =>
        c.json(opportunityJson(o), 200),
      ),
    );

  app.openapi(signedIn(opportunityRoutes.listApplicants), async (c) =>
    runUseCase(runtime, c, listApplicants(c.get("user"), OpportunityId.make(id(c))), (r) =>
      c.json(
        pageFrom(
          r.applications.map((ranked) => applicationJson(ranked.application, ranked.match)),
          c.req.valid("query"),
        ),
        200,
      ),
    ),
  );

  app.openapi(signedIn(opportunityRoutes.listOpportunityInvitations), async (c) =>
    runUseCase(runtime, c, listApplicants(c.get("user"), OpportunityId.make(id(c))), (r) =>
      c.json(pageFrom(r.invitations.map(invitationJson), c.req.valid("query")), 200),
    ),
  );

  app.openapi(signedIn(opportunityRoutes.inviteAgent), async (c) => {
    const body = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      inviteAgent(c.get("user"), OpportunityId.make(id(c)), {
        agentId: AgentProfileId.make(body.agentId),
        message: body.message,
      }),
      (i) => c.json(invitationJson(i), 201),
    );
  });

  app.openapi(signedIn(opportunityRoutes.applyToOpportunity), async (c) =>
    runUseCase(
      runtime,
      c,
      applyToOpportunity(c.get("user"), OpportunityId.make(id(c)), c.req.valid("json")),
      (a) => c.json(applicationJson(a), 201),
    ),
  );

  app.openapi(signedIn(opportunityRoutes.listOwnApplications), async (c) => {
    const paging = c.req.valid("query");
    return runUseCase(runtime, c, myOpportunityActivity(c.get("user"), paging), (r) =>
      c.json(
        pageOf(r.applications, (a) => applicationJson(a)),
        200,
      ),
    );
  });

  app.openapi(signedIn(opportunityRoutes.getApplication), async (c) =>
    runUseCase(runtime, c, getApplication(c.get("user"), ApplicationId.make(id(c))), (r) =>
      c.json(applicationJson(r.application, r.match), 200),
    ),
  );

  const decisions: readonly [typeof opportunityRoutes.shortlistApplication, ApplicationAction][] = [
    [opportunityRoutes.shortlistApplication, "shortlist"],
    [opportunityRoutes.interviewApplication, "interview"],
    [opportunityRoutes.approveApplication, "approve"],
    [opportunityRoutes.declineApplication, "decline"],
    [opportunityRoutes.withdrawApplication, "withdraw"],
  ];
  for (const [route, action] of decisions)
    app.openapi(signedIn(route), async (c) =>
      runUseCase(runtime, c, decideApplication(c.get("user"), ApplicationId.make(id(c)), action), (a) =>
        c.json(applicationJson(a), 200),
      ),
    );

  app.openapi(signedIn(opportunityRoutes.listOwnInvitations), async (c) => {
    const paging = c.req.valid("query");
    return runUseCase(runtime, c, myOpportunityActivity(c.get("user"), paging), (r) =>
      c.json(pageFrom(r.invitations.map(invitationJson), paging), 200),
    );
  });

  app.openapi(signedIn(opportunityRoutes.acceptInvitation), async (c) =>
    runUseCase(
      runtime,
      c,
      acceptInvitation(c.get("user"), InvitationId.make(id(c)), c.req.valid("json")),
      (a) => c.json(applicationJson(a), 201),
    ),
  );

  app.openapi(signedIn(opportunityRoutes.declineInvitation), async (c) =>
    runUseCase(runtime, c, declineInvitation(c.get("user"), InvitationId.make(id(c))), (i) =>
      c.json(invitationJson(i), 200),
    ),
  );
}
