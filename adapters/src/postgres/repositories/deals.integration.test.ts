/**
 * Deals and sales on PostgreSQL (issue 43 part A, ADR 0062): core's use cases over DealRepositoryPg
 * and SaleRepositoryPg, a test clock and the PostgreSQL unit of work. The conflict check in SQL
 * (ABN with spaces and dashes, domain, a near-identical name by pg_trgm, a house account), two
 * agents registering one customer at the same moment on two connections, protection expiring in
 * the sweep, and an agent-reported sale confirmed by its window.
 */
import {
  addCustomer,
  type Deal,
  decideDeal,
  importSales,
  listDeals,
  registerDeal,
  reportSale,
  sweepDeals,
  sweepSales,
} from "@closr/core/deal";
import type { User } from "@closr/core/identity";
import { UserRepository } from "@closr/core/identity";
import { type DomainEvent, DomainEvents, makeTestClock, type UserId } from "@closr/core/shared";
import { Effect, Exit, Layer, Option } from "effect";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../database.ts";
import { PgDatabaseFrom } from "../database-service.ts";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { UnitOfWorkPg } from "../transaction-scope.ts";
import { DealRepositoryPg, dealRegistrationLock, SaleRepositoryPg } from "./deals.ts";
import { UserRepositoryPg } from "./identity.ts";
import { AgentProfileRepositoryPg, BusinessProfileRepositoryPg } from "./profiles.ts";

let database: TestDatabase;
let second: DatabaseHandle | undefined;
const DAY = 24 * 3_600_000;
const start = new Date("2026-12-02T00:00:00Z"); // 11:00 in Sydney
const clock = makeTestClock(start);
let elapsed = 0;
/** Moves the test clock on by `days`; resolves the Sydney date the tests compare with. */
const later = (days: number) => {
  elapsed += days * DAY;
  clock.set(new Date(start.getTime() + elapsed));
};
/** Sets the test clock to `at`. */
const setClock = (at: Date) => {
  elapsed = at.getTime() - start.getTime();
  clock.set(at);
};
const today = () => new Date(start.getTime() + elapsed).toISOString().slice(0, 10);
const published: DomainEvent[] = [];
const events = {
  layer: Layer.succeed(DomainEvents, { publish: (event) => Effect.sync(() => void published.push(event)) }),
  tags: () => published.map((e) => e._tag),
};
// biome-ignore lint/suspicious/noExplicitAny: the merged layer's services
const layerOn = (db: TestDatabase["db"]): Layer.Layer<any> =>
  Layer.mergeAll(
    DealRepositoryPg,
    SaleRepositoryPg,
    BusinessProfileRepositoryPg,
    AgentProfileRepositoryPg,
    UserRepositoryPg,
    UnitOfWorkPg,
  ).pipe(Layer.provide(PgDatabaseFrom(db)), Layer.merge(clock.layer), Layer.merge(events.layer));
// biome-ignore lint/suspicious/noExplicitAny: the merged layer's services
let layer: Layer.Layer<any>;
// biome-ignore lint/suspicious/noExplicitAny: the merged layer's services
let secondLayer: Layer.Layer<any>;
// biome-ignore lint/suspicious/noExplicitAny: any use case of the context
const run = <A, E>(effect: Effect.Effect<A, E, any>, on = layer) =>
  Effect.runPromiseExit(Effect.provide(effect, on) as Effect.Effect<A, E>);
const ok = async <A, E>(effect: Effect.Effect<A, E, unknown>) => {
  const exit = await run(effect);
  if (Exit.isFailure(exit)) throw new Error(`expected success: ${JSON.stringify(exit.cause)}`);
  return exit.value;
};
const failure = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit) && exit.cause._tag === "Fail"
    ? (exit.cause.error as { _tag: string })._tag
    : "success";

let serial = 0;
async function aParty(userType: "business" | "agent") {
  const n = ++serial;
  const { id } = await database.db
    .insertInto("users")
    .values({ email: `d${n}@example.com`, username: `deal${n}`, passwordHash: "$stub", userType })
    .returning("id")
    .executeTakeFirstOrThrow();
  const profile =
    userType === "business"
      ? await database.db
          .insertInto("businessProfiles")
          .values({
            userId: id,
            companyName: `Company ${n}`,
            industry: "technology",
            size: "small",
            location: "sydney",
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      : await database.db
          .insertInto("agentProfiles")
          .values({
            userId: id,
            fullName: `Agent ${n}`,
            specialization: "B2B Sales",
            yearsOfExperience: 4,
            location: "sydney",
          })
          .returning("id")
          .executeTakeFirstOrThrow();
  const user = Option.getOrThrow(
    await Effect.runPromise(
      Effect.provide(
        Effect.flatMap(UserRepository, (r) => r.findById(id as UserId)),
        UserRepositoryPg.pipe(Layer.provide(PgDatabaseFrom(database.db))),
      ),
    ),
  ) as User;
  return { user, profileId: profile.id };
}

/** A business with `agents` agents, each in an active partnership with it. */
async function aBusinessWithAgents(agents: number) {
  const business = await aParty("business");
  const partners = [];
  for (let i = 0; i < agents; i++) {
    const agent = await aParty("agent");
    const { id } = await database.db
      .insertInto("partnerships")
      .values({
        businessId: business.profileId,
        agentId: agent.profileId,
        status: "active",
        requestedBy: "agent",
        commissionRate: 10,
        startDate: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    partners.push({ ...agent, partnershipId: id });
  }
  return { business, partners };
}

const customer = (over: Record<string, string> = {}) => ({
  name: "Harbour Tech Pty Ltd",
  abn: "51 824 753 556",
  website: "https://www.harbourtech.com.au/contact",
  contactName: "Sam Lee",
  contactEmail: "sam@harbourtech.com.au",
  ...over,
});

const register = (
  agent: { user: User; partnershipId: number },
  over: Record<string, string> = {},
  on = layer,
) => run(registerDeal(agent.user, { partnershipId: agent.partnershipId, customer: customer(over) }), on);

beforeAll(async () => {
  database = await createTestDatabase();
  layer = layerOn(database.db);
  // A second pool on the same database (postgres only): the race runs on two connections.
  second = database.url ? await openDatabase({ url: database.url, maxConnections: 2 }) : undefined;
  secondLayer = second ? layerOn(second.db) : layer;
}, 60_000);
afterAll(async () => {
  await second?.close();
  await database?.dispose();
});

describe("deal registration on PostgreSQL", () => {
  it("refuses another agent's registration by ABN written with spaces and dashes, by domain and by a near-identical name", async () => {
    const { partners } = await aBusinessWithAgents(2);
    const [first, later] = partners as [(typeof partners)[0], (typeof partners)[0]];
    expect(failure(await register(first))).toBe("success");
    const byAbn = await register(later, {
      name: "Someone Else",
      abn: "51-824-753 556",
      website: "other.com.au",
    });
    expect(failure(byAbn)).toBe("CustomerAlreadyRegistered");
    // The later agent learns only that it is taken: no holder, no customer id.
    expect(Exit.isFailure(byAbn) && JSON.stringify(byAbn.cause)).not.toMatch(/Agent|customerId|holder/);
    expect(
      failure(await register(later, { name: "Another Name", abn: "", website: "harbourtech.com.au" })),
    ).toBe("CustomerAlreadyRegistered");
    expect(
      failure(
        await register(later, { name: "The Harbour-Tech Limited", abn: "", website: "elsewhere.com.au" }),
      ),
    ).toBe("CustomerAlreadyRegistered");
    // A different customer of the same business is free.
    expect(
      failure(
        await register(later, { name: "Coastal Plumbing", abn: "53 004 085 616", website: "coastal.com.au" }),
      ),
    ).toBe("success");
  }, 60_000);

  it("refuses a house account and one of the business's own customers, and holds nothing for another business", async () => {
    const { business, partners } = await aBusinessWithAgents(1);
    const agent = partners[0]!;
    await ok(
      addCustomer(business.user, {
        name: "Blue Gum Hotels",
        abn: "53 004 085 616",
        website: "bluegum.com.au",
        houseAccount: true,
      }),
    );
    await ok(
      addCustomer(business.user, { name: "Red Rock Cafe", website: "redrock.com.au", houseAccount: false }),
    );
    expect(failure(await register(agent, { name: "Blue Gum Hotels Pty Ltd", abn: "", website: "" }))).toBe(
      "CustomerAlreadyRegistered",
    );
    expect(failure(await register(agent, { name: "Anything", abn: "53004085616", website: "" }))).toBe(
      "CustomerAlreadyRegistered",
    );
    expect(failure(await register(agent, { name: "Red Rock", abn: "", website: "www.redrock.com.au" }))).toBe(
      "CustomerAlreadyRegistered",
    );
    // Another business's house account does not hold the customer here.
    const other = await aBusinessWithAgents(1);
    expect(failure(await register(other.partners[0]!, { name: "Blue Gum Hotels", abn: "53004085616" }))).toBe(
      "success",
    );
  }, 60_000);

  it("two agents registering the same customer at the same moment on two connections: one holds it, one is told it is taken", async () => {
    for (let round = 0; round < 3; round++) {
      const { business, partners } = await aBusinessWithAgents(2);
      const [a, b] = partners as [(typeof partners)[0], (typeof partners)[0]];
      const name = `Racing Customer ${round}`;
      // A third session holds the business's registration lock until both racers wait on it, so
      // both reach the conflict check at the same moment (without the lock both would be stored).
      const gate = second
        ? await database.db.connection().execute(async (session) => {
            await sql`SELECT pg_advisory_lock(${dealRegistrationLock}::int, ${business.profileId}::int)`.execute(
              session,
            );
            const racing = Promise.all([
              register(a, { name, abn: "", website: `racing${round}.com.au` }, layer),
              register(b, { name, abn: "", website: `racing${round}.com.au` }, secondLayer),
            ]);
            for (let i = 0; i < 100; i++) {
              const { rows } = await sql<{ waiting: number }>`SELECT count(*)::int AS waiting FROM pg_locks
            WHERE locktype = 'advisory' AND NOT granted AND classid = ${dealRegistrationLock}
              AND objid = ${business.profileId}`.execute(session);
              if (Number(rows[0]?.waiting) >= 2) break;
              await new Promise((resolve) => setTimeout(resolve, 50));
            }
            await sql`SELECT pg_advisory_unlock(${dealRegistrationLock}::int, ${business.profileId}::int)`.execute(
              session,
            );
            return racing;
          })
        : undefined;
      const results =
        gate ??
        (await Promise.all([
          register(a, { name, abn: "", website: `racing${round}.com.au` }, layer),
          register(b, { name, abn: "", website: `racing${round}.com.au` }, secondLayer),
        ]));
      expect(results.map(failure).sort()).toEqual(["CustomerAlreadyRegistered", "success"]);
      const stored = await ok(listDeals(business.user, { page: 1, pageSize: 10 }));
      expect(stored.total).toBe(1);
    }
  }, 60_000);

  it("an approved deal stays protected through its last day, then the sweep expires it and the customer is free", async () => {
    const { business, partners } = await aBusinessWithAgents(2);
    const [a, b] = partners as [(typeof partners)[0], (typeof partners)[0]];
    const registered = await register(a, { name: "Tidal Surf Co", abn: "", website: "tidalsurf.com.au" });
    const deal = (Exit.isSuccess(registered) ? registered.value : undefined) as Deal;
    const approved = await ok(decideDeal(business.user, deal.id, { decision: "approve", protectionDays: 2 }));
    expect(approved.protectedUntil).toBe("2026-12-04");
    later(2);
    expect(failure(await register(b, { name: "Tidal Surf", abn: "", website: "" }))).toBe(
      "CustomerAlreadyRegistered",
    );
    later(1);
    const swept = await ok(sweepDeals());
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(failure(await register(b, { name: "Tidal Surf", abn: "", website: "" }))).toBe("success");
  }, 60_000);
});

describe("sales on PostgreSQL", () => {
  it("an agent-reported sale waits for the business; unanswered past the window the sweep confirms it once", async () => {
    const { business, partners } = await aBusinessWithAgents(1);
    const agent = partners[0]!;
    const registered = await register(agent, { name: "Wattle Dental", abn: "", website: "wattle.com.au" });
    const deal = (Exit.isSuccess(registered) ? registered.value : undefined) as Deal;
    await ok(decideDeal(business.user, deal.id, { decision: "approve" }));
    const sale = await ok(
      reportSale(agent.user, {
        partnershipId: agent.partnershipId,
        dealId: deal.id,
        amountCents: 125_000,
        saleDate: today(),
        kind: "one_off",
      }),
    );
    expect(sale.state).toBe("reported");
    published.length = 0;
    // The window ends at the start of the Sydney day after its 7th day (rolled to a business day).
    const confirmBy = sale.confirmBy as Date;
    setClock(new Date(confirmBy.getTime() - 3 * DAY));
    expect((await ok(sweepSales())).noticed).toBe(0);
    setClock(new Date(confirmBy.getTime() - DAY));
    expect((await ok(sweepSales())).noticed).toBe(1);
    expect((await ok(sweepSales())).noticed).toBe(0);
    setClock(confirmBy);
    expect((await ok(sweepSales())).confirmed).toBe(1);
    expect((await ok(sweepSales())).confirmed).toBe(0);
    expect(events.tags().filter((t) => t === "SaleConfirmed" || t === "SaleStepTaken")).toEqual([
      "SaleStepTaken",
      "SaleConfirmed",
    ]);
  }, 60_000);

  it("imports the valid rows of a CSV in one statement and refuses a reference already recorded", async () => {
    const { business, partners } = await aBusinessWithAgents(1);
    const agent = partners[0]!;
    const registered = await register(agent, { name: "Saltbush Farms", abn: "", website: "saltbush.com.au" });
    const deal = (Exit.isSuccess(registered) ? registered.value : undefined) as Deal;
    await ok(decideDeal(business.user, deal.id, { decision: "approve" }));
    const rows = Array.from({ length: 1200 }, (_, i) => [
      today(),
      "10.00",
      "one_off",
      String(deal.id),
      `R${i}`,
    ]);
    const header = ["date", "amount", "kind", "deal", "reference"];
    const result = await ok(
      importSales(business.user, {
        partnershipId: agent.partnershipId,
        header,
        rows,
        importValidRows: false,
      }),
    );
    expect(result).toMatchObject({ stored: true, imported: 1200, errors: [] });
    const again = await run(
      importSales(business.user, {
        partnershipId: agent.partnershipId,
        header,
        rows: rows.slice(0, 1),
        importValidRows: false,
      }),
    );
    expect(failure(again)).toBe("SaleAlreadyRecorded");
  }, 60_000);
});
