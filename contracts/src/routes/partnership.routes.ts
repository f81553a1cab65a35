/**
 * Partnership routes (spec §7; issue 4): list the caller's partnerships with counts, connect,
 * accept / reject / withdraw / end, and read one. A partnership the caller is not a party to
 * answers 404.
 */
import { createRoute } from "@hono/zod-openapi";
import {
  CreatePartnershipRequest,
  Partnership,
  PartnershipId,
  PartnershipListQuery,
  PartnershipPage,
  UpdatePartnershipRequest,
} from "../partnership.ts";
import { body, json, signedInProblems, signedInWriteProblems } from "./route-helpers.ts";

export const listPartnerships = createRoute({
  method: "get",
  path: "/api/partnerships",
  operationId: "listPartnerships",
  tags: ["partnerships"],
  summary: "The caller's partnerships, newest first, with active and pending counts",
  description: "Empty until the caller has a profile. Each item carries both parties' profiles.",
  request: { query: PartnershipListQuery },
  responses: {
    200: json(PartnershipPage, "A page of partnerships"),
    ...signedInProblems("validation-failed"),
  },
});

export const createPartnership = createRoute({
  method: "post",
  path: "/api/partnerships",
  operationId: "createPartnership",
  tags: ["partnerships"],
  summary: "Connect: send a pending partnership request to a profile of the other side",
  description:
    "Needs the caller's own profile (403 profile-required), room under their plan's limit of active partnerships (403 plan-limit-reached) and no open partnership for the pair (409 partnership-exists). The counterparty is emailed.",
  request: body(CreatePartnershipRequest),
  responses: {
    201: json(Partnership, "The pending partnership"),
    ...signedInWriteProblems("profile-required", "plan-limit-reached", "not-found", "partnership-exists"),
  },
});

export const getPartnership = createRoute({
  method: "get",
  path: "/api/partnerships/{id}",
  operationId: "getPartnership",
  tags: ["partnerships"],
  summary: "One partnership the caller is a party to",
  request: { params: PartnershipId },
  responses: {
    200: json(Partnership, "The partnership"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const updatePartnership = createRoute({
  method: "patch",
  path: "/api/partnerships/{id}",
  operationId: "updatePartnership",
  tags: ["partnerships"],
  summary: "Accept, reject, withdraw or end a partnership",
  description:
    "Only the party who received a pending request may accept or reject it; only the requester may withdraw it; either party may end an active one (irreversible). Accepting checks both parties' plan limits under lock. The counterparty is emailed.",
  request: { params: PartnershipId, ...body(UpdatePartnershipRequest) },
  responses: {
    200: json(Partnership, "The changed partnership"),
    ...signedInWriteProblems("plan-limit-reached", "not-found", "partnership-transition"),
  },
});
