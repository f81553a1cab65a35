/**
 * The conflict check and the sales CSV rules (issue 43 "Done when"): ABN written with spaces and
 * dashes, domain, near-identical name, a house account refused; 10,000 rows with 3 bad rows, each
 * named by row and column.
 */
import { describe, expect, it } from "@effect/vitest";
import { Either } from "effect";
import {
  AgentProfileId,
  BusinessProfileId,
  CustomerId,
  cents,
  DealId,
  PartnershipId,
  UserId,
} from "../shared/index.ts";
import { type ConflictCandidate, findConflict, rejectionForHolder } from "./conflict.ts";
import type { Deal } from "./model.ts";
import { normaliseCustomerName, normaliseDomain, trigramSimilarity } from "./normalise.ts";
import { checkSaleRows } from "./sale-use-cases.ts";
import { validateCustomer } from "./validate.ts";

const customer = (raw: { name: string; abn?: string; website?: string }) => {
  const v = validateCustomer(raw);
  if (Either.isLeft(v)) throw new Error(JSON.stringify(v.left));
  return v.right;
};

const known: ConflictCandidate[] = [
  {
    customerId: 1,
    holder: "customer",
    abn: "51824753556",
    domain: "harbourtech.com.au",
    normalisedName: "harbour tech",
  },
  {
    customerId: 2,
    holder: "house_account",
    abn: null,
    domain: "bondi.com.au",
    normalisedName: "bondi surf supplies",
  },
  { customerId: 3, holder: "deal", abn: "53004085616", domain: null, normalisedName: "coastal plumbing" },
];

describe("conflict check", () => {
  it("matches an ABN written with spaces and dashes", () => {
    const hit = findConflict(customer({ name: "Someone Else", abn: "51-824 753-556" }), known);
    expect(hit).toEqual({ customerId: 1, holder: "customer", by: "abn" });
    expect(rejectionForHolder.customer).toBe("already_customer");
  });
  it("refuses a bad ABN checksum beside the field", () => {
    expect(validateCustomer({ name: "Acme", abn: "51 824 753 557" })).toEqual(
      Either.left([{ field: "abn", message: "This is not a valid ABN (the check digits do not match)" }]),
    );
  });
  it("matches a website by its normalised domain", () => {
    expect(normaliseDomain("https://www.HarbourTech.com.au/contact?x=1")).toBe("harbourtech.com.au");
    expect(normaliseDomain("sales@harbourtech.com.au")).toBe("harbourtech.com.au");
    expect(normaliseDomain("not a site")).toBeNull();
    expect(findConflict(customer({ name: "HT", website: "http://harbourtech.com.au:443/" }), known)?.by).toBe(
      "domain",
    );
  });
  it("matches a near-identical name, not a different one", () => {
    expect(normaliseCustomerName("The Coastal-Plumbing Pty. Ltd.")).toBe("coastal plumbing");
    expect(findConflict(customer({ name: "Coastal Plumbng Pty Ltd" }), known)).toEqual({
      customerId: 3,
      holder: "deal",
      by: "name",
    });
    expect(trigramSimilarity("coastal plumbing", "coastal electrical")).toBeLessThan(0.7);
    expect(findConflict(customer({ name: "Coastal Electrical" }), known)).toBeNull();
  });
  it("refuses a house account", () => {
    const hit = findConflict(customer({ name: "Bondi Surf Supplies & Co" }), known);
    expect(hit?.holder).toBe("house_account");
    expect(rejectionForHolder.house_account).toBe("house_account");
  });
});

const now = new Date("2026-12-01T01:00:00Z");
const aDeal = (id: number, state: Deal["state"], protectedUntil: string | null): Deal => ({
  id: DealId.make(id),
  partnershipId: PartnershipId.make(1),
  businessId: BusinessProfileId.make(1),
  agentId: AgentProfileId.make(1),
  businessUserId: UserId.make(20),
  agentUserId: UserId.make(10),
  businessName: "Harbour Tech",
  agentName: "Mia Chen",
  customer: {
    id: CustomerId.make(id),
    businessId: 1,
    name: `Customer ${id}`,
    normalisedName: `customer ${id}`,
    abn: null,
    domain: null,
    contactName: null,
    contactEmail: null,
    contactPhone: null,
    houseAccount: false,
    source: "deal",
    createdAt: now,
  },
  estimatedValueCents: cents(100_000),
  expectedCloseDate: null,
  notes: "",
  proofs: [],
  submittedAt: now,
  expiryNoticeFor: null,
  state,
  protectedUntil,
  rejectionReason: null,
  rejectionNote: null,
  decidedAt: now,
  closedAt: null,
});

describe("sales CSV rows", () => {
  it("10,000 rows with 3 bad ones: each named by row and column, the rest valid", () => {
    const deals = [
      aDeal(1, "won", "2027-01-01"),
      aDeal(2, "approved", "2027-02-01"),
      aDeal(3, "rejected", null),
    ];
    const rows = Array.from({ length: 10_000 }, (_, i) => [
      "2026-11-20",
      `${(i % 500) + 1}.50`,
      "one_off",
      String((i % 2) + 1),
      `ref-${i}`,
    ]);
    rows[41] = ["2026-11-20", "12.345", "one_off", "1", "ref-41"];
    rows[4999] = ["2026-13-01", "10", "one_off", "2", "ref-4999"];
    rows[9998] = ["2026-11-20", "10", "one_off", "3", "ref-9998"];
    const { valid, errors } = checkSaleRows(
      ["date", "amount", "kind", "deal", "reference"],
      rows,
      deals,
      1,
      now,
    );
    expect(errors).toEqual([
      { row: 42, column: "amount", message: "The amount is $0.01 to $9,999,999.99 ex-GST." },
      { row: 5000, column: "date", message: "Enter a date as yyyy-MM-dd." },
      {
        row: 9999,
        column: "deal",
        message: "Sales are reported against a won deal or a protected customer.",
      },
    ]);
    expect(valid).toHaveLength(9_997);
    expect(valid[0]?.amountCents).toBe(150);
  });
  it("a header without the amount column is named", () => {
    expect(checkSaleRows(["date", "deal"], [], [], 1, now).errors).toEqual([
      { row: 0, column: "amount", message: 'The header has no "amount" column.' },
    ]);
  });
});
