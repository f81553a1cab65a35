/**
 * Partnership handlers (spec §7; issue 4): see contracts/src/routes/partnership.routes.ts.
 * The caller and their side always come from the session; ids in a body are checked by core.
 */
import { partnershipRoutes } from "@closr/contracts";
import { endAgreementWithPartnership } from "@closr/core/agreement";
import type { User } from "@closr/core/identity";
import { pendingOpportunityCount } from "@closr/core/opportunity";
import {
  changePartnership,
  getPartnership,
  listPartnerships,
  type PartnershipView,
  partnershipStatuses,
  requestPartnership,
} from "@closr/core/partnership";
import { partnershipRequestNotification } from "@closr/core/push";
import { AgentProfileId, BusinessProfileId, PartnershipId } from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { Effect } from "effect";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { pageOf, statusFilter } from "../../http/lists.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";
import { agentJson, businessJson } from "../profiles/profiles.handlers.ts";
import { notifyInBackground } from "../push/push.handlers.ts";

/** Core partnership view → contract JSON, with the direction seen by `viewer`. */
export const partnershipJson = (p: PartnershipView, viewer: User) => ({
  id: p.id,
  businessId: p.businessId,
  agentId: p.agentId,
  status: p.status,
  requestedBy: p.requestedBy,
  direction: p.requestedBy === viewer.userType ? ("outgoing" as const) : ("incoming" as const),
  commissionRate: p.commissionRate,
  startDate: p.startDate?.toISOString() ?? null,
  endDate: p.endDate?.toISOString() ?? null,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  business: businessJson(p.business),
  agent: agentJson(p.agent),
});

const statusFilterOf = statusFilter(partnershipStatuses);

export function registerPartnershipRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(signedIn(partnershipRoutes.listPartnerships), async (c) => {
    const user = c.get("user");
    // The dashboard's tiles read these counts; Pending Opportunities comes from the opportunity context (issue 44).
    const listed = Effect.all([
      listPartnerships(user, statusFilterOf(c.req.valid("query"))),
      pendingOpportunityCount(user),
    ]);
    return runUseCase(runtime, c, listed, ([list, pendingOpportunities]) =>
      c.json(
        {
          ...pageOf(list, (p) => partnershipJson(p, user)),
          counts: { ...list.counts, pendingOpportunities },
        },
        200,
      ),
    );
  });

  app.openapi(signedIn(partnershipRoutes.createPartnership), async (c) => {
    const user = c.get("user");
    const body = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      requestPartnership(user, {
        businessId: body.businessId === undefined ? undefined : BusinessProfileId.make(body.businessId),
        agentId: body.agentId === undefined ? undefined : AgentProfileId.make(body.agentId),
        commissionRate: body.commissionRate,
      }),
      (created) => {
        const toBusiness = created.requestedBy === "agent";
        notifyInBackground(
          runtime,
          c.get("logger"),
          toBusiness ? created.business.userId : created.agent.userId,
          partnershipRequestNotification(
            toBusiness ? created.agent.fullName : created.business.companyName,
            toBusiness ? "business" : "agent",
            created.id,
          ),
        );
        return c.json(partnershipJson(created, user), 201, { location: `/api/partnerships/${created.id}` });
      },
    );
  });

  app.openapi(signedIn(partnershipRoutes.getPartnership), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, getPartnership(user, PartnershipId.make(c.req.valid("param").id)), (p) =>
      c.json(partnershipJson(p, user), 200),
    );
  });

  app.openapi(signedIn(partnershipRoutes.updatePartnership), async (c) => {
    const user = c.get("user");
    return runUseCase(
      runtime,
      c,
      // Issue 17: ending the partnership ends its agreement (the machine's signed → ended).
      changePartnership(user, PartnershipId.make(c.req.valid("param").id), c.req.valid("json").status).pipe(
        Effect.tap((p) =>
          p.status === "terminated" ? endAgreementWithPartnership(p.id, user.userType) : Effect.void,
        ),
      ),
      (p) => c.json(partnershipJson(p, user), 200),
    );
  });
}
