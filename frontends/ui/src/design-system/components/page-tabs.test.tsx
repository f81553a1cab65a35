/** PageTabs as the server draws them (ADR 0056): links to each section, the selected one current. */
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { DrawnDeferred } from "../deferred.tsx";
import { PageTabs, usePageTab } from "./page-tabs.tsx";

const ids = ["create", "invoices", "earnings"] as const;

function Sections() {
  const [tab] = usePageTab(ids);
  return (
    <PageTabs
      label="Invoices"
      tab={tab}
      tabs={[
        { id: "create", title: "Create Invoice", panel: <p>the form</p> },
        { id: "invoices", title: "Your Invoices", panel: <p>the list</p> },
        { id: "earnings", title: "Earnings", panel: <p>the totals</p> },
      ]}
    />
  );
}

function draw(url: string) {
  const drawn = new Set<string>();
  const result = renderToString(
    <DrawnDeferred value={drawn}>
      <MemoryRouter initialEntries={[url]}>
        <Sections />
      </MemoryRouter>
    </DrawnDeferred>,
  );
  return { result, drawn: [...drawn] };
}

/** The opening tag of the link whose text is `text`. */
function linkTo(html: string, text: string): string {
  return html.match(new RegExp(`<a [^>]*>${text}</a>`))?.[0] ?? "";
}

describe("PageTabs", () => {
  it("links every section, marks the one in ?tab= current and draws only its content", () => {
    const { result, drawn } = draw("/agent/invoices?tab=earnings");
    expect(result).toContain('<nav aria-label="Invoices" class="tab-list">');
    expect(result).toContain('href="/agent/invoices"');
    expect(result).toContain('href="/agent/invoices?tab=invoices"');
    const earnings = linkTo(result, "Earnings");
    expect(earnings).toContain('href="/agent/invoices?tab=earnings"');
    expect(earnings).toContain('aria-current="page"');
    expect(result.match(/aria-current/g)).toHaveLength(1);
    expect(result).toContain('<section aria-label="Earnings" class="tab-panel"><p>the totals</p>');
    expect(result).not.toContain("the form");
    expect(result).not.toContain("the list");
    // Nothing waits for a chunk before the page can hydrate.
    expect(drawn).toEqual([]);
  });

  it("treats a missing or unknown ?tab= as the first section", () => {
    for (const url of ["/agent/invoices", "/agent/invoices?tab=nope"]) {
      const { result } = draw(url);
      const create = linkTo(result, "Create Invoice");
      expect(create).toContain('href="/agent/invoices"');
      expect(create).toContain('aria-current="page"');
      expect(result).toContain("the form");
      expect(result).not.toContain("the totals");
    }
  });
});
