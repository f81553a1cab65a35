import { createTestApp } from "../../services/api/src/testing/test-app.ts";
import { seedDemoData, demoClient } from "../../services/api/src/testing/demo-data.ts";
const t0 = performance.now();
const t = await createTestApp();
await seedDemoData(t);
console.log("seeded", ((performance.now() - t0) / 1000).toFixed(1), "s");
const biz = await demoClient(t, "harbourtech");
const agent = await demoClient(t, "mia.chen");
for (const q of process.argv.slice(2)) {
  const [side, query] = q.split(":");
  const path = side === "b" ? "/api/business-profiles" : "/api/agent-profiles";
  const res = await (side === "b" ? agent : biz).request(`${path}?q=${encodeURIComponent(query!)}&pageSize=10`);
  const body: any = await res.json();
  console.log(`\n${side} ${query} → ${res.status} total ${body.total}`);
  for (const i of body.items ?? []) console.log("  ", i.fullName ?? i.companyName, "|", i.specialization ?? i.industry, "|", i.location, "|", i.match?.reasons?.[0]);
  if (!body.items) console.log(body);
}
await t.close();
