/**
 * Demo verification requests for the embedded default, so a newcomer sees the staff queue
 * filled: one request in each state (submitted, under_review, changes_requested, approved,
 * rejected) from generated, unverified agents and businesses, with tiny valid PDF and PNG files
 * stored through FileStorage. Goes through the real use cases (rules, machine, status on users,
 * decision emails). Idempotent: skipped once any request exists.
 */
import { type User, UserRepository } from "@closr/core/identity";
import { UserId } from "@closr/core/shared";
import { type Application, decideVerification, submitVerification } from "@closr/core/verification";
import { Effect, Option } from "effect";
import { sql } from "kysely";
import { PgDatabase } from "../postgres/database-service.ts";
import { userByLogin } from "./demo-users.ts";
import type { SeedRuntime } from "./runtime.ts";

/** A one-page PDF, written from bytes. */
const demoPdf = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
/** A 1×1 PNG. */
const demoPng = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);

const pdf = (field: string, fileName: string) => ({
  field,
  bytes: demoPdf,
  detectedType: "application/pdf",
  fileName,
});
const png = (field: string, fileName: string) => ({
  field,
  bytes: demoPng,
  detectedType: "image/png",
  fileName,
});

const agentApplication: Application = {
  userType: "agent",
  info: {
    linkedInProfile: "https://www.linkedin.com/in/demo-agent",
    yearsExperience: "7",
    professionalQualifications: "Certificate IV in Sales, seven years selling SaaS to mid-market firms",
  },
  files: [pdf("identification", "drivers-licence.pdf"), png("profilePhoto", "headshot.png")],
};
const businessApplication = (abnNumber: string): Application => ({
  userType: "business",
  info: {
    abnNumber,
    companyWebsite: "https://example.com.au",
    businessAddress: "100 Queen St, Brisbane QLD 4000",
  },
  files: [pdf("businessRegistration", "asic-extract.pdf"), png("addressProof", "utility-bill.png")],
});

const unverifiedUsers = (table: "agentProfiles" | "businessProfiles", limit: number) =>
  Effect.gen(function* () {
    const db = yield* PgDatabase;
    const profiles = table === "agentProfiles" ? sql.raw("agent_profiles") : sql.raw("business_profiles");
    const rows = yield* Effect.promise(() =>
      sql<{ id: number }>`SELECT u.id FROM ${profiles} p JOIN users u ON u.id = p.user_id
        WHERE u.verification_status = 'unverified' AND u.role = 'member'
        ORDER BY p.id DESC LIMIT ${limit}`
        .execute(db)
        .then((result) => result.rows),
    );
    const users: User[] = [];
    for (const row of rows) {
      const user = yield* (yield* UserRepository).findById(UserId.make(row.id));
      if (Option.isSome(user)) users.push(user.value);
    }
    return users;
  });

export async function seedDemoVerification(runtime: SeedRuntime) {
  await runtime.runPromise(
    Effect.gen(function* () {
      const db = yield* PgDatabase;
      const existing = yield* Effect.promise(() =>
        db.selectFrom("verificationRequests").select("id").limit(1).executeTakeFirst(),
      );
      if (existing) return;
      const staff = yield* userByLogin("admin");
      if (Option.isNone(staff)) return;
      const admin = staff.value;
      const agents = yield* unverifiedUsers("agentProfiles", 3);
      const businesses = yield* unverifiedUsers("businessProfiles", 2);
      const [a1, a2, a3] = agents;
      const [b1, b2] = businesses;
      if (!a1 || !a2 || !a3 || !b1 || !b2) return;

      // submitted
      yield* submitVerification(a1, agentApplication);
      // under_review
      const underReview = yield* submitVerification(b1, businessApplication("53 004 085 616"));
      yield* decideVerification(admin, underReview.id, { action: "start_review" });
      // changes_requested
      const changes = yield* submitVerification(a2, agentApplication);
      yield* decideVerification(admin, changes.id, { action: "start_review" });
      yield* decideVerification(admin, changes.id, {
        action: "request_changes",
        reason: "The licence scan is cut off at the bottom. Please upload the whole card.",
      });
      // approved
      const approved = yield* submitVerification(b2, businessApplication("51 824 753 556"));
      yield* decideVerification(admin, approved.id, { action: "start_review" });
      yield* decideVerification(admin, approved.id, { action: "approve" });
      // rejected
      const rejected = yield* submitVerification(a3, agentApplication);
      yield* decideVerification(admin, rejected.id, { action: "start_review" });
      yield* decideVerification(admin, rejected.id, {
        action: "reject",
        reason: "The identity document has expired.",
      });
    }),
  );
}
