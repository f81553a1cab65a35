/**
 * Commission agreement routes (issue 17; ADR 0017). Only the partnership's two parties act on its
 * agreement; they and staff read it and its signed PDF; anyone else gets 404. The paths
 * `/api/partnerships/{partnershipId}/agreement` and `…/agreement/pdf` are fixed (the disputes
 * context links to them).
 */
import { createRoute } from "@hono/zod-openapi";
import {
  Agreement,
  AgreementTerms,
  CommissionQuote,
  CommissionQuoteQuery,
  OwnAgreementTemplate,
  PartnershipIdParam,
  SaveAgreementTemplateRequest,
  SignAgreementRequest,
} from "../agreement.ts";
import { body, file, json, signedInProblems, signedInWriteProblems } from "./route-helpers.ts";

const tags = ["agreements"];

export const getAgreement = createRoute({
  method: "get",
  path: "/api/partnerships/{partnershipId}/agreement",
  operationId: "getAgreement",
  tags,
  summary: "The partnership's commission agreement with every version",
  description:
    "For the two parties and staff. 404 when the caller is neither, or when the partnership has no agreement yet.",
  request: { params: PartnershipIdParam },
  responses: {
    200: json(Agreement, "The agreement"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const startAgreement = createRoute({
  method: "post",
  path: "/api/partnerships/{partnershipId}/agreement",
  operationId: "startAgreement",
  tags,
  summary: "Start the agreement as a draft (either party of an active partnership)",
  description: "409 agreement-transition when the partnership already has an agreement or is not active.",
  request: { params: PartnershipIdParam, ...body(AgreementTerms) },
  responses: {
    201: json(Agreement, "The new draft"),
    ...signedInWriteProblems("not-found", "agreement-transition"),
  },
});

export const editAgreementDraft = createRoute({
  method: "put",
  path: "/api/partnerships/{partnershipId}/agreement/draft",
  operationId: "editAgreementDraft",
  tags,
  summary: "Edit the working draft's terms (either party, while a draft)",
  request: { params: PartnershipIdParam, ...body(AgreementTerms) },
  responses: {
    200: json(Agreement, "The agreement with the edited draft"),
    ...signedInWriteProblems("not-found", "agreement-transition"),
  },
});

const action = (name: string, path: string, summary: string, description: string) =>
  createRoute({
    method: "post",
    path: `/api/partnerships/{partnershipId}/agreement/${path}`,
    operationId: name,
    tags,
    summary,
    description,
    request: { params: PartnershipIdParam },
    responses: {
      200: json(Agreement, "The agreement after the change"),
      ...signedInWriteProblems("not-found", "agreement-transition"),
    },
  });

export const proposeAgreement = action(
  "proposeAgreement",
  "propose",
  "Propose the draft: it becomes a new immutable version",
  "Renders the document from the business's template (Enterprise) or the general one and stores its SHA-256. The other party is emailed.",
);

export const counterAgreement = action(
  "counterAgreement",
  "counter",
  "Counter-propose: send the proposal back to draft (the party who received it)",
  "The proposed version becomes `countered`; its terms become the draft to edit and propose back. Signatures on it no longer count.",
);

export const amendAgreement = action(
  "amendAgreement",
  "amend",
  "Start an amendment of the signed agreement",
  "Opens a draft from the terms in force; they stay in force until both parties sign the amendment, which supersedes them.",
);

export const signAgreement = createRoute({
  method: "post",
  path: "/api/partnerships/{partnershipId}/agreement/sign",
  operationId: "signAgreement",
  tags,
  summary: "Sign the current proposal with the account password",
  description:
    "Records who, when, the client address, the user agent and the document's SHA-256. Binding once both parties signed that exact version; the partnership's commission rate then follows it. 422 on `password` when it is wrong; 409 when `version` is not the current proposal or the caller already signed it. Failed attempts count against the login rate limit per client address (429).",
  request: { params: PartnershipIdParam, ...body(SignAgreementRequest) },
  responses: {
    200: json(Agreement, "The agreement after the signature"),
    ...signedInWriteProblems("not-found", "agreement-transition", "rate-limited"),
  },
});

export const getAgreementPdf = createRoute({
  method: "get",
  path: "/api/partnerships/{partnershipId}/agreement/pdf",
  operationId: "getAgreementPdf",
  tags,
  summary: "The signed agreement as a PDF, with both signatures' records",
  description: "For the two parties and staff; 404 for anyone else or before a version is signed.",
  request: { params: PartnershipIdParam },
  responses: {
    200: file("The signed agreement", "application/pdf"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const getCommissionQuote = createRoute({
  method: "get",
  path: "/api/partnerships/{partnershipId}/agreement/commission",
  operationId: "getCommissionQuote",
  tags,
  summary: "The commission on a sale under the agreement in force (the invoice form's expected commission)",
  description: "For the two parties. 404 when there is no signed agreement.",
  request: { params: PartnershipIdParam, query: CommissionQuoteQuery },
  responses: {
    200: json(CommissionQuote, "The computed commission"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const getAgreementTemplate = createRoute({
  method: "get",
  path: "/api/agreement-template",
  operationId: "getAgreementTemplate",
  tags,
  summary: "The business's own agreement template, or the general one (businesses)",
  responses: {
    200: json(OwnAgreementTemplate, "The template and whether the plan includes custom templates"),
    ...signedInProblems("wrong-account-type", "not-found"),
  },
});

export const saveAgreementTemplate = createRoute({
  method: "put",
  path: "/api/agreement-template",
  operationId: "saveAgreementTemplate",
  tags,
  summary: "Save the business's own agreement template (Enterprise: custom contract templates)",
  description:
    "Placeholders are `{{name}}` from the list GET returns; an unknown one is refused (422). 403 plan-required below Enterprise.",
  request: body(SaveAgreementTemplateRequest),
  responses: {
    200: json(OwnAgreementTemplate, "The saved template"),
    ...signedInWriteProblems("wrong-account-type", "not-found", "plan-required"),
  },
});
