/** Helpers for the browser journeys: demo logins and unique sign-up data (object mothers). */
import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "closr-demo-2026";
/** Demo accounts (services/api/src/seed): the plain ones have no profile yet; the *WithProfile ones do. */
export const demo = {
  business: "sunrisehealth",
  agent: "jack.wilson",
  businessWithProfile: "harbourtech",
  agentWithProfile: "mia.chen",
  admin: "admin",
} as const;

let n = 0;
/** A unique new account's details. */
export const aNewAccount = (userType: "business" | "agent") => {
  const id = `${Date.now().toString(36)}${(n++).toString(36)}`;
  return {
    email: `e2e-${id}@example.com.au`,
    username: `e2e_${id}`,
    password: "a good long password",
    userType,
  };
};

/** Logs in through the /auth page and waits for the role dashboard. */
export async function logIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Log in" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/(business|agent)\/dashboard$/);
}

/** Opens the user menu (named with the username) and chooses Log out. */
export async function logOut(page: Page, username: string) {
  await page.getByRole("button", { name: username }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByText("Logged out successfully")).toBeVisible();
}

/** Closes the onboarding walkthrough a new account sees on its dashboard (issue 15). */
export async function skipOnboarding(page: Page) {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Skip tour" }).click();
  await expect(dialog).toBeHidden();
}

/** On a phone the search filters sit behind the "Filters" toggle (≤ 768 px); opens them there. */
export async function showFilters(page: Page) {
  const toggle = page.getByRole("button", { name: "Filters" });
  if ((page.viewportSize()?.width ?? 1280) <= 768 && (await toggle.isVisible())) {
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  }
}
