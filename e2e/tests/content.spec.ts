/**
 * Content and the public site (issue 16), at 1280 px (desktop) and 390 px (mobile): the admin
 * writes a blog post with a cover image and publishes it, and a visitor reads it at /blog/{slug};
 * the contact form reaches the support outbox and the admin's list; /about is server-rendered
 * (its heading is in the HTML before any JavaScript). axe (serious/critical = 0) on every page.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { DEMO_PASSWORD, demo, expectNoSeriousAxe, retype } from "./support.ts";

// Several pages, each checked with axe, per journey: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAKAAAABaCAIAAACwpMoFAAAACXBIWXMAAAPoAAAD6AG1e1JrAAABqklEQVR4nO2VAQ3AIADD0DNzFzwzV/E0400qgKwUTp5K7h3h4CeQKNhLEAv2EsQnOv/7EfyDiztQMD9TZrHg4g4UzM+UWSy4uAMF8zNlFgsu7kDB/EyZxYKLO1AwP1NmseDiDhTMz5RZLLi4AwXzM2UWCy7uQMH8TJnFgos7UDA/U2ax4OIOFMzPlFksuLgDBfMzZRYLLu5AwfxMmcWCiztQMD9TZrHg4g4UzM+UWSy4uAMF8zNlFgsu7kDB/EyZxYKLO1AwP1NmseDiDhTMz5RZLLi4AwXzM2UWCy7uQMH8TJnFgos7UDA/U2ax4OIOFMzPlFksuLgDBfMzZRYLLu5AwfxMmcWCiztQMD9TZrHg4g4UzM+UWSy4uAMF8zNlFgsu7kDB/EyZxYKLO1AwP1NmseDiDhTMz5RZLLi4AwXzM2UWCy7uQMH8TJnFgos7UDA/U2ax4OIOFMzPlFksuLgDBfMzZRYLLu5AwfxMmcWCiztQMD9TZrHg4g4UzM+UWSy4uAMF8zNlFgsu7kDB/EyZxYKLO1AwP1NmseDiDhTMz5RZLLi4g08Fv+TTwcBlFu2EAAAAAElFTkSuQmCC",
  "base64",
);

const expectNoSeriousA11yViolations = (page: Page) => expectNoSeriousAxe(page);

/** A full-page screenshot for review, named by project (desktop 1280 / mobile 390). */
async function shot(page: Page, name: string) {
  await expect(page.locator(".splash")).toBeHidden(); // the first visit's 2 s splash (spec §9)
  await page.screenshot({
    path: `test-results/screens/${test.info().project.name}-${name}.png`,
    fullPage: true,
  });
}

test("the admin publishes a blog post with a cover image and a visitor reads it at /blog/{slug}", async ({
  browser,
  page,
}) => {
  const project = test.info().project.name;
  const title = `Closing with tiers ${project} ${Date.now().toString(36)}`;
  const login = await page.request.post("/api/login", {
    data: { username: demo.admin, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);

  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText(/\d+ accounts/)).toBeVisible();
  await shot(page, "admin-dashboard");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Manage Blog Content" }).click();
  await expect(page.getByRole("heading", { name: "Blog Posts" })).toBeVisible();
  await shot(page, "admin-blog-list");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Create New" }).first().click();
  await expect(page.getByRole("heading", { name: "New Blog Post" })).toBeVisible();

  await page.getByLabel("Title").pressSequentially(title);
  const slug = await page.getByLabel("Slug").inputValue();
  expect(slug).toMatch(/^closing-with-tiers-/);
  await page.getByLabel("Lead").pressSequentially("Why tiered commission keeps your best agents.");
  await page
    .getByLabel("Body (Markdown)")
    .pressSequentially("## Tiers reward growth\n\nPay **more** above target.");
  await page.getByLabel("Category").selectOption("Commission");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(
    page.getByRole("region", { name: "Body preview" }).getByRole("heading", { name: "Tiers reward growth" }),
  ).toBeVisible();

  await page.getByRole("button", { name: "Choose image" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("File").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: png });
  await dialog.getByLabel("Alt text").pressSequentially("A blue cover");
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Change image" })).toBeVisible();

  // The raw JSON tab shows the same object and refuses invalid JSON.
  await page.getByRole("tab", { name: "JSON" }).click();
  const json = page.getByLabel("Content (JSON)");
  await expect(json).toHaveValue(/"coverImage": "\/api\/media\/files\//);
  await shot(page, "admin-editor-json");
  const original = await json.inputValue();
  await retype(json, "{ not json");
  await page.getByRole("tab", { name: "Form" }).click();
  await expect(page.getByText(/Invalid JSON/)).toBeVisible();
  await expect(page.getByRole("tab", { name: "JSON" })).toHaveAttribute("aria-selected", "true");
  await json.fill(original); // paste
  await page.getByRole("tab", { name: "Form" }).click();
  await expectNoSeriousA11yViolations(page);
  await shot(page, "admin-editor-form");

  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Content created successfully.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Blog Posts" })).toBeVisible();
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();

  await page.goto("/admin/media");
  await expect(page.getByText(`Used by ${title}`)).toBeVisible();
  await shot(page, "admin-media");
  await expectNoSeriousA11yViolations(page);

  // A visitor (no session) reads the post.
  const visitorContext = await browser.newContext({ viewport: page.viewportSize() });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/blog");
  await visitor.getByRole("link", { name: title, exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`/blog/${slug}$`));
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "Tiers reward growth" })).toBeVisible();
  await expect(visitor.getByRole("img", { name: "A blue cover" })).toBeVisible();
  await shot(visitor, "blog-post");
  await expectNoSeriousA11yViolations(visitor);
  await visitor.goto("/blog");
  await shot(visitor, "blog");
  await expectNoSeriousA11yViolations(visitor);
  await visitorContext.close();
});

test("the contact form reaches the support outbox and the admin's list", async ({ browser, page }) => {
  const subject = `Question ${test.info().project.name} ${Date.now().toString(36)}`;
  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: "Contact Us" })).toBeVisible();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Full name is required")).toBeVisible();
  await page.getByLabel("Full name").pressSequentially("Jo Citizen");
  await page.getByLabel("Email").pressSequentially("jo@example.com.au");
  await page.getByLabel("Subject").pressSequentially(subject);
  await page.getByRole("textbox", { name: "Message" }).pressSequentially("What are your fees for agents?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("form", { name: "Send us a message" }).getByText("Message Sent")).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue("");
  await shot(page, "contact");
  await expectNoSeriousA11yViolations(page);

  const adminContext = await browser.newContext({ viewport: page.viewportSize() });
  const admin = await adminContext.newPage();
  expect(
    (
      await admin.request.post("/api/login", { data: { username: demo.admin, password: DEMO_PASSWORD } })
    ).status(),
  ).toBe(200);
  await expect(async () => {
    const { items } = (await (await admin.request.get("/api/dev/mailbox")).json()) as {
      items: { subject: string; text: string }[];
    };
    const mail = items.find((m) => m.subject === `Contact form: ${subject}`);
    expect(mail?.text).toContain("What are your fees for agents?");
  }).toPass({ timeout: 30_000 });
  await admin.goto("/admin/contact-messages");
  await expect(admin.getByRole("heading", { name: subject })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.goto("/admin/users");
  await expect(admin.getByRole("heading", { name: "Users" })).toBeVisible();
  await shot(admin, "admin-users");
  await expectNoSeriousA11yViolations(admin);
  await admin.goto("/admin/audit-log");
  await expect(admin.getByRole("heading", { name: "Audit Log" })).toBeVisible();
  await shot(admin, "admin-audit-log");
  await expectNoSeriousA11yViolations(admin);
  await adminContext.close();
});

test("public pages are server-rendered with their heading, title and Open Graph tags", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/about")).text();
  expect(html).toContain('<h1 class="page-title">About Closr</h1>');
  expect(html).toContain("<title>About Closr</title>");
  expect(html).toContain('<meta property="og:title" content="About Closr" />');
  expect(await (await request.get("/sitemap.xml")).text()).toContain("/commission-guides</loc>");

  for (const [path, heading] of [
    ["/about", "About Closr"],
    ["/careers", "Careers"],
    ["/press", "Press"],
    ["/commission-guides", "Commission Guides"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(/Closr/);
    await expect(page.getByRole("contentinfo")).toBeVisible(); // the shell has taken over from the server HTML
    await shot(page, path.slice(1));
    await expectNoSeriousA11yViolations(page);
  }
  await page.goto("/careers");
  await page.getByRole("tab", { name: "Engineering" }).click();
  await expect(page.getByRole("heading", { name: "Platform Engineer" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Product Designer" })).toBeHidden();
});
