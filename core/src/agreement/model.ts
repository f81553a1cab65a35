/**
 * Commission agreement model (issue 17; ADR 0017). An agreement belongs to one partnership and
 * holds the commercial terms both parties signed. Negotiation happens on a working draft; each
 * proposal freezes the draft into a new immutable, numbered version; a version is signed when
 * both parties accepted that exact version (its SHA-256 is stored with each signature).
 *
 * Money is integer cents (AUD); rates are percentages 0–100 with at most 2 decimals; dates are
 * calendar dates `yyyy-MM-dd` (Australia/Sydney).
 */
import { Schema } from "effect";
import type { Party } from "../partnership/index.ts";
import { type Location, locations } from "../profiles/index.ts";
import type {
  AgentProfileId,
  AgreementId,
  AgreementVersionId,
  BusinessProfileId,
  PartnershipId,
  UserId,
} from "../shared/ids.ts";

/** Spec §3 locations (business and agent profiles) — the territory an agreement covers. */
export const territories = locations;
export type Territory = Location;

/** Invoice due in 7, 14 or 30 days (issue 17). */
export const paymentTermsOptions = [7, 14, 30] as const;

/**
 * Notice periods a new agreement offers (issue 45: "Thirty days' notice is pretty short … we prefer
 * 60, 90 or even 180").
 */
export const noticePeriodOptions = [30, 60, 90, 180] as const;

/** The trailing commission months of `terms` (issue 45; absent on older agreements: 0). */
export const trailingCommissionMonthsOf = (terms: {
  readonly trailingCommissionMonths?: number | undefined;
}) => terms.trailingCommissionMonths ?? 0;

/** §9 commission model ranges: guidance shown next to the rate, never enforced. */
export const modelGuidance = {
  straight: { min: 10, max: 30, label: "Straight commission is usually 10–30%." },
  base_plus: { min: 5, max: 15, label: "Base plus commission is usually 5–15% on top of the base." },
  tiered: { min: null, max: null, label: "Tiered commission raises the rate as sales pass each threshold." },
  residual: {
    min: null,
    max: null,
    label: "Residual commission pays a rate on recurring revenue for some months.",
  },
} as const;

/** A percentage 0–100 with at most 2 decimals. */
export const Rate = Schema.Number.pipe(
  Schema.filter((n) => Number.isFinite(n) && n >= 0 && n <= 100, {
    message: () => "Rate must be between 0 and 100",
  }),
  Schema.filter((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
    message: () => "Rate can have at most 2 decimals",
  }),
);

const CentsAmount = Schema.Int.pipe(
  Schema.filter((n) => n >= 0 && n <= 99_999_999, {
    message: () => "Amount must be between $0 and $999,999.99",
  }),
);

const CalendarDate = Schema.String.pipe(
  Schema.filter(
    (s) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    },
    { message: () => "Enter a date as yyyy-MM-dd" },
  ),
);

export const StraightModel = Schema.Struct({ type: Schema.Literal("straight"), rate: Rate });
export const BasePlusModel = Schema.Struct({
  type: Schema.Literal("base_plus"),
  /** Monthly base (retainer) in cents. */
  baseCents: CentsAmount,
  rate: Rate,
});
/** One tier: `rate` applies to the part of a sale from `fromCents` up to the next tier's threshold. */
export const Tier = Schema.Struct({ fromCents: CentsAmount, rate: Rate });
export const TieredModel = Schema.Struct({
  type: Schema.Literal("tiered"),
  tiers: Schema.Array(Tier).pipe(
    Schema.filter((tiers) => tiers.length >= 1 && tiers.length <= 10, {
      message: () => "Add between 1 and 10 tiers",
    }),
    Schema.filter((tiers) => tiers[0]?.fromCents === 0, { message: () => "The first tier starts at $0" }),
    Schema.filter((tiers) => tiers.every((t, i) => i === 0 || t.fromCents > (tiers[i - 1]?.fromCents ?? 0)), {
      message: () => "Each tier's threshold must be above the one before",
    }),
  ),
});
export const ResidualModel = Schema.Struct({
  type: Schema.Literal("residual"),
  rate: Rate,
  /** How many months of recurring revenue earn the rate (1–120). */
  months: Schema.Int.pipe(
    Schema.filter((n) => n >= 1 && n <= 120, { message: () => "Months must be between 1 and 120" }),
  ),
});

/** The four §9 commission models. */
export const CommissionModel = Schema.Union(StraightModel, BasePlusModel, TieredModel, ResidualModel);
export type CommissionModel = typeof CommissionModel.Type;
export type CommissionModelType = CommissionModel["type"];

/** The commercial terms of an agreement (issue 17). */
export const AgreementTerms = Schema.Struct({
  model: CommissionModel,
  /** Spec §3 locations covered; at least one. */
  territory: Schema.Array(
    Schema.Literal(...territories).annotations({ message: () => "Choose territories from the list" }),
  ).pipe(
    Schema.filter((t) => t.length >= 1 && new Set(t).size === t.length, {
      message: () => "Choose at least one territory",
    }),
  ),
  /** True: the agent is the business's only agent for this territory and these products. */
  exclusive: Schema.Boolean,
  /** Products or services covered (free text). */
  products: Schema.String.pipe(
    Schema.filter((s) => s.trim().length >= 3 && s.length <= 2000, {
      message: () => "Describe the products or services covered (3–2000 characters)",
    }),
  ),
  /** Invoice due in this many days. */
  paymentTermsDays: Schema.Literal(...paymentTermsOptions).annotations({
    message: () => "Payment terms must be 7, 14 or 30 days",
  }),
  startDate: CalendarDate,
  /** Null: open-ended. */
  endDate: Schema.NullOr(CalendarDate),
  /**
   * Days of written notice to end the agreement. Decodes 0–365 so agreements signed before issue
   * 45 keep decoding; new proposals offer `noticePeriodOptions` (30, 60, 90, 180).
   */
  noticeDays: Schema.Int.pipe(
    Schema.filter((n) => n >= 0 && n <= 365, { message: () => "Notice period must be 0–365 days" }),
  ),
  /**
   * Days an approved deal registration protects its customer (issue 43; absent: 90, so agreements
   * signed before keep decoding). Read through `protectionDaysOf`.
   */
  protectionDays: Schema.optional(
    Schema.Int.pipe(
      Schema.filter((n) => n >= 1 && n <= 365, { message: () => "Protection must be 1–365 days" }),
    ),
  ),
  /**
   * Days the business has to confirm or dispute an agent-reported sale before it counts as
   * confirmed (issue 43; absent: 7). Read through `confirmationWindowDaysOf`.
   */
  confirmationWindowDays: Schema.optional(
    Schema.Int.pipe(
      Schema.filter((n) => n >= 1 && n <= 60, { message: () => "The confirmation window must be 1–60 days" }),
    ),
  ),
  /** Days a commission line waits after it is earned before it becomes payable (issue 43; default 0). */
  holdingPeriodDays: Schema.optional(
    Schema.Int.pipe(
      Schema.filter((n) => n >= 0 && n <= 365, { message: () => "Holding period must be 0–365 days" }),
    ),
  ),
  /** Days after a sale in which its refund or card dispute claws the commission back (issue 43; default 90). */
  clawbackWindowDays: Schema.optional(
    Schema.Int.pipe(
      Schema.filter((n) => n >= 0 && n <= 730, { message: () => "Clawback window must be 0–730 days" }),
    ),
  ),
  /** The period whose cumulative sales a tiered model's tiers apply to (issue 43; default month). */
  tierPeriod: Schema.optional(Schema.Literal("month", "year")),
  /** The agreement includes the recipient-created tax invoice clause (ATO LI 2023/20; issue 43; default false). */
  rcti: Schema.optional(Schema.Boolean),
  /**
   * Issue 45: for this many months after the partnership ends, sales from customers the agent
   * brought (their deal registrations, issue 43's ledger) still earn commission. Absent: 0 (old
   * agreements keep decoding); read it through `trailingCommissionMonthsOf`.
   */
  trailingCommissionMonths: Schema.optional(
    Schema.Int.pipe(
      Schema.filter((n) => n >= 0 && n <= 24, {
        message: () => "Trailing commission must be 0–24 months",
      }),
    ),
  ),
}).pipe(
  Schema.filter((t) =>
    t.endDate === null || t.endDate >= t.startDate
      ? undefined
      : { path: ["endDate"], message: "End date must be on or after the start date" },
  ),
);
export type AgreementTerms = typeof AgreementTerms.Type;

/** The terms' deal protection in days (issue 43): `protectionDays`, else 90. */
export const protectionDaysOf = (terms: Pick<AgreementTerms, "protectionDays">): number =>
  terms.protectionDays ?? 90;

/** The terms' sale confirmation window in days (issue 43): `confirmationWindowDays`, else 7. */
export const confirmationWindowDaysOf = (terms: Pick<AgreementTerms, "confirmationWindowDays">): number =>
  terms.confirmationWindowDays ?? 7;

/** Where the negotiation stands (issue 17): the state machine's states. */
export const agreementStages = ["draft", "proposed", "signed", "ended"] as const;
export type AgreementStage = (typeof agreementStages)[number];

/**
 * A version's own status: `proposed` (awaiting both signatures), `countered` (the other party
 * sent it back to draft), `signed` (in force), `superseded` (an amendment both signed replaced it),
 * `ended` (ended with the partnership), `withdrawn` (the agreement ended before it was signed).
 */
export const versionStatuses = [
  "proposed",
  "countered",
  "signed",
  "superseded",
  "ended",
  "withdrawn",
] as const;
export type VersionStatus = (typeof versionStatuses)[number];

/** One party's signature on one version: the consent record (Electronic Transactions Act 1999 (Cth) style). */
export interface AgreementSignature {
  readonly party: Party;
  readonly userId: UserId;
  /** The signer's display name (company contact's username or the agent's full name). */
  readonly signerName: string;
  readonly signedAt: Date;
  /** The client address the request came from. */
  readonly ipAddress: string;
  readonly userAgent: string;
  /** SHA-256 (hex) of the exact rendered document the signer accepted. */
  readonly documentSha256: string;
}

/** The rendered document of a version: what is hashed, shown and printed to PDF. */
export interface AgreementDocument {
  readonly title: string;
  readonly subtitle: string;
  readonly sections: ReadonlyArray<{ readonly heading: string; readonly paragraphs: readonly string[] }>;
}

/** One immutable proposal. */
export interface AgreementVersion {
  readonly id: AgreementVersionId;
  /** 1, 2, 3 … per agreement. */
  readonly number: number;
  readonly terms: AgreementTerms;
  readonly proposedBy: Party;
  readonly proposedAt: Date;
  readonly status: VersionStatus;
  readonly document: AgreementDocument;
  /** SHA-256 (hex) of `canonicalDocument(document)`. */
  readonly documentSha256: string;
  readonly signatures: readonly AgreementSignature[];
  /** When the second signature made it binding. */
  readonly signedAt: Date | null;
}

/** A partnership's agreement: its stage, the working draft and every version, newest first. */
export interface Agreement {
  readonly id: AgreementId;
  readonly partnershipId: PartnershipId;
  readonly businessId: BusinessProfileId;
  readonly agentId: AgentProfileId;
  readonly stage: AgreementStage;
  /** The working draft (stage draft), editable by either party. */
  readonly draft: {
    readonly terms: AgreementTerms;
    readonly editedBy: Party;
    readonly updatedAt: Date;
  } | null;
  /** Newest first. */
  readonly versions: readonly AgreementVersion[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The version in force (signed), if any. */
export const versionInForce = (agreement: Pick<Agreement, "versions">): AgreementVersion | null =>
  agreement.versions.find((v) => v.status === "signed") ?? null;

/** The newest version (the one under negotiation when the stage is proposed). */
export const latestVersion = (agreement: Pick<Agreement, "versions">): AgreementVersion | null =>
  agreement.versions[0] ?? null;

/** The headline rate of a model (the partnership's `commissionRate`): tiered → its first tier. */
export const headlineRate = (model: CommissionModel): number =>
  model.type === "tiered" ? (model.tiers[0]?.rate ?? 0) : model.rate;

/** The canonical text of a document: the exact bytes that are hashed (stable key order). */
export const canonicalDocument = (document: AgreementDocument): string =>
  JSON.stringify({
    title: document.title,
    subtitle: document.subtitle,
    sections: document.sections.map((s) => ({ heading: s.heading, paragraphs: [...s.paragraphs] })),
  });

/** The ledger's terms (issue 43) with their defaults applied: old signed agreements keep decoding. */
export interface LedgerTerms {
  /** Days, ≥ 0 (default 0). */
  readonly holdingPeriodDays: number;
  /** Days, ≥ 0 (default 90). */
  readonly clawbackWindowDays: number;
  readonly tierPeriod: "month" | "year";
  readonly rcti: boolean;
}

/** The ledger fields of `terms` with the defaults of issue 43 (0 days, 90 days, month, no RCTI clause). */
export const ledgerTermsOf = (
  terms: Pick<AgreementTerms, "holdingPeriodDays" | "clawbackWindowDays" | "tierPeriod" | "rcti">,
): LedgerTerms => ({
  holdingPeriodDays: terms.holdingPeriodDays ?? 0,
  clawbackWindowDays: terms.clawbackWindowDays ?? 90,
  tierPeriod: terms.tierPeriod ?? "month",
  rcti: terms.rcti ?? false,
});
