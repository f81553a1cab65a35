/**
 * The demo's deals and sales (issue 43): seeded by the same `seedDemo` the process runs at start,
 * through the real use cases — Mia Chen's three registrations under Harbour Tech, the won one with
 * Harbour Tech's confirmed sale and Mia's reported one, and Harbour Tech's house account — and a
 * second seed adds nothing.
 */
import { describe, expect, it } from "vitest";
import { demoClient, seedDemoData } from "../../testing/demo-data.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

const t = useTestApp({}, { setUp: (app) => seedDemoData(app), timeoutMs: 240_000 });

describe("demo deals and sales", () => {
  it("shows Mia Chen's registrations, the won deal's sales and Harbour Tech's house account, once", async () => {
    await seedDemoData(t);
    const mia = await demoClient(t, "mia.chen");
    const deals = await bodyOf(await mia.request("/api/deals"));
    expect(
      deals.items.map((d: { customer: { name: string }; state: string }) => [d.customer.name, d.state]),
    ).toEqual([
      ["Wattle Creek Vineyards", "submitted"],
      ["Ironbark Logistics", "approved"],
      ["Coastal Dental Group", "won"],
    ]);
    const won = deals.items[2];
    const sales = await bodyOf(await mia.request(`/api/partnerships/${won.partnershipId}/sales`));
    expect(sales.items.map((s: { amount: number; state: string }) => [s.amount, s.state]).sort()).toEqual([
      [12500, "confirmed"],
      [1800, "reported"],
    ]);
    const harbour = await demoClient(t, "harbourtech");
    const customers = await bodyOf(await harbour.request("/api/customers"));
    expect(customers.items).toMatchObject([{ name: "Blue Gum Hotels", houseAccount: true }]);
  }, 120_000);
});
