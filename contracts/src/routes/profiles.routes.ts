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
  summary: "A page of businesses (agent)",
  description:
    "An agent gets businesses filtered by industry, size, location, keyword and verification, ranked by match to the agent's profile by default. Deprecated behaviour, kept for one version (issue 49): a business calling this gets its own profile (404 when it has none yet), with a `Deprecation` header; read it at GET /api/business-profiles/me.",
  request: { query: BusinessSearchQuery },
  responses: {
    200: json(
      z.union([BusinessProfilePage, BusinessProfile]),
      "A page of businesses (or, deprecated, a business's own profile)",
    ),
    ...signedInProblems("wrong-account-type", "not-found", "validation-failed"),
  },
});

export const getOwnBusinessProfile = createRoute({
  method: "get",
  path: "/api/business-profiles/me",
  operationId: "getOwnBusinessProfile",
  tags: ["profiles"],
  summary: "The signed-in business's own profile",
  description:
    "The caller's own business profile (issue 49: one shape per operation). 404 when the business has not created it yet; 403 wrong-account-type for an agent.",
  responses: {
    200: json(BusinessProfile, "The caller's profile"),
    ...signedInProblems("wrong-account-type", "not-found"),
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
  summary: "A page of agents (business)",
  description:
    "A business gets agents filtered by specialization, location, experience band, minimum commission, keyword and verification, ranked by match to the business's profile by default. Deprecated behaviour, kept for one version (issue 49): an agent calling this gets its own profile (404 when it has none yet), with a `Deprecation` header; read it at GET /api/agent-profiles/me.",
  request: { query: AgentSearchQuery },
  responses: {
    200: json(
      z.union([AgentProfilePage, AgentProfile]),
      "A page of agents (or, deprecated, an agent's own profile)",
    ),
    ...signedInProblems("wrong-account-type", "not-found", "validation-failed"),
  },
});

export const getOwnAgentProfile = createRoute({
  method: "get",
  path: "/api/agent-profiles/me",
  operationId: "getOwnAgentProfile",
  tags: ["profiles"],
  summary: "The signed-in agent's own profile",
  description:
    "The caller's own agent profile (issue 49: one shape per operation). 404 when the agent has not created it yet; 403 wrong-account-type for a business.",
  responses: {
    200: json(AgentProfile, "The caller's profile"),
    ...signedInProblems("wrong-account-type", "not-found"),
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
