import { Cause, Effect, Exit, Layer, Option } from "effect";
import { describe, expect, it } from "vitest";
import { aUser } from "../identity/testing/index.ts";
import { makeTestClock } from "../shared/clock.ts";
import { makeAuditLogMemory } from "../shared/testing.ts";
import { maxDocumentBytes, type UploadedDocument } from "./model.ts";
import { checkDocument } from "./rules.ts";
import { makeVerificationMemory } from "./testing/index.ts";
import {
  type Application,
  decideVerification,
  documentOf,
  listOwnVerificationRequests,
  listVerificationQueue,
  resubmitVerification,
  submitVerification,
} from "./use-cases.ts";

const pdf = (field: string, fileName = "doc.pdf", size = 100): UploadedDocument => ({
  field,
  bytes: new Uint8Array(size),
  detectedType: "application/pdf",
  fileName,
});
const png = (field: string, fileName = "photo.png"): UploadedDocument => ({
  field,
  bytes: new Uint8Array(50),
  detectedType: "image/png",
  fileName,
});

const agentApplication = (overrides: Partial<Application> = {}): Application => ({
  userType: "agent",
  info: {
    linkedInProfile: "https://www.linkedin.com/in/mia",
    yearsExperience: "6",
    professionalQualifications: "Diploma of Sales, eight years of SaaS field sales",
  },
  files: [pdf("identification")],
  ...overrides,
});
const businessApplication = (overrides: Partial<Application> = {}): Application => ({
  userType: "business",
  info: {
    abnNumber: "51 824 753 556",
    companyWebsite: "https://harbour.example",
    businessAddress: "1 George St, Sydney",
  },
  files: [pdf("businessRegistration"), png("addressProof")],
  ...overrides,
});

const agent = aUser(1, "agent");
const business = aUser(2, "business");
const staff = aUser(9, "business", { role: "admin" });

function setup() {
  const memory = makeVerificationMemory();
  const clock = makeTestClock(new Date("2026-11-23T00:00:00Z"));
  const run = <A, E>(effect: Effect.Effect<A, E, never>) => Effect.runPromiseExit(effect);
  const provide = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    run(
      Effect.provide(
        effect,
        Layer.mergeAll(memory.layer, clock.layer, makeAuditLogMemory().layer),
      ) as Effect.Effect<A, E, never>,
    );
  return { memory, clock, provide };
}

const failure = <A, E>(exit: Exit.Exit<A, E>) =>
  Exit.isFailure(exit) ? Option.getOrUndefined(Cause.failureOption(exit.cause)) : undefined;

describe("document rules", () => {
  it("decides by magic bytes: refuses a PNG named .pdf, a text file, an over-10 MB file, and a PDF logo", () => {
    const check = (userType: "business" | "agent", file: UploadedDocument) =>
      checkDocument(userType, file).pipe((e) => (e._tag === "Left" ? e.left._tag : e.right));
    expect(check("agent", png("identification", "passport.pdf"))).toBe("UnsupportedDocumentType");
    expect(check("agent", { ...pdf("identification"), detectedType: undefined })).toBe(
      "UnsupportedDocumentType",
    );
    expect(check("agent", pdf("identification", "id.pdf", maxDocumentBytes + 1))).toBe("DocumentTooLarge");
    expect(check("agent", pdf("identification", "id.pdf", maxDocumentBytes))).toBe("application/pdf");
    expect(check("agent", png("profilePhoto", "me.PNG"))).toBe("image/png");
    expect(check("agent", pdf("profilePhoto", "me.pdf"))).toBe("UnsupportedDocumentType");
    expect(check("business", pdf("companyLogo", "logo.pdf"))).toBe("UnsupportedDocumentType");
    expect(check("business", png("companyLogo", "logo"))).toBe("image/png");
    expect(check("business", pdf("identification"))).toBe("InvalidVerificationRequest");
  });
});

describe("verification use cases", () => {
  it("an agent applies: documents stored, status pending, one open request at a time", async () => {
    const { memory, provide } = setup();
    const exit = await provide(submitVerification(agent, agentApplication()));
    expect(Exit.isSuccess(exit)).toBe(true);
    expect(memory.files.size).toBe(1);
    expect(memory.userStatuses.get(1)).toBe("pending");
    const again = await provide(submitVerification(agent, agentApplication()));
    expect(failure(again)).toMatchObject({ _tag: "VerificationAlreadyOpen", status: "submitted" });
    expect(memory.files.size).toBe(1);
  });

  it("refuses the other type's tab with the spec's rule, and lists every field error with §5 messages", async () => {
    const { memory, provide } = setup();
    expect(failure(await provide(submitVerification(agent, businessApplication())))).toMatchObject({
      _tag: "WrongVerificationType",
      requested: "business",
      actual: "agent",
    });
    const bad = await provide(
      submitVerification(
        business,
        businessApplication({
          info: { abnNumber: "11 223 493 504", companyWebsite: "not a url", businessAddress: "abc" },
          files: [],
        }),
      ),
    );
    expect(failure(bad)).toMatchObject({
      _tag: "InvalidVerificationRequest",
      errors: [
        { field: "abnNumber", message: "This is not a valid ABN (the check digits do not match)" },
        { field: "companyWebsite", message: "Please enter a valid URL" },
        { field: "businessAddress", message: "Please enter a valid address" },
        { field: "businessRegistration", message: "Required" },
        { field: "addressProof", message: "Required" },
      ],
    });
    const agentBad = await provide(
      submitVerification(agent, agentApplication({ info: { yearsExperience: "0" }, files: [] })),
    );
    expect(failure(agentBad)).toMatchObject({
      errors: [
        { field: "linkedInProfile", message: "Please enter a valid LinkedIn URL" },
        { field: "yearsExperience", message: "Years of experience must be a positive number" },
        {
          field: "professionalQualifications",
          message: "Please provide a detailed description of your qualifications",
        },
        { field: "identification", message: "Please upload your identification document" },
      ],
    });
    expect(memory.rows).toEqual([]);
    expect(memory.files.size).toBe(0);
  });

  it("records the ABN registry's answer, and submits without it when the registry is down", async () => {
    const { memory, provide } = setup();
    const exit = await provide(submitVerification(business, businessApplication()));
    expect(Exit.isSuccess(exit) && exit.value.abnLookup).toMatchObject({
      found: true,
      entityName: "AUSTRALIAN TAXATION OFFICE",
      gstRegistered: true,
    });
    memory.setRegistryDown(true);
    const other = aUser(3, "business");
    const down = await provide(submitVerification(other, businessApplication()));
    expect(Exit.isSuccess(down) && down.value.abnLookup).toBeNull();
  });

  it("staff request changes with a reason, the agent resubmits a new document, staff approve: verified, emailed", async () => {
    const { memory, clock, provide } = setup();
    const created = await provide(submitVerification(agent, agentApplication()));
    if (!Exit.isSuccess(created)) throw new Error("not created");
    const id = created.value.id;
    const firstKey = created.value.documents[0]?.key;

    expect(failure(await provide(decideVerification(agent, id, { action: "approve" })))).toMatchObject({
      _tag: "NotStaff",
    });
    expect(failure(await provide(decideVerification(staff, id, { action: "approve" })))).toMatchObject({
      _tag: "VerificationTransitionNotAllowed",
    });
    await provide(decideVerification(staff, id, { action: "start_review" }));
    expect(
      failure(await provide(decideVerification(staff, id, { action: "request_changes", reason: " " }))),
    ).toMatchObject({
      _tag: "InvalidVerificationRequest",
      errors: [{ field: "reason", message: "Please give a reason" }],
    });
    const changes = await provide(
      decideVerification(staff, id, { action: "request_changes", reason: "The ID photo is blurred" }),
    );
    expect(Exit.isSuccess(changes) && changes.value.adminNotes).toBe("The ID photo is blurred");
    expect(memory.userStatuses.get(1)).toBe("pending");
    expect(memory.sent.at(-1)?.subject).toBe("Your Closr verification needs changes");

    clock.advance(60_000);
    const resubmitted = await provide(
      resubmitVerification(agent, id, agentApplication({ files: [pdf("identification", "clear.pdf")] })),
    );
    expect(Exit.isSuccess(resubmitted) && resubmitted.value.status).toBe("submitted");
    expect(memory.files.has(firstKey ?? "")).toBe(false);
    expect(memory.files.size).toBe(1);

    await provide(decideVerification(staff, id, { action: "start_review" }));
    const approved = await provide(decideVerification(staff, id, { action: "approve" }));
    expect(Exit.isSuccess(approved) && approved.value.status).toBe("approved");
    expect(memory.userStatuses.get(1)).toBe("verified");
    expect(memory.sent.at(-1)).toMatchObject({ to: "u1@example.com", subject: "You're verified on Closr" });
    const own = await provide(listOwnVerificationRequests(agent));
    expect(Exit.isSuccess(own) && own.value.map((r) => r.status)).toEqual(["approved"]);
  });

  it("a rejected user is unverified and may apply again; the queue is staff only and oldest first", async () => {
    const { memory, clock, provide } = setup();
    const first = await provide(submitVerification(agent, agentApplication()));
    clock.advance(1000);
    await provide(submitVerification(business, businessApplication()));
    if (!Exit.isSuccess(first)) throw new Error("not created");
    await provide(decideVerification(staff, first.value.id, { action: "start_review" }));
    await provide(
      decideVerification(staff, first.value.id, { action: "reject", reason: "Not a real document" }),
    );
    expect(memory.userStatuses.get(1)).toBe("unverified");
    expect(
      failure(await provide(listVerificationQueue(agent, { statuses: [], page: 1, pageSize: 20 }))),
    ).toMatchObject({
      _tag: "NotStaff",
    });
    const queue = await provide(listVerificationQueue(staff, { statuses: [], page: 1, pageSize: 20 }));
    expect(Exit.isSuccess(queue) && queue.value.items.map((r) => r.userId)).toEqual([1, 2]);
    clock.advance(1000);
    const again = await provide(submitVerification(agent, agentApplication()));
    expect(Exit.isSuccess(again)).toBe(true);
    expect(memory.userStatuses.get(1)).toBe("pending");
  });

  it("documents: the owner and staff read them, anyone else gets not found", async () => {
    const { provide } = setup();
    const created = await provide(submitVerification(agent, agentApplication()));
    if (!Exit.isSuccess(created)) throw new Error("not created");
    const id = created.value.id;
    expect(Exit.isSuccess(await provide(documentOf(agent, id, 1)))).toBe(true);
    expect(Exit.isSuccess(await provide(documentOf(staff, id, 1)))).toBe(true);
    expect(failure(await provide(documentOf(aUser(5, "agent"), id, 1)))).toMatchObject({
      _tag: "VerificationRequestNotFound",
    });
    expect(failure(await provide(documentOf(agent, id, 2)))).toMatchObject({
      _tag: "VerificationRequestNotFound",
    });
  });
});
