/**
 * Request state, not module state (issue 47, item 4): the server renders two users' signed-in
 * pages at the same time, 200 times over, and neither's data ever appears in the other's HTML.
 * No browser: the served HTML is what is checked (a render's data, its query cache and its
 * cookies travel in the render's own objects, never in a module-level variable).
 */
import { type APIRequestContext, expect, request as requests, test } from "./fixtures.ts";
import { DEMO_PASSWORD, demo } from "./support.ts";

/** A signed-in API context for `username`, with that user's email (the marker of their data). */
async function signedIn(
  baseURL: string,
  username: string,
): Promise<{ api: APIRequestContext; email: string }> {
  const api = await requests.newContext({ baseURL });
  expect((await api.post("/api/login", { data: { username, password: DEMO_PASSWORD } })).status()).toBe(200);
  const { user } = (await (await api.get("/api/session")).json()) as { user: { email: string } };
  expect(user.email).toContain("@");
  return { api, email: user.email };
}

test("two users' signed-in pages rendered concurrently 200 times never carry each other's data", async ({
  baseURL,
}) => {
  test.setTimeout(600_000);
  const business = await signedIn(baseURL ?? "", demo.businessWithProfile);
  const agent = await signedIn(baseURL ?? "", demo.agentWithProfile);
  // Each page's HTML carries its user's email (the settings page shows it; every signed-in page's
  // query cache holds the session); the dashboards are remote pages drawn on the server.
  const sides = [
    { who: business, other: agent, paths: ["/settings/account", "/business/dashboard"] },
    { who: agent, other: business, paths: ["/settings/account", "/agent/dashboard"] },
  ];
  const pairs = 200;
  // A few pairs in flight at once keep renders of both users overlapping without starving the machine.
  const inFlight = 5;
  let leaks = 0;
  const renderPair = (round: number) =>
    Promise.all(
      sides.map(async ({ who, other, paths }) => {
        const path = paths[round % paths.length] ?? "/settings/account";
        const response = await who.api.get(path, { maxRedirects: 0 });
        expect(response.status(), path).toBe(200);
        const html = await response.text();
        expect(html, `${path}: the page is drawn on the server for its user`).toContain(who.email);
        if (html.includes(other.email)) leaks++;
      }),
    );
  for (let start = 0; start < pairs; start += inFlight) {
    await Promise.all(
      Array.from({ length: Math.min(inFlight, pairs - start) }, (_, offset) => renderPair(start + offset)),
    );
  }
  expect(leaks).toBe(0);
  await business.api.dispose();
  await agent.api.dispose();
});
