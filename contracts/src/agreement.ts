/**
 * Commission agreement schemas (issue 17; ADR 0017). Money crosses the API as AUD dollars with at
 * most 2 decimals (`base`, a tier's `from`); rates are percentages 0–100 with at most 2 decimals;
 * dates are `yyyy-MM-dd`; times ISO 8601 UTC. Ranges are enforced by core (422 validation-failed
 * with one entry per field, e.g. `model.rate`); §9's model ranges come back as guidance only.
 */
import { z } from "@hono/zod-openapi";

const rate = z.number().openapi({ description: "Percent, 0–100, at most 2 decimals.", example: 15 });
const dollars = (description: string) =>
  z.number().openapi({ description: `${description} AUD dollars, 2 decimals.`, example: 500 });

export const CommissionModel = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("straight"), rate }),
    z.object({ type: z.literal("base_plus"), base: dollars("Monthly base (retainer)."), rate }),
    z.object({
      type: z.literal("tiered"),
      tiers: z
        .array(z.object({ from: dollars("The tier applies to the part of a sale from this amount."), rate }))
        .openapi({
          description: "Ascending thresholds; the first starts at 0. Marginal, like tax brackets.",
        }),
    }),
    z.object({
      type: z.literal("residual"),
      rate,
      months: z
        .number()
        .int()
        .openapi({ description: "Months of recurring revenue that earn the rate (1–120).", example: 12 }),
    }),
  ])
  .openapi("CommissionModel", { description: "The four commission models of spec §9." });

export const Territory = z
  .enum(["sydney", "melbourne", "brisbane", "perth", "remote", "other"])
  .openapi("Territory");

export const AgreementTerms = z
  .object({
    model: CommissionModel,
    territory: z.array(Territory).openapi({ description: "Spec §3 locations covered; at least one." }),
    exclusive: z.boolean(),
    products: z.string().openapi({ description: "Products or services covered (3–2000 characters)." }),
    paymentTermsDays: z
      .number()
      .int()
      .openapi({ description: "Invoices due in 7, 14 or 30 days.", example: 14 }),
    startDate: z.string().openapi({ format: "date", example: "2026-12-01" }),
    endDate: z.string().nullable().openapi({ format: "date", description: "Null: until ended." }),
    noticeDays: z
      .number()
      .int()
      .openapi({ description: "Days of written notice to end it (0–365).", example: 30 }),
  })
  .openapi("AgreementTerms", {
    example: {
      model: { type: "straight", rate: 15 },
      territory: ["sydney"],
      exclusive: false,
      products: "Cloud accounting subscriptions",
      paymentTermsDays: 14,
      startDate: "2026-12-01",
      endDate: null,
      noticeDays: 30,
    },
  });

const Party = z.enum(["business", "agent"]);

export const AgreementSignature = z
  .object({
    party: Party,
    signerName: z.string(),
    signedAt: z.string().openapi({ format: "date-time" }),
    ipAddress: z.string().openapi({ description: "The client address the signature came from." }),
    userAgent: z.string(),
    documentSha256: z.string().openapi({ description: "SHA-256 (hex) of the exact document signed." }),
  })
  .openapi("AgreementSignature");

export const AgreementDocument = z
  .object({
    title: z.string(),
    subtitle: z.string(),
    sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
  })
  .openapi("AgreementDocument", {
    description: "The rendered text of a version (what is hashed and printed).",
  });

export const AgreementVersion = z
  .object({
    number: z.number().int(),
    status: z.enum(["proposed", "countered", "signed", "superseded", "ended", "withdrawn"]),
    terms: AgreementTerms,
    summary: z.string().openapi({ description: "The commission model in words." }),
    proposedBy: Party,
    proposedAt: z.string().openapi({ format: "date-time" }),
    document: AgreementDocument,
    documentSha256: z.string(),
    signatures: z.array(AgreementSignature),
    signedAt: z
      .string()
      .nullable()
      .openapi({ format: "date-time", description: "When the second signature made it binding." }),
  })
  .openapi("AgreementVersion");

export const Agreement = z
  .object({
    id: z.number().int(),
    partnershipId: z.number().int(),
    businessId: z.number().int(),
    agentId: z.number().int(),
    businessName: z.string(),
    agentName: z.string(),
    stage: z.enum(["draft", "proposed", "signed", "ended"]).openapi({
      description:
        "draft → proposed → signed; proposed → draft (counter-proposal); signed → draft (amendment; the signed version stays in force); any → ended with the partnership.",
    }),
    yourSide: Party.nullable().openapi({ description: "The caller's side; null for staff." }),
    draft: z
      .object({
        terms: AgreementTerms,
        editedBy: Party,
        updatedAt: z.string().openapi({ format: "date-time" }),
      })
      .nullable(),
    inForce: z.number().int().nullable().openapi({ description: "The signed version in force, if any." }),
    versions: z.array(AgreementVersion).openapi({ description: "Newest first." }),
    pdfUrl: z.string().nullable().openapi({ description: "The signed PDF, once a version is signed." }),
  })
  .openapi("Agreement");

export const AgreementGuidance = z
  .object({ type: z.string(), min: z.number().nullable(), max: z.number().nullable(), label: z.string() })
  .openapi("AgreementGuidance");

export const PartnershipIdParam = z.object({
  partnershipId: z.coerce
    .number({ error: "Partnership id must be a positive whole number" })
    .int({ error: "Partnership id must be a positive whole number" })
    .min(1, { error: "Partnership id must be a positive whole number" })
    .max(2_147_483_647, { error: "Partnership id must be a positive whole number" })
    .openapi({ param: { name: "partnershipId", in: "path" }, example: 1 }),
});

export const SignAgreementRequest = z
  .strictObject({
    version: z
      .number()
      .int()
      .min(1)
      .openapi({ description: "The version read and signed (must be the current proposal).", example: 2 }),
    password: z.string({ error: "Password is required" }).min(1, { error: "Password is required" }).openapi({
      description: "The signer's account password, re-entered as consent.",
      example: "correct horse battery staple",
    }),
  })
  .openapi("SignAgreementRequest", { example: { version: 2, password: "correct horse battery staple" } });

export const CommissionQuoteQuery = z.object({
  saleAmount: z.coerce
    .number({ error: "Sale amount must be a number" })
    .min(0, { error: "Sale amount must be a number" })
    .max(99_999_999.99, { error: "Sale amount is too large" })
    .openapi({ param: { name: "saleAmount", in: "query" }, example: 10000 }),
});

export const CommissionQuote = z
  .object({
    saleAmount: z.number().openapi({ description: "AUD dollars." }),
    commission: z.number().openapi({ description: "AUD dollars, computed by the agreement in force." }),
    version: z.number().int(),
    summary: z.string(),
    startDate: z.string().openapi({ format: "date" }),
    endDate: z.string().nullable().openapi({ format: "date" }),
    paymentTermsDays: z.number().int(),
  })
  .openapi("CommissionQuote");

export const AgreementTemplate = z
  .object({
    title: z.string().min(3).max(200),
    subtitle: z.string().max(1000),
    sections: z
      .array(
        z.object({ heading: z.string().min(1).max(200), paragraphs: z.array(z.string().max(5000)).max(30) }),
      )
      .min(1)
      .max(40),
  })
  .openapi("AgreementTemplate", {
    example: {
      title: "Acme Sales Agreement",
      subtitle: "Acme's standard terms",
      sections: [{ heading: "Parties", paragraphs: ["Between {{businessName}} and {{agentName}}."] }],
    },
  });

export const OwnAgreementTemplate = z
  .object({
    template: AgreementTemplate,
    custom: z.boolean().openapi({ description: "False: the general template (nothing saved yet)." }),
    entitled: z
      .boolean()
      .openapi({ description: "The plan includes custom contract templates (Enterprise)." }),
    placeholders: z.array(z.object({ name: z.string(), hint: z.string() })),
  })
  .openapi("OwnAgreementTemplate");

export const SaveAgreementTemplateRequest = z
  .strictObject({
    template: z
      .union([AgreementTemplate, z.null()])
      .openapi({ description: "Null resets to the general template." }),
  })
  .openapi("SaveAgreementTemplateRequest", {
    example: {
      template: {
        title: "Acme Sales Agreement",
        subtitle: "Acme's standard terms",
        sections: [{ heading: "Parties", paragraphs: ["Between {{businessName}} and {{agentName}}."] }],
      },
    },
  });
