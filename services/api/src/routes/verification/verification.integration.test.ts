import { readdirSync } from "node:fs";
import { signLink } from "@closr/adapters/storage";
import { describe, expect, it } from "vitest";
import { confirmEmail, type TestClient } from "../../testing/test-app.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

const t = useTestApp();

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

const pdfBytes = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
const pngBytes = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);
const file = (bytes: Uint8Array, name: string, type: string) => new File([bytes] as never, name, { type });

let n = 0;
/** A signed-up user; its email is confirmed (applying needs it) unless `confirmed` is false. */
async function aUser(
  userType: "business" | "agent",
  extra: Record<string, unknown> = {},
  { confirmed = true } = {},
) {
  n++;
  const client = t.client();
  const username = `verify${n}`;
  const res = await client.request("/api/register", {
    method: "POST",
    json: {
      email: `${username}@example.com`,
      username,
      password: "long enough password",
      userType,
      ...extra,
    },
  });
  if (res.status === 201 && confirmed) await confirmEmail(t, `${username}@example.com`);
  return { client, username, id: res.status === 201 ? (await bodyOf(res)).id : 0, status: res.status, res };
}

async function aStaff() {
  const staff = await aUser("business");
  await t.database.db.updateTable("users").set({ role: "admin" }).where("id", "=", staff.id).execute();
  return staff;
}

const agentForm = (
  files: Record<string, File> = { identification: file(pdfBytes, "passport.pdf", "application/pdf") },
) => {
  const form = new FormData();
  form.set("userType", "agent");
  form.set("linkedInProfile", "https://www.linkedin.com/in/someone");
  form.set("yearsExperience", "6");
  form.set("professionalQualifications", "Diploma of Sales and eight years in SaaS");
  for (const [field, value] of Object.entries(files)) form.set(field, value);
  return form;
};
const businessForm = (abnNumber: string) => {
  const form = new FormData();
  form.set("userType", "business");
  form.set("abnNumber", abnNumber);
  form.set("companyWebsite", "https://harbour.example");
  form.set("businessAddress", "1 George St, Sydney NSW 2000");
  form.set("businessRegistration", file(pdfBytes, "registration.pdf", "application/pdf"));
  form.set("addressProof", file(pngBytes, "bill.png", "image/png"));
  return form;
};

const apply = (client: TestClient, form: FormData) =>
  client.request("/api/verification-requests", { method: "POST", body: form });
const decide = (client: TestClient, id: number, json: Record<string, unknown>) =>
  client.request(`/api/admin/verification-requests/${id}/decision`, { method: "POST", json });
const me = async (client: TestClient) => (await bodyOf(await client.request("/api/user"))).verificationStatus;
const storedFiles = () => {
  try {
    return readdirSync(`${t.uploadsDir}/verification`).length;
  } catch {
    return 0;
  }
};
const rowCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom("verificationRequests")
        .select((e) => e.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("verification over HTTP", () => {
  it("an agent applies with a PDF, staff request changes, the agent resubmits, staff approve: Verified in Find Agents", async () => {
    const agent = await aUser("agent");
    const created = await apply(agent.client, agentForm());
    expect(created.status).toBe(201);
    const request = await bodyOf(created);
    expect(request).toMatchObject({
      status: "submitted",
      userType: "agent",
      documents: [
        { id: 1, field: "identification", fileName: "passport.pdf", contentType: "application/pdf" },
      ],
      reviewedAt: null,
    });
    expect(await me(agent.client)).toBe("pending");
    expect((await apply(agent.client, agentForm())).status).toBe(409);

    const staff = await aStaff();
    const queue = await bodyOf(
      await staff.client.request("/api/admin/verification-requests?status=submitted"),
    );
    expect(queue.items.map((r: { id: number }) => r.id)).toContain(request.id);

    expect((await decide(staff.client, request.id, { action: "approve" })).status).toBe(409);
    expect((await decide(staff.client, request.id, { action: "start_review" })).status).toBe(200);
    const noReason = await decide(staff.client, request.id, { action: "request_changes" });
    expect(noReason.status).toBe(422);
    expect((await bodyOf(noReason)).errors).toEqual([{ field: "reason", message: "Please give a reason" }]);
    const changes = await decide(staff.client, request.id, {
      action: "request_changes",
      reason: "The scan is blurred",
    });
    expect(await bodyOf(changes)).toMatchObject({
      status: "changes_requested",
      adminNotes: "The scan is blurred",
    });
    expect(await me(agent.client)).toBe("pending");

    const resubmitted = await agent.client.request(`/api/verification-requests/${request.id}/resubmit`, {
      method: "POST",
      body: agentForm({ identification: file(pdfBytes, "clear-scan.pdf", "application/pdf") }),
    });
    expect(resubmitted.status).toBe(200);
    expect(await bodyOf(resubmitted)).toMatchObject({
      status: "submitted",
      documents: [{ id: 2, fileName: "clear-scan.pdf" }],
    });
    expect(storedFiles()).toBe(1);

    await decide(staff.client, request.id, { action: "start_review" });
    const approved = await decide(staff.client, request.id, { action: "approve" });
    expect(await bodyOf(approved)).toMatchObject({ status: "approved", reviewedBy: staff.id });
    expect(await me(agent.client)).toBe("verified");

    // The Verified badge and "verified only" filter read the same status.
    await agent.client.request("/api/agent-profiles", {
      method: "POST",
      json: { fullName: "Vera Fied", specialization: "B2B Sales", yearsOfExperience: 6, location: "sydney" },
    });
    const business = await aUser("business");
    const found = await bodyOf(
      await business.client.request("/api/agent-profiles?verifiedOnly=true&pageSize=100"),
    );
    const card = found.items.find((a: { fullName: string }) => a.fullName === "Vera Fied");
    expect(card?.user?.verificationStatus ?? card?.owner?.verificationStatus).toBe("verified");

    const mail = await bodyOf(await agent.client.request("/api/dev/mailbox"));
    // Only the decision emails (sign-up also sends an email-confirmation link).
    const decisions = mail.items
      .map((m: { subject: string }) => m.subject)
      .filter((subject: string) => subject.includes("verif"));
    expect(decisions).toEqual(["You're verified on Closr", "Your Closr verification needs changes"]);
    const own = await bodyOf(await agent.client.request("/api/verification-requests"));
    expect(own.items.map((r: { status: string }) => r.status)).toEqual(["approved"]);
  });

  it("another user's request or document is 404; review by a non-staff user is 403", async () => {
    const owner = await aUser("agent");
    const other = await aUser("agent");
    const request = await bodyOf(await apply(owner.client, agentForm()));
    expect(
      (await other.client.request(`/api/verification-requests/${request.id}/documents/1/link`)).status,
    ).toBe(404);
    expect(
      (await owner.client.request(`/api/verification-requests/${request.id}/documents/9/link`)).status,
    ).toBe(404);
    const resubmit = await other.client.request(`/api/verification-requests/${request.id}/resubmit`, {
      method: "POST",
      body: agentForm(),
    });
    expect(resubmit.status).toBe(404);
    expect((await other.client.request("/api/verification-requests").then(bodyOf)).items).toEqual([]);
    expect((await other.client.request("/api/admin/verification-requests")).status).toBe(403);
    expect((await other.client.request(`/api/admin/verification-requests/${request.id}`)).status).toBe(403);
    const review = await decide(other.client, request.id, { action: "start_review" });
    expect(review.status).toBe(403);
    expect((await bodyOf(review)).type).toBe("/problems/forbidden");
    expect((await t.client().request("/api/verification-requests")).status).toBe(401);
  });

  it("documents download through signed links only: attachment + nosniff; forged or expired → 403", async () => {
    const owner = await aUser("agent");
    const request = await bodyOf(await apply(owner.client, agentForm()));
    const link = await bodyOf(
      await owner.client.request(
        `/api/verification-requests/${request.id}/documents/1/link?disposition=inline`,
      ),
    );
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(300_000);
    expect(link.url).toContain("disposition=attachment"); // inline is for staff only
    const download = await t.client().request(link.url);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="passport.pdf"/);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdfBytes);

    const url = new URL(link.url, "http://localhost");
    const forged = new URL(url);
    forged.searchParams.set("disposition", "inline");
    expect((await t.client().request(forged.pathname + forged.search)).status).toBe(403);
    const badSignature = new URL(url);
    badSignature.searchParams.set("signature", "A".repeat(43));
    const refused = await t.client().request(badSignature.pathname + badSignature.search);
    expect(refused.status).toBe(403);
    expect((await bodyOf(refused)).type).toBe("/problems/signed-link-invalid");

    const key = url.pathname.replace("/api/files/", "");
    const past = Math.floor(Date.now() / 1000) - 10;
    const parts = {
      key,
      expires: past,
      disposition: "attachment" as const,
      contentType: "application/pdf",
      name: "passport.pdf",
    };
    const expired = new URLSearchParams({
      expires: String(past),
      disposition: "attachment",
      type: "application/pdf",
      name: "passport.pdf",
      signature: signLink(t.fileLinkSecret, parts),
    });
    expect((await t.client().request(`/api/files/${key}?${expired}`)).status).toBe(403);

    const staff = await aStaff();
    const inline = await bodyOf(
      await staff.client.request(
        `/api/verification-requests/${request.id}/documents/1/link?disposition=inline`,
      ),
    );
    const preview = await t.client().request(inline.url);
    expect(preview.headers.get("content-disposition")).toMatch(/^inline;/);
    expect(preview.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(preview.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("a 20 MB file and a PNG renamed .pdf are refused with the field named, leaving no file and no row", async () => {
    const agent = await aUser("agent");
    const filesBefore = storedFiles();
    const rowsBefore = await rowCount();
    const big = new Uint8Array(20 * 1024 * 1024);
    big.set(pdfBytes);
    const tooLarge = await apply(
      agent.client,
      agentForm({ identification: file(big, "huge.pdf", "application/pdf") }),
    );
    expect(tooLarge.status).toBe(413);
    expect(await bodyOf(tooLarge)).toMatchObject({
      type: "/problems/document-too-large",
      errors: [{ field: "identification", message: "Each file must be 10 MB or smaller" }],
    });
    const renamed = await apply(
      agent.client,
      agentForm({ identification: file(pngBytes, "passport.pdf", "application/pdf") }),
    );
    expect(renamed.status).toBe(415);
    expect((await bodyOf(renamed)).errors).toEqual([
      { field: "identification", message: "The file's contents (PNG) do not match its name (.pdf)" },
    ]);
    const text = await apply(
      agent.client,
      agentForm({
        identification: file(new TextEncoder().encode("<html>hi</html>"), "id.pdf", "application/pdf"),
      }),
    );
    expect(text.status).toBe(415);
    // A valid document next to a bad one: the good one is not kept either.
    const mixed = agentForm({
      identification: file(pdfBytes, "id.pdf", "application/pdf"),
      profilePhoto: file(pdfBytes, "me.png", "image/png"),
    });
    expect((await apply(agent.client, mixed)).status).toBe(415);
    expect(storedFiles()).toBe(filesBefore);
    expect(await rowCount()).toBe(rowsBefore);
    expect(await me(agent.client)).toBe("unverified");
    const json = await agent.client.request("/api/verification-requests", {
      method: "POST",
      json: { userType: "agent" },
    });
    expect(json.status).toBe(415);
  }, 30_000);

  it("business rules: the other tab is refused in the spec's words; a wrong ABN is a field error; the lookup is recorded", async () => {
    const agent = await aUser("agent");
    const wrongTab = await apply(agent.client, businessForm("51 824 753 556"));
    expect(wrongTab.status).toBe(403);
    expect((await bodyOf(wrongTab)).detail).toBe(
      "Access Denied: Only business accounts can apply for business verification. Your account is registered as an agent.",
    );
    const business = await aUser("business");
    const wrongAbn = await apply(business.client, businessForm("11 223 493 504"));
    expect(wrongAbn.status).toBe(422);
    expect((await bodyOf(wrongAbn)).errors).toEqual([
      { field: "abnNumber", message: "This is not a valid ABN (the check digits do not match)" },
    ]);
    const missing = businessForm("51 824 753 556");
    missing.delete("addressProof");
    const noProof = await apply(business.client, missing);
    expect(await bodyOf(noProof)).toMatchObject({
      detail: "Please upload all required documents",
      errors: [{ field: "addressProof", message: "Required" }],
    });
    const ok = await apply(business.client, businessForm("53 004 085 616"));
    expect(ok.status).toBe(201);
    expect((await bodyOf(ok)).abnLookup).toMatchObject({
      found: true,
      abn: "53004085616",
      entityName: "TELSTRA GROUP LIMITED",
      gstRegistered: true,
      source: "local",
    });
  });

  it("an unconfirmed email cannot apply or resubmit (403 email-not-verified); after the link it can", async () => {
    const agent = await aUser("agent", {}, { confirmed: false });
    const filesBefore = storedFiles();
    const refused = await apply(agent.client, agentForm());
    expect(refused.status).toBe(403);
    expect(await bodyOf(refused)).toMatchObject({
      type: "/problems/email-not-verified",
      detail:
        "Please verify your email address before you apply for verification. Check your inbox for the link, or send a new one from the banner.",
    });
    const resubmit = await agent.client.request("/api/verification-requests/1/resubmit", {
      method: "POST",
      body: agentForm(),
    });
    expect((await bodyOf(resubmit)).type).toBe("/problems/email-not-verified");
    expect(storedFiles()).toBe(filesBefore);
    expect(await me(agent.client)).toBe("unverified");
    // The link from the sign-up email unlocks it at once (no stale cached session).
    await confirmEmail(t, `${agent.username}@example.com`);
    expect((await apply(agent.client, agentForm())).status).toBe(201);
  });

  it("an ABN written with spaces or dashes is accepted, checked and stored as its 11 digits", async () => {
    for (const written of ["53-004-085-616", "53 004 085 616", "53–004 085-616"]) {
      const business = await aUser("business");
      const res = await apply(business.client, businessForm(written));
      expect(res.status).toBe(201);
      const created = await bodyOf(res);
      expect(created.additionalInfo.abnNumber).toBe("53004085616");
      expect(created.abnLookup).toMatchObject({ found: true, abn: "53004085616" });
    }
    // Dashes do not get a wrong number past the checksum.
    const business = await aUser("business");
    const wrong = await apply(business.client, businessForm("11-223-493-504"));
    expect((await bodyOf(wrong)).errors).toEqual([
      { field: "abnNumber", message: "This is not a valid ABN (the check digits do not match)" },
    ]);
  });

  it("staff cannot review, approve, reject or send back their own request (403); another staff member can", async () => {
    const applicant = await aStaff();
    const request = await bodyOf(await apply(applicant.client, businessForm("51 824 753 556")));
    expect(request.status).toBe("submitted");
    for (const json of [
      { action: "start_review" },
      { action: "approve" },
      { action: "reject", reason: "Looks fine to me" },
      { action: "request_changes", reason: "Looks fine to me" },
    ]) {
      const own = await decide(applicant.client, request.id, json);
      expect(own.status).toBe(403);
      expect(await bodyOf(own)).toMatchObject({
        type: "/problems/forbidden",
        detail: "You cannot review your own verification request; another staff member must.",
      });
    }
    expect(await me(applicant.client)).toBe("pending");
    // Also once another reviewer has taken it into review.
    const colleague = await aStaff();
    expect((await decide(colleague.client, request.id, { action: "start_review" })).status).toBe(200);
    expect((await decide(applicant.client, request.id, { action: "approve" })).status).toBe(403);
    expect(await me(applicant.client)).toBe("pending");
    const approved = await decide(colleague.client, request.id, { action: "approve" });
    expect(await bodyOf(approved)).toMatchObject({ status: "approved", reviewedBy: colleague.id });
  });

  it("priority verification: a plan granting it puts the request first in the queue; a plan change moves it", async () => {
    const staff = await aStaff();
    const early = await aUser("business");
    const late = await aUser("business");
    const first = await bodyOf(await apply(early.client, businessForm("51 824 753 556")));
    const second = await bodyOf(await apply(late.client, businessForm("53 004 085 616")));
    const order = async () =>
      (
        await bodyOf(
          await staff.client.request("/api/admin/verification-requests?status=submitted&pageSize=100"),
        )
      ).items
        .map((r: { id: number }) => r.id)
        .filter((id: number) => id === first.id || id === second.id);
    const setPlan = (userId: number, planId: "basic" | "professional" | "enterprise") =>
      t.database.db.updateTable("users").set({ planId }).where("id", "=", userId).execute();
    expect(await order()).toEqual([first.id, second.id]);
    await setPlan(late.id, "professional");
    expect(await order()).toEqual([second.id, first.id]);
    await setPlan(late.id, "basic");
    expect(await order()).toEqual([first.id, second.id]);
    await setPlan(late.id, "enterprise");
    expect(await order()).toEqual([second.id, first.id]);
  });

  it("a register body carrying verificationStatus is refused; the status is never set by a client", async () => {
    const attempt = await aUser("agent", { verificationStatus: "verified" });
    expect(attempt.status).toBe(422);
  });
});
