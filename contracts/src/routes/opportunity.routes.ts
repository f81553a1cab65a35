/**
 * Opportunity routes (issue 44; ADR 0065). A business posts opportunities (draft → published ⇄
 * paused → closed), reads its applicants ranked by match score, moves applications on and invites
 * agents; an agent searches published opportunities, applies, withdraws and answers invitations;
 * anyone reads a published opportunity's public page by slug. Another business's opportunity or
 * application, and another agent's application or invitation, answer 404.
 */
import { createRoute } from "@hono/zod-openapi";
import {
  Application,
  ApplicationPage,
  ApplicationRequest,
  Invitation,
  InvitationPage,
  InvitationRequest,
  ListPagingQuery,
  Opportunity,
  OpportunityId,
  OpportunityPage,
  OpportunityRequest,
  OpportunitySearchPage,
  OpportunitySearchQuery,
  OwnOpportunityQuery,
  PublicOpportunity,
  SlugParam,
} from "../opportunity.ts";
import { commonProblems, problemResponses } from "../problems.ts";
import { body, json, signedInProblems, signedInWriteProblems } from "./route-helpers.ts";

const tags = ["opportunities"];

// ---- business: post and run opportunities -----------------------------------------------------

export const createOpportunity = createRoute({
  method: "post",
  path: "/api/opportunities",
  operationId: "createOpportunity",
  tags,
  summary: "Post a draft opportunity (businesses with a profile)",
  description:
    "The draft is not visible to agents until published. The slug of its public page is made from the title.",
  request: body(OpportunityRequest),
  responses: {
    201: json(Opportunity, "The draft"),
    ...signedInWriteProblems("wrong-account-type"),
  },
});

export const listOwnOpportunities = createRoute({
  method: "get",
  path: "/api/opportunities/mine",
  operationId: "listOwnOpportunities",
  tags,
  summary: "The business's own opportunities, newest first, in every state",
  request: { query: OwnOpportunityQuery },
  responses: {
    200: json(OpportunityPage, "A page of the business's opportunities"),
    ...signedInProblems("wrong-account-type", "validation-failed"),
  },
});

export const getOpportunityBySlug = createRoute({
  method: "get",
  path: "/api/opportunity-pages/{slug}",
  operationId: "getOpportunityBySlug",
  tags,
  summary: "A published opportunity by slug, for its public page /opportunities/{slug}",
  description:
    "No sign-in. Only a published opportunity answers; a draft, paused or closed one answers 404. The business appears with its public facts only.",
  request: { params: SlugParam },
  responses: {
    200: json(PublicOpportunity, "The published opportunity"),
    ...problemResponses("not-found", "validation-failed", ...commonProblems),
  },
});

export const getOpportunity = createRoute({
  method: "get",
  path: "/api/opportunities/{id}",
  operationId: "getOpportunity",
  tags,
  summary: "One opportunity: the business's own in any state, anyone else's unless a draft",
  description: "For an agent, `match` says how well the business fits the agent's profile.",
  request: { params: OpportunityId },
  responses: {
    200: json(Opportunity, "The opportunity"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const updateOpportunity = createRoute({
  method: "put",
  path: "/api/opportunities/{id}",
  operationId: "updateOpportunity",
  tags,
  summary: "Edit the business's own opportunity (any state but closed)",
  description:
    "Replaces every field. `placesWanted` cannot go below the places already filled (422). The slug stays.",
  request: { params: OpportunityId, ...body(OpportunityRequest) },
  responses: {
    200: json(Opportunity, "The edited opportunity"),
    ...signedInWriteProblems("not-found", "opportunity-transition"),
  },
});

const opportunityAction = (name: string, path: string, summary: string, description: string) =>
  createRoute({
    method: "post",
    path: `/api/opportunities/{id}/${path}`,
    operationId: name,
    tags,
    summary,
    description,
    request: { params: OpportunityId },
    responses: {
      200: json(Opportunity, "The opportunity after the change"),
      ...signedInWriteProblems("opportunity-limit-reached", "not-found", "opportunity-transition"),
    },
  });

export const publishOpportunity = opportunityAction(
  "publishOpportunity",
  "publish",
  "Publish a draft: agents can find it and apply",
  "Checks the plan's limit of published opportunities at once under lock (Basic 2, Professional 10, Enterprise unlimited; 403 opportunity-limit-reached). Webhook `opportunity.published`.",
);

export const pauseOpportunity = opportunityAction(
  "pauseOpportunity",
  "pause",
  "Pause a published opportunity: it takes no applications until resumed",
  "Open applications stay as they are. Webhook `opportunity.paused`.",
);

export const resumeOpportunity = opportunityAction(
  "resumeOpportunity",
  "resume",
  "Resume a paused opportunity (published again)",
  "Checks the plan's published limit as publishing does. Webhook `opportunity.published`.",
);

export const closeOpportunity = opportunityAction(
  "closeOpportunity",
  "close",
  "Close (withdraw) a draft, published or paused opportunity; irreversible",
  "closedReason becomes `withdrawn`; an opportunity whose last place is taken closes by itself as `filled`. Webhook `opportunity.closed`.",
);

export const listApplicants = createRoute({
  method: "get",
  path: "/api/opportunities/{id}/applications",
  operationId: "listApplicants",
  tags,
  summary: "The applicants of the business's own opportunity, ranked by match score with reasons",
  description:
    "Every application in every state, best match first (then oldest first). Another business's opportunity answers 404.",
  request: { params: OpportunityId, query: ListPagingQuery },
  responses: {
    200: json(ApplicationPage, "A page of applications, each with its match"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const listOpportunityInvitations = createRoute({
  method: "get",
  path: "/api/opportunities/{id}/invitations",
  operationId: "listOpportunityInvitations",
  tags,
  summary: "The invitations the business sent for its own opportunity",
  request: { params: OpportunityId, query: ListPagingQuery },
  responses: {
    200: json(InvitationPage, "A page of invitations"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const inviteAgent = createRoute({
  method: "post",
  path: "/api/opportunities/{id}/invitations",
  operationId: "inviteAgent",
  tags,
  summary: "Invite an agent to apply to the business's published opportunity",
  description:
    "The invitation expires 48 hours after it is sent unless the agent applies (accepts) or declines first. 422 on `agentId` when there is no such agent.",
  request: { params: OpportunityId, ...body(InvitationRequest) },
  responses: {
    201: json(Invitation, "The pending invitation"),
    ...signedInWriteProblems("not-found", "opportunity-transition"),
  },
});

// ---- agent: search, apply, invitations --------------------------------------------------------

export const searchOpportunities = createRoute({
  method: "get",
  path: "/api/opportunities",
  operationId: "searchOpportunities",
  tags,
  summary: "Search published opportunities: keywords with typo tolerance and filters",
  description:
    "The profile search's engine and rules (ADR 0036): exact words before corrected typos, then text relevance (title, ideal specialization, skills, product), then the agent's match score for the business, with reasons in `match`.",
  request: { query: OpportunitySearchQuery },
  responses: {
    200: json(OpportunitySearchPage, "A page of published opportunities"),
    ...signedInProblems("validation-failed"),
  },
});

export const applyToOpportunity = createRoute({
  method: "post",
  path: "/api/opportunities/{id}/applications",
  operationId: "applyToOpportunity",
  tags,
  summary: "Apply to a published opportunity (agents with a profile)",
  description:
    "Cover message 50–2,000 characters (422 on `coverMessage`); an optional proposed rate. One open application per agent and opportunity (409 application-open). A pending invitation to it is accepted with it. Webhook `application.submitted`.",
  request: { params: OpportunityId, ...body(ApplicationRequest) },
  responses: {
    201: json(Application, "The submitted application"),
    ...signedInWriteProblems("wrong-account-type", "not-found", "opportunity-transition", "application-open"),
  },
});

export const listOwnApplications = createRoute({
  method: "get",
  path: "/api/applications",
  operationId: "listOwnApplications",
  tags,
  summary: "The agent's own applications, newest first",
  request: { query: ListPagingQuery },
  responses: {
    200: json(ApplicationPage, "A page of the agent's applications"),
    ...signedInProblems("wrong-account-type", "validation-failed"),
  },
});

export const getApplication = createRoute({
  method: "get",
  path: "/api/applications/{id}",
  operationId: "getApplication",
  tags,
  summary: "One application, for its agent or the opportunity's business",
  description: "`match` is how well the agent fits the business. Anyone else gets 404.",
  request: { params: OpportunityId },
  responses: {
    200: json(Application, "The application"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

const applicationAction = (name: string, path: string, summary: string, description: string) =>
  createRoute({
    method: "post",
    path: `/api/applications/{id}/${path}`,
    operationId: name,
    tags,
    summary,
    description,
    request: { params: OpportunityId },
    responses: {
      200: json(Application, "The application after the change"),
      ...signedInWriteProblems(
        "plan-limit-reached",
        "not-found",
        "application-transition",
        "partnership-exists",
      ),
    },
  });

export const shortlistApplication = applicationAction(
  "shortlistApplication",
  "shortlist",
  "Shortlist a submitted application (the business)",
  "Webhook `application.shortlisted`.",
);

export const interviewApplication = applicationAction(
  "interviewApplication",
  "interview",
  "Move a shortlisted application to interview (the business)",
  "Webhook `application.interview`.",
);

export const approveApplication = applicationAction(
  "approveApplication",
  "approve",
  "Approve a shortlisted or interviewed application: the partnership starts (the business)",
  "In one unit of work: takes a place on the opportunity (closing it as filled with the last), starts the active partnership under both plans' limits (403 plan-limit-reached; 409 partnership-exists when the pair already has one) and its draft commission agreement from the opportunity's terms (the agent's proposed rate replaces a non-tiered rate). A refusal leaves nothing behind. Webhook `application.approved`.",
);

export const declineApplication = applicationAction(
  "declineApplication",
  "decline",
  "Decline an application that is not yet decided (the business)",
  "Webhook `application.declined`.",
);

export const withdrawApplication = applicationAction(
  "withdrawApplication",
  "withdraw",
  "Withdraw the agent's own application, until it is approved (the agent)",
  "Webhook `application.withdrawn`.",
);

export const listOwnInvitations = createRoute({
  method: "get",
  path: "/api/invitations",
  operationId: "listOwnInvitations",
  tags,
  summary: "The invitations the agent received, newest first, in every state",
  request: { query: ListPagingQuery },
  responses: {
    200: json(InvitationPage, "A page of the agent's invitations"),
    ...signedInProblems("wrong-account-type", "validation-failed"),
  },
});

export const acceptInvitation = createRoute({
  method: "post",
  path: "/api/invitations/{id}/accept",
  operationId: "acceptInvitation",
  tags,
  summary: "Accept an invitation by applying to its opportunity (the invited agent)",
  description:
    "The body is an application (cover message 50–2,000 characters). 409 application-transition when the invitation was answered or its 48 hours ended; 409 opportunity-transition when the opportunity no longer takes applications.",
  request: { params: OpportunityId, ...body(ApplicationRequest) },
  responses: {
    201: json(Application, "The submitted application"),
    ...signedInWriteProblems(
      "wrong-account-type",
      "not-found",
      "opportunity-transition",
      "application-transition",
      "application-open",
    ),
  },
});

export const declineInvitation = createRoute({
  method: "post",
  path: "/api/invitations/{id}/decline",
  operationId: "declineInvitation",
  tags,
  summary: "Decline an invitation before its 48 hours end (the invited agent)",
  request: { params: OpportunityId },
  responses: {
    200: json(Invitation, "The declined invitation"),
    ...signedInWriteProblems("not-found", "application-transition"),
  },
});
