import { describe, expect, it } from "vitest";
import { footerColumns, footerColumnsFor } from "./navigation.ts";

const hrefs = (columns: ReturnType<typeof footerColumnsFor>) =>
  columns.flatMap((c) => c.links.map((l) => l.href));

describe("footerColumnsFor (the footer's links for whoever is looking)", () => {
  it("gives a visitor every column of spec §2.2", () => {
    expect(footerColumnsFor(null)).toEqual(footerColumns);
  });

  it("gives a signed-in agent no business-only page and no sign-up link (they answer Access Denied)", () => {
    const links = hrefs(footerColumnsFor("agent"));
    expect(links).not.toContain("/business/find-agents");
    expect(links.some((href) => href.startsWith("/business/") || href.startsWith("/auth"))).toBe(false);
    expect(links).toContain("/agent/find-businesses");
    expect(links).toContain("/pricing");
    expect(links).toContain("/how-it-works");
  });

  it("gives a signed-in business no agent-only page", () => {
    const links = hrefs(footerColumnsFor("business"));
    expect(links.some((href) => href.startsWith("/agent/") || href.startsWith("/auth"))).toBe(false);
    expect(links).toContain("/business/find-agents");
    expect(links).toContain("/commission-guides");
  });

  it("keeps every column's heading, and no column empty", () => {
    for (const side of ["agent", "business"] as const) {
      const columns = footerColumnsFor(side);
      expect(columns.map((c) => c.title)).toEqual(footerColumns.map((c) => c.title));
      for (const column of columns) expect(column.links.length).toBeGreaterThan(0);
    }
  });
});
