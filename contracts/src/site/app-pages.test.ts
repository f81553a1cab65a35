import { describe, expect, it } from "vitest";
import { appPage, notFoundTitle } from "./app-pages.ts";

describe("appPage (the app's route table with titles)", () => {
  it("answers the app's pages with their own titles, and public pages with theirs", () => {
    expect(appPage("/business/payments")).toEqual({ title: "Payments | Closr" });
    expect(appPage("/agent/invoices/")).toEqual({ title: "Invoices | Closr" });
    expect(appPage("/agent/invoices/disputes/12")).toEqual({ title: "Dispute | Closr" });
    expect(appPage("/admin/content/blog")?.title).toBe("Admin: Blog Content | Closr");
    expect(appPage("/about")?.title).toMatch(/About/);
    expect(appPage("/blog/a-post")).toEqual({ title: null });
  });

  it("knows nothing of other paths (they answer 404)", () => {
    for (const path of ["/no-such-page", "/business/nope", "/agent/invoices/disputes/abc", "/adminx"])
      expect(appPage(path)).toBeUndefined();
    expect(notFoundTitle).toBe("Page not found | Closr");
  });

  it("gives every fixed path a title of its own", () => {
    const paths = [
      "/",
      "/auth",
      "/pricing",
      "/messages",
      "/reviews",
      "/analytics",
      "/performance",
      "/settings/billing",
      "/settings/account",
      "/business/dashboard",
      "/agent/dashboard",
      "/agent/payouts",
      "/forgot-password",
      "/reset-password",
      "/verification",
      "/help",
      "/admin",
    ];
    const titles = paths.map((p) => appPage(p)?.title);
    expect(new Set(titles).size).toBe(paths.length);
  });
});
