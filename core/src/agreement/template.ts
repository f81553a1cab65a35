/**
 * Agreement templates (issue 17; spec §2.12 "general commission agreement"): one template with
 * `{{placeholder}}` fields renders both the public blank download
 * (/templates/general-commission-agreement.html and .pdf, placeholders shown as "[hints]") and
 * every version of a partnership's agreement (placeholders filled from the parties and terms).
 * Enterprise businesses (spec §9 "custom contract templates") keep their own template in the same
 * shape; `renderTemplate` is the one renderer.
 */
import { longCalendarDate } from "../shared/calendar.ts";
import { describeModel } from "./commission.ts";
import type { AgreementDocument, AgreementTerms } from "./model.ts";

/** A template: a title, a subtitle and headed sections of paragraphs with `{{placeholders}}`. */
export interface AgreementTemplate {
  readonly title: string;
  readonly subtitle: string;
  readonly sections: ReadonlyArray<{ readonly heading: string; readonly paragraphs: readonly string[] }>;
}

/** The placeholders a template may use, with the hint the blank download shows for each. */
export const placeholderHints = {
  businessName: "Business name",
  businessAbn: "ABN",
  agentName: "Agent name",
  agentAbn: "ABN",
  date: "date",
  exclusivity: "non-exclusive / exclusive",
  products: "products or services",
  territory: "territory or account list",
  commission: "commission model and rate, e.g. 15% of the value of each sale, excluding GST",
  paymentTermsDays: "14",
  term: "start date and end date, or until ended",
  noticeDays: "30",
  version: "version",
} as const;
export type Placeholder = keyof typeof placeholderHints;

/** The platform's general commission agreement (spec §2.12). */
export const generalAgreementTemplate: AgreementTemplate = {
  title: "General Commission Agreement",
  subtitle:
    "Template from Closr (closr.com.au). Not legal advice: have it reviewed for your situation before signing.",
  sections: [
    {
      heading: "1. Parties",
      paragraphs: [
        'This agreement is between {{businessName}}, ABN {{businessAbn}} ("the Business") and {{agentName}}, ABN {{agentAbn}} ("the Agent"), made on {{date}}.',
      ],
    },
    {
      heading: "2. Appointment",
      paragraphs: [
        "The Business appoints the Agent as an independent, {{exclusivity}} sales agent for {{products}} in {{territory}}. The Agent is not an employee.",
      ],
    },
    {
      heading: "3. Commission",
      paragraphs: [
        "The Business pays the Agent commission as follows: {{commission}}. Commission is calculated on the value of each sale the Agent closes, excluding GST. A sale is closed when the customer has signed and paid the first invoice.",
      ],
    },
    {
      heading: "4. Invoicing and payment",
      paragraphs: [
        "The Agent invoices the Business through Closr for commission earned. The Business pays within {{paymentTermsDays}} days of a valid tax invoice. Refunds or cancellations within 30 days reverse the commission on that sale.",
      ],
    },
    {
      heading: "5. Conduct",
      paragraphs: [
        "The Agent represents the products honestly, complies with the Australian Consumer Law and privacy law, and keeps the Business's confidential information confidential.",
      ],
    },
    {
      heading: "6. Term and termination",
      paragraphs: [
        "This agreement runs {{term}}. Either party may end it with {{noticeDays}} days' written notice. Commission on sales closed before the end date remains payable.",
      ],
    },
    {
      heading: "7. Signatures",
      paragraphs: [
        "Each party signs electronically on Closr by re-entering their password. Closr records who signed, when, from which address and browser, and the SHA-256 fingerprint of this exact document (version {{version}}).",
      ],
    },
  ],
};

/** Replaces `{{name}}` by `values[name]`, or by "[hint]" when the value is absent. */
export function fillPlaceholders(text: string, values: Partial<Record<Placeholder, string>>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    if (!(name in placeholderHints)) return whole;
    const value = values[name as Placeholder];
    return value !== undefined ? value : `[${placeholderHints[name as Placeholder]}]`;
  });
}

/** Renders a template with `values` (absent values show their hint). */
export function renderTemplate(
  template: AgreementTemplate,
  values: Partial<Record<Placeholder, string>>,
): AgreementDocument {
  return {
    title: fillPlaceholders(template.title, values),
    subtitle: fillPlaceholders(template.subtitle, values),
    sections: template.sections.map((s) => ({
      heading: fillPlaceholders(s.heading, values),
      paragraphs: s.paragraphs.map((p) => fillPlaceholders(p, values)),
    })),
  };
}

const territoryLabels: Record<string, string> = {
  sydney: "Sydney",
  melbourne: "Melbourne",
  brisbane: "Brisbane",
  perth: "Perth",
  remote: "Remote (Australia-wide)",
  other: "Other locations",
};

const longDate = longCalendarDate;

/** The placeholder values of one version of a partnership's agreement. */
export function agreementValues(input: {
  readonly businessName: string;
  readonly businessAbn: string | null;
  readonly agentName: string;
  readonly agentAbn: string | null;
  /** The proposal date, `yyyy-MM-dd`. */
  readonly date: string;
  readonly version: number;
  readonly terms: AgreementTerms;
}): Record<Placeholder, string> {
  const { terms } = input;
  return {
    businessName: input.businessName,
    businessAbn: input.businessAbn ?? "not quoted",
    agentName: input.agentName,
    agentAbn: input.agentAbn ?? "not quoted",
    date: longDate(input.date),
    exclusivity: terms.exclusive ? "exclusive" : "non-exclusive",
    products: terms.products.trim(),
    territory: terms.territory.map((t) => territoryLabels[t] ?? t).join(", "),
    commission: describeModel(terms.model),
    paymentTermsDays: String(terms.paymentTermsDays),
    term: terms.endDate
      ? `from ${longDate(terms.startDate)} to ${longDate(terms.endDate)}`
      : `from ${longDate(terms.startDate)} until ended`,
    noticeDays: String(terms.noticeDays),
    version: String(input.version),
  };
}

/** Placeholders a custom template uses that are not known (shown to its author). */
export const unknownPlaceholders = (template: AgreementTemplate): string[] => {
  const text = [
    template.title,
    template.subtitle,
    ...template.sections.flatMap((s) => [s.heading, ...s.paragraphs]),
  ].join("\n");
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1] ?? "")
    .filter((name) => !(name in placeholderHints));
};
