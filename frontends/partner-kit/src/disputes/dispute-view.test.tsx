/** A party's dispute page for a dispute that is not there (issue 46): a not-found state, not an error line. */
import { ApiError } from "@closr/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { DisputeView } from "./disputes.tsx";
import { disputesKey } from "./disputes-api.ts";

function drawFailed(error: Error): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  client
    .getQueryCache()
    .build(client, { queryKey: [...disputesKey, "one", 404404] })
    .setState({ status: "error", error, fetchStatus: "idle", errorUpdatedAt: Date.now() });
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DisputeView id={404404} backHref="/agent/invoices?tab=disputes" backLabel="Disputes" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const notFound = new ApiError({
  type: "/problems/not-found",
  title: "Not found",
  status: 404,
  detail: "No such dispute.",
});

describe("DisputeView", () => {
  it("says the dispute is not found, in a heading and one sentence, with a link back to disputes", () => {
    const html = drawFailed(notFound);
    expect(html).toMatch(/<h1[^>]*>Dispute not found<\/h1>/);
    expect(html).toContain("This dispute doesn&#x27;t exist, or it isn&#x27;t one of yours.");
    expect(html).toMatch(/<a [^>]*href="\/agent\/invoices\?tab=disputes"[^>]*>.*Back to disputes/);
    expect(html).not.toContain("Error loading dispute");
  });

  it("keeps the error line, with Retry, for other failures", () => {
    const html = drawFailed(
      new ApiError({
        type: "/problems/service-unavailable",
        title: "Unavailable",
        status: 503,
        detail: "Try later.",
      }),
    );
    expect(html).toContain("Error loading dispute");
    expect(html).toContain("Retry");
    expect(html).not.toContain("Dispute not found");
  });
});
