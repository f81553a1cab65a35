/**
 * Profile and discovery routes (spec §7): GET/POST /api/business-profiles and
 * /api/agent-profiles — GET answers the caller's own profile when the kind is their own
 * (404 when none yet) and a ranked, filtered page of the other side otherwise; plus one
 * profile by id, PATCH of one's own profile, and the catalogue.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { commonProblems, problemResponses } from "../problems.ts";
import {
  AgentProfile,
  AgentProfilePage,
  AgentSearchQuery,
  BusinessProfile,
  BusinessProfilePage,
  BusinessSearchQuery,
  Catalogue,
  CreateAgentProfileRequest,
  CreateBusinessProfileRequest,
  ProfileId,
  UpdateAgentProfileRequest,
  UpdateBusinessProfileRequest,
} from "../profiles.ts";
import { body, json, signedInProblems, signedInWriteProblems } from "./route-helpers.ts";

export const listBusinessProfiles = createRoute({
  method: "get",
  path: "/api/business-profiles",
  operationId: "listBusinessProfiles",
  tags: ["profiles"],
  summary: "Own business profile (business) or a page of businesses (agent)",
  description:
    "A business gets its own profile (404 when it has none yet). An agent gets businesses filtered by industry, size, location, keyword and verification, ranked by match to the agent's profile by default.",
  request: { query: BusinessSearchQuery },
  responses: {
    200: json(z.union([BusinessProfile, BusinessProfilePage]), "Own profile, or a page of businesses"),
    ...signedInProblems("wrong-account-type", "not-found", "validation-failed"),
  },
});

export const createBusinessProfile = createRoute({
  method: "post",
  path: "/api/business-profiles",
  operationId: "createBusinessProfile",
  tags: ["profiles"],
  summary: "Create the caller's business profile",
  request: body(CreateBusinessProfileRequest),
  responses: {
    201: json(BusinessProfile, "The new profile"),
    ...signedInWriteProblems("wrong-account-type", "forbidden", "profile-exists"),
  },
});

export const getBusinessProfile = createRoute({
  method: "get",
  path: "/api/business-profiles/{id}",
  operationId: "getBusinessProfile",
  tags: ["profiles"],
  summary: "One business profile, with its match for an agent viewer",
  request: { params: ProfileId },
  responses: {
    200: json(BusinessProfile, "The profile"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const updateBusinessProfile = createRoute({
  method: "patch",
  path: "/api/business-profiles/{id}",
  operationId: "updateBusinessProfile",
  tags: ["profiles"],
  summary: "Edit the caller's own business profile",
  request: { params: ProfileId, ...body(UpdateBusinessProfileRequest) },
  responses: {
    200: json(BusinessProfile, "The updated profile"),
    ...signedInWriteProblems("not-found"),
  },
});

export const listAgentProfiles = createRoute({
  method: "get",
  path: "/api/agent-profiles",
  operationId: "listAgentProfiles",
  tags: ["profiles"],
  summary: "Own agent profile (agent) or a page of agents (business)",
  description:
    "An agent gets its own profile (404 when it has none yet). A business gets agents filtered by specialization, location, experience band, minimum commission, keyword and verification, ranked by match to the business's profile by default.",
  request: { query: AgentSearchQuery },
  responses: {
    200: json(z.union([AgentProfile, AgentProfilePage]), "Own profile, or a page of agents"),
    ...signedInProblems("wrong-account-type", "not-found", "validation-failed"),
  },
});

export const createAgentProfile = createRoute({
  method: "post",
  path: "/api/agent-profiles",
  operationId: "createAgentProfile",
  tags: ["profiles"],
  summary: "Create the caller's agent profile",
  request: body(CreateAgentProfileRequest),
  responses: {
    201: json(AgentProfile, "The new profile"),
    ...signedInWriteProblems("wrong-account-type", "forbidden", "profile-exists"),
  },
});

export const getAgentProfile = createRoute({
  method: "get",
  path: "/api/agent-profiles/{id}",
  operationId: "getAgentProfile",
  tags: ["profiles"],
  summary: "One agent profile, with its match for a business viewer",
  request: { params: ProfileId },
  responses: {
    200: json(AgentProfile, "The profile"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const updateAgentProfile = createRoute({
  method: "patch",
  path: "/api/agent-profiles/{id}",
  operationId: "updateAgentProfile",
  tags: ["profiles"],
  summary: "Edit the caller's own agent profile",
  request: { params: ProfileId, ...body(UpdateAgentProfileRequest) },
  responses: {
    200: json(AgentProfile, "The updated profile"),
    ...signedInWriteProblems("not-found"),
  },
});

export const getCatalogue = createRoute({
  method: "get",
  path: "/api/catalogue",
  operationId: "getCatalogue",
  tags: ["profiles"],
  summary: "Industries, sizes, locations, search options and the 40-skill catalogue",
  responses: { 200: json(Catalogue, "The catalogue"), ...problemResponses(...commonProblems) },
});
