/** Route definitions for onboarding: spec §7 (GET, POST /api/onboarding, PATCH …/progress, …/complete). */
import { createRoute } from "@hono/zod-openapi";
import {
  CompleteOnboardingRequest,
  CreateOnboardingRequest,
  Onboarding,
  OnboardingProgressRequest,
} from "../account.ts";
import { body, json, signedInProblems, signedInWriteProblems } from "./route-helpers.ts";

export const getOnboarding = createRoute({
  method: "get",
  path: "/api/onboarding",
  operationId: "getOnboarding",
  tags: ["onboarding"],
  summary: "The caller's onboarding walkthrough",
  description: "404 when none exists yet (the client then creates it, spec §4); 401 when signed out.",
  responses: {
    200: json(Onboarding, "The walkthrough"),
    ...signedInProblems("not-found"),
  },
});

export const createOnboarding = createRoute({
  method: "post",
  path: "/api/onboarding",
  operationId: "createOnboarding",
  tags: ["onboarding"],
  summary: "Start the walkthrough (idempotent: an existing one answers 200)",
  request: body(CreateOnboardingRequest),
  responses: {
    200: json(Onboarding, "Already existed"),
    201: json(Onboarding, "Created"),
    ...signedInWriteProblems(),
  },
});

export const updateOnboardingProgress = createRoute({
  method: "patch",
  path: "/api/onboarding/progress",
  operationId: "updateOnboardingProgress",
  tags: ["onboarding"],
  summary: "Next (completed true) or Back (completed false) on a step",
  request: body(OnboardingProgressRequest),
  responses: {
    200: json(Onboarding, "Updated"),
    ...signedInWriteProblems("not-found"),
  },
});

export const completeOnboarding = createRoute({
  method: "patch",
  path: "/api/onboarding/complete",
  operationId: "completeOnboarding",
  tags: ["onboarding"],
  summary: "Finish or dismiss the walkthrough; it is never shown again",
  request: {
    body: { required: false, content: { "application/json": { schema: CompleteOnboardingRequest } } },
  },
  responses: {
    200: json(Onboarding, "Completed"),
    ...signedInWriteProblems(),
  },
});
