/** The reputation panel as the server draws it (issue 46): an agent's page says "No reviews yet" once. */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReputationPanel } from "./reputation-panel.tsx";
import { reviewsKey } from "./reviews-api.ts";

const reputation = (count: number) => ({
  rating: { average: count === 0 ? null : 4.5, count },
  completedPartnerships: 0,
  responseRate: null,
  medianResponseMinutes: null,
  memberSince: "2026-03-01T00:00:00.000Z",
});

function draw(data: unknown): string {
  const client = new QueryClient();
  client.setQueryData([...reviewsKey, "user", 7], data);
  return renderToString(
    <QueryClientProvider client={client}>
      <ReputationPanel userId={7} />
    </QueryClientProvider>,
  );
}

const times = (html: string, text: string) => html.split(text).length - 1;

describe("ReputationPanel", () => {
  it("says No reviews yet once when there are none", () => {
    expect(times(draw({ reputation: reputation(0), reviews: [] }), "No reviews yet")).toBe(1);
  });

  it("shows the rating and no empty line when there are reviews", () => {
    const html = draw({ reputation: reputation(2), reviews: [] });
    expect(html).toContain("4.5");
    expect(times(html, "No reviews yet")).toBe(0);
  });
});
