/**
 * Commission agreement handlers (issue 17; ADR 0017): see contracts/src/routes/agreement.routes.ts.
 * The wire speaks AUD dollars (`base`, a tier's `from`); core speaks cents — `termsFromWire` and
 * `termsToWire` are the one conversion. Signing records the client address (X-Forwarded-For's
 * first hop only behind a trusted proxy) and the User-Agent header.
 */
import { agreementRoutes } from "@closr/contracts";
import {
  type Agreement,
  AgreementNotFound,
  type AgreementTerms,
  agreementPdf,
  amendAgreement,
  type CommissionModel,
  commissionFor,
  counterAgreement,
  describeModel,
  editDraft,
  getAgreement,
  getOwnTemplate,
  placeholderHints,
  proposeAgreement,
  saveOwnTemplate,
  signAgreement,
  startAgreement,
  versionInForce,
} from "@closr/core/agreement";
import { callerProfile } from "@closr/core/invoice";
import {
  BusinessProfileId,
  cents,
  centsFromDollars,
  dollarsFromCents,
  PartnershipId,
} from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { Effect } from "effect";
import type { AppEnv } from "../../http/env.ts";
import { forRole, signedIn } from "../../http/guards.ts";
import { problem } from "../../http/problem.ts";
import { clientAddress, type FailureBudget } from "../../http/rate-limit.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";

/** A commission model as the wire speaks it (AUD dollars). */
export type WireModel =
  | { type: "straight"; rate: number }
  | { type: "base_plus"; base: number; rate: number }
  | { type: "tiered"; tiers: { from: number; rate: number }[] }
  | { type: "residual"; rate: number; months: number };

/** Wire model (dollars) → core's input shape (cents); ranges are core's to check. */
export const modelFromWire = (model: WireModel) => {
  switch (model.type) {
    case "base_plus":
      return { type: model.type, baseCents: centsFromDollars(model.base), rate: model.rate };
    case "tiered":
      return {
        type: model.type,
        tiers: model.tiers.map((t) => ({ fromCents: centsFromDollars(t.from), rate: t.rate })),
      };
    default:
      return model;
  }
};

/** Core model (cents) → wire model (dollars). */
export const modelToWire = (model: CommissionModel): WireModel => {
  switch (model.type) {
    case "base_plus":
      return { type: model.type, base: dollarsFromCents(cents(model.baseCents)), rate: model.rate };
    case "tiered":
      return {
        type: model.type,
        tiers: model.tiers.map((t) => ({ from: dollarsFromCents(cents(t.fromCents)), rate: t.rate })),
      };
    case "straight":
      return { type: model.type, rate: model.rate };
    case "residual":
      return { type: model.type, rate: model.rate, months: model.months };
  }
};

/** The request body (contract-validated shape) → core's unvalidated terms input. */
const termsFromWire = (terms: { model: WireModel } & Record<string, unknown>) => ({
  ...terms,
  model: modelFromWire(terms.model),
});

const termsToWire = (terms: AgreementTerms) => ({
  model: modelToWire(terms.model),
  territory: [...terms.territory],
  exclusive: terms.exclusive,
  products: terms.products,
  paymentTermsDays: terms.paymentTermsDays,
  startDate: terms.startDate,
  endDate: terms.endDate,
  noticeDays: terms.noticeDays,
});

/** Core agreement → contract JSON. */
export const agreementJson = (result: {
  agreement: Agreement;
  parties: { businessName: string; agentName: string };
  side: "business" | "agent" | null;
}) => {
  const { agreement } = result;
  const inForce = versionInForce(agreement);
  const anySigned = agreement.versions.some((v) => v.signedAt !== null);
  return {
    id: agreement.id,
    partnershipId: agreement.partnershipId,
    businessId: agreement.businessId,
    agentId: agreement.agentId,
    businessName: result.parties.businessName,
    agentName: result.parties.agentName,
    stage: agreement.stage,
    yourSide: result.side,
    draft: agreement.draft
      ? {
          terms: termsToWire(agreement.draft.terms),
          editedBy: agreement.draft.editedBy,
          updatedAt: agreement.draft.updatedAt.toISOString(),
        }
      : null,
    inForce: inForce?.number ?? null,
    versions: agreement.versions.map((v) => ({
      number: v.number,
      status: v.status,
      terms: termsToWire(v.terms),
      summary: describeModel(v.terms.model),
      proposedBy: v.proposedBy,
      proposedAt: v.proposedAt.toISOString(),
      document: {
        title: v.document.title,
        subtitle: v.document.subtitle,
        sections: v.document.sections.map((s) => ({ heading: s.heading, paragraphs: [...s.paragraphs] })),
      },
      documentSha256: v.documentSha256,
      signatures: v.signatures.map((s) => ({
        party: s.party,
        signerName: s.signerName,
        signedAt: s.signedAt.toISOString(),
        ipAddress: s.ipAddress,
        userAgent: s.userAgent,
        documentSha256: s.documentSha256,
      })),
      signedAt: v.signedAt?.toISOString() ?? null,
    })),
    pdfUrl: anySigned ? `/api/partnerships/${agreement.partnershipId}/agreement/pdf` : null,
  };
};

export interface AgreementRouteOptions {
  /** Trust X-Forwarded-For for the signer's client address (behind the platform's proxy). */
  readonly trustProxy: boolean;
  /** Wrong passwords per signer and partnership (ADR 0034); spent only by a party's wrong password. */
  readonly signAttempts: FailureBudget;
}

export function registerAgreementRoutes(
  app: OpenAPIHono<AppEnv>,
  runtime: AppRuntime,
  options: AgreementRouteOptions,
) {
  const id = (c: { req: { valid: (target: "param") => { partnershipId: number } } }) =>
    PartnershipId.make(c.req.valid("param").partnershipId);

  app.openapi(signedIn(agreementRoutes.getAgreement), async (c) =>
    runUseCase(runtime, c, getAgreement(c.get("user"), id(c)), (r) => c.json(agreementJson(r), 200)),
  );

  app.openapi(signedIn(agreementRoutes.startAgreement), async (c) =>
    runUseCase(runtime, c, startAgreement(c.get("user"), id(c), termsFromWire(c.req.valid("json"))), (r) =>
      c.json(agreementJson(r), 201),
    ),
  );

  app.openapi(signedIn(agreementRoutes.editAgreementDraft), async (c) =>
    runUseCase(runtime, c, editDraft(c.get("user"), id(c), termsFromWire(c.req.valid("json"))), (r) =>
      c.json(agreementJson(r), 200),
    ),
  );

  app.openapi(signedIn(agreementRoutes.proposeAgreement), async (c) =>
    runUseCase(runtime, c, proposeAgreement(c.get("user"), id(c)), (r) => c.json(agreementJson(r), 200)),
  );

  app.openapi(signedIn(agreementRoutes.counterAgreement), async (c) =>
    runUseCase(runtime, c, counterAgreement(c.get("user"), id(c)), (r) => c.json(agreementJson(r), 200)),
  );

  app.openapi(signedIn(agreementRoutes.amendAgreement), async (c) =>
    runUseCase(runtime, c, amendAgreement(c.get("user"), id(c)), (r) => c.json(agreementJson(r), 200)),
  );

  app.openapi(signedIn(agreementRoutes.signAgreement), async (c) => {
    const body = c.req.valid("json");
    const user = c.get("user");
    // Keyed by the signer and the agreement: a non-party's key is never spent (its attempts end
    // in 404 before the password is checked), so it answers 404, never 429.
    const attempts = `agreement-sign:${user.id}:${c.req.valid("param").partnershipId}`;
    const wait = await options.signAttempts.retryAfterSeconds(attempts);
    if (wait !== undefined) {
      c.header("retry-after", String(wait));
      return problem(c, "rate-limited", {
        detail: "Too many wrong passwords. Please wait a few minutes and try again.",
      });
    }
    const signing = signAgreement(user, id(c), {
      version: body.version,
      password: body.password,
      ipAddress: clientAddress(c, options.trustProxy),
      userAgent: c.req.header("user-agent") ?? "unknown",
    }).pipe(
      Effect.tapError((error) =>
        error._tag === "SignaturePasswordIncorrect"
          ? Effect.promise(() => options.signAttempts.fail(attempts))
          : Effect.void,
      ),
    );
    return runUseCase(runtime, c, signing, (r) => c.json(agreementJson(r), 200));
  });

  app.openapi(signedIn(agreementRoutes.getAgreementPdf), async (c) =>
    runUseCase(runtime, c, agreementPdf(c.get("user"), id(c)), (pdf) =>
      c.body(pdf.bytes as unknown as ArrayBuffer, 200, {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="closr-agreement-${c.req.valid("param").partnershipId}-v${pdf.version}.pdf"`,
        "cache-control": "private, no-cache",
      }),
    ),
  );

  app.openapi(signedIn(agreementRoutes.getCommissionQuote), async (c) => {
    const partnershipId = id(c);
    const { saleAmount } = c.req.valid("query");
    const quote = getAgreement(c.get("user"), partnershipId).pipe(
      Effect.flatMap(({ agreement, side }) => {
        const inForce = versionInForce(agreement);
        return side === null || !inForce
          ? Effect.fail(new AgreementNotFound({ partnershipId }))
          : Effect.succeed(inForce);
      }),
    );
    return runUseCase(runtime, c, quote, (v) =>
      c.json(
        {
          saleAmount,
          commission: dollarsFromCents(commissionFor(v.terms.model, centsFromDollars(saleAmount))),
          version: v.number,
          summary: describeModel(v.terms.model),
          startDate: v.terms.startDate,
          endDate: v.terms.endDate,
          paymentTermsDays: v.terms.paymentTermsDays,
        },
        200,
      ),
    );
  });

  const placeholders = Object.entries(placeholderHints).map(([name, hint]) => ({ name, hint }));
  const templateJson = (t: Effect.Effect.Success<ReturnType<typeof getOwnTemplate>>) => ({
    template: {
      title: t.template.title,
      subtitle: t.template.subtitle,
      sections: t.template.sections.map((s) => ({ heading: s.heading, paragraphs: [...s.paragraphs] })),
    },
    custom: t.custom,
    entitled: t.entitled,
    placeholders,
  });

  const ownBusiness = (user: Parameters<typeof callerProfile>[0]) =>
    Effect.map(callerProfile(user), (caller) => BusinessProfileId.make(caller.profileId));

  app.openapi(
    forRole(agreementRoutes.getAgreementTemplate, "business", "manage agreement templates"),
    async (c) => {
      const user = c.get("user");
      return runUseCase(
        runtime,
        c,
        Effect.flatMap(ownBusiness(user), (businessId) => getOwnTemplate(user, businessId)),
        (t) => c.json(templateJson(t), 200),
      );
    },
  );

  app.openapi(
    forRole(agreementRoutes.saveAgreementTemplate, "business", "manage agreement templates"),
    async (c) => {
      const user = c.get("user");
      const { template } = c.req.valid("json");
      return runUseCase(
        runtime,
        c,
        Effect.flatMap(ownBusiness(user), (businessId) => saveOwnTemplate(user, businessId, template)),
        (t) => c.json(templateJson(t), 200),
      );
    },
  );
}
