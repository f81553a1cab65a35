/**
 * Deterministic demo marketplace: Australian businesses and agents over the spec's lists, their
 * names, descriptions and bios combined from the curated pools of seed/demo-text.ts by a seeded
 * faker PRNG (the same seed and counts give the same data). Generated users share one password
 * hash (computed once by the caller) and use the `seed.closr.au` email domain, so later runs
 * append after earlier ones. Inserts in batches of 1,000 rows (users, then profiles).
 */

import {
  type BusinessSize,
  businessSizes,
  type Industry,
  industries,
  industrySkill,
  type Location,
  skillCatalogue,
  specializations,
} from "@closr/core/profiles";
import { en, en_AU, Faker } from "@faker-js/faker";
import { type Insertable, sql, type Transaction } from "kysely";
import type { Db } from "../postgres/database.ts";
import type { Database } from "../postgres/schema.ts";
import {
  agentBio,
  businessDescription,
  companyKind,
  firstNames,
  lastNames,
  companyName as makeCompanyName,
  type Pick,
  phoneNumber,
} from "./demo-text.ts";

export interface SeedOptions {
  readonly agents: number;
  readonly businesses: number;
  /** argon2id hash every generated user gets. */
  readonly passwordHash: string;
  /** PRNG seed (default 2026): the same seed and counts give the same data. */
  readonly seed?: number;
}

const DOMAIN = "seed.closr.au";
const BATCH = 1000;
const cities: Location[] = [
  "sydney",
  "sydney",
  "sydney",
  "melbourne",
  "melbourne",
  "melbourne",
  "brisbane",
  "brisbane",
  "perth",
  "remote",
  "remote",
  "other",
];
const extraSpecializations = [
  "Medical Device Sales",
  "Healthcare Partnerships",
  "Financial Services Sales",
  "Fintech Sales",
  "Retail Partnerships",
  "Ecommerce Growth",
  "Industrial Sales",
  "Manufacturing Supply Sales",
  "Channel Sales",
  "Field Sales",
];

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.|\.$/g, "")
    .slice(0, 20);

/** How many generated (seed-domain) agents and businesses the database holds. */
export async function countSeeded(db: Db): Promise<{ agents: number; businesses: number }> {
  const result = await sql<{ agents: number; businesses: number }>`
    select count(*) filter (where user_type = 'agent')::int as agents,
           count(*) filter (where user_type = 'business')::int as businesses
    from users where email like ${`%@${DOMAIN}`}`.execute(db);
  const row = result.rows[0];
  return { agents: Number(row?.agents ?? 0), businesses: Number(row?.businesses ?? 0) };
}

type NewUserRow = Insertable<Database["users"]> & { createdAt: Date };

/**
 * Inserts a batch of users and their profiles in one transaction; profiles share their user's
 * createdAt, and `insertProfiles` writes them to their table.
 */
async function insertBatch<P extends object>(
  db: Db,
  rows: { user: NewUserRow; profile: P }[],
  insertProfiles: (
    trx: Transaction<Database>,
    profiles: (P & { userId: number; createdAt: Date; updatedAt: Date })[],
  ) => Promise<unknown>,
) {
  await db.transaction().execute(async (trx) => {
    const users = await trx
      .insertInto("users")
      .values(rows.map((r) => r.user))
      .returning(["id", "createdAt"])
      .execute();
    await insertProfiles(
      trx,
      rows.map((r, k) => ({
        ...r.profile,
        userId: users[k]!.id,
        createdAt: users[k]!.createdAt,
        updatedAt: users[k]!.createdAt,
      })),
    );
  });
}

/** Adds `agents` agents and `businesses` businesses after those seeded before; returns the counts added. */
export async function seedMarketplace(db: Db, options: SeedOptions) {
  const faker = new Faker({ locale: [en_AU, en] });
  const { agents: agentStart, businesses: businessStart } = await countSeeded(db);
  faker.seed([options.seed ?? 2026, agentStart, businessStart]);
  const pick: Pick = (items) => faker.helpers.arrayElement(items);
  const digits = (n: number) => faker.string.numeric(n);

  for (let offset = 0; offset < options.agents; offset += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, options.agents - offset) }, (_, k) => {
      const i = agentStart + offset + k;
      const first = pick(firstNames);
      const last = pick(lastNames);
      const industry = faker.helpers.arrayElement(industries);
      const specialization =
        faker.helpers.maybe(() => faker.helpers.arrayElement(specializations), { probability: 0.65 }) ??
        faker.helpers.arrayElement(extraSpecializations);
      const years = Math.min(30, Math.floor(faker.number.float({ min: 0, max: 1 }) ** 1.6 * 25));
      const location = faker.helpers.arrayElement(cities);
      const own = industrySkill[industry];
      const skills = new Set<string>(own && faker.datatype.boolean(0.7) ? [own] : []);
      for (const s of faker.helpers.arrayElements(skillCatalogue, { min: 2, max: 7 })) skills.add(s.name);
      const bio = agentBio(
        pick,
        specialization,
        years,
        location,
        makeCompanyName(pick, companyKind(pick, industry), location),
      );
      return {
        user: {
          email: `${slug(`${first}.${last}`)}.${i}@${DOMAIN}`,
          username: `${slug(`${first}.${last}`)}.a${i}`.slice(0, 30),
          passwordHash: options.passwordHash,
          userType: "agent" as const,
          verificationStatus: faker.helpers.weightedArrayElement([
            { weight: 3, value: "verified" as const },
            { weight: 1, value: "pending" as const },
            { weight: 6, value: "unverified" as const },
          ]),
          createdAt: faker.date.past({ years: 2, refDate: new Date("2026-11-01T00:00:00Z") }),
        },
        profile: {
          fullName: `${first} ${last}`,
          specialization,
          yearsOfExperience: years,
          bio,
          location,
          linkedinProfile: `https://www.linkedin.com/in/${slug(`${first}-${last}`)}-${i}`,
          minimumCommissionRate: faker.helpers.arrayElement([5, 8, 10, 10, 12, 15, 15, 20, 25]),
          skills: [...skills].slice(0, 10),
        },
      };
    });
    await insertBatch(db, rows, (trx, profiles) =>
      trx.insertInto("agentProfiles").values(profiles).execute(),
    );
  }

  const companyNames = new Set<string>();
  for (let offset = 0; offset < options.businesses; offset += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, options.businesses - offset) }, (_, k) => {
      const i = businessStart + offset + k;
      const industry: Industry = faker.helpers.arrayElement(industries);
      const size: BusinessSize = faker.helpers.arrayElement(businessSizes);
      const location = faker.helpers.arrayElement(cities);
      const kind = companyKind(pick, industry);
      let companyName = makeCompanyName(pick, kind, location);
      // Unique within a run: after a few collisions the name is a family's ("Nguyen Engineering"),
      // then two families' ("Kelly & Haddad Accounting").
      for (let tries = 0; companyNames.has(companyName); tries++)
        companyName =
          tries < 3
            ? makeCompanyName(pick, kind, location)
            : tries < 8
              ? `${pick(lastNames)} ${kind.noun}`
              : `${pick(lastNames)} & ${pick(lastNames)} ${kind.noun}`;
      companyNames.add(companyName);
      const domain = `${companyName.toLowerCase().replace(/[^a-z0-9]+/g, "")}.com.au`;
      return {
        user: {
          email: `team.${i}@${DOMAIN}`,
          username: `${slug(companyName)}.b${i}`.slice(0, 30),
          passwordHash: options.passwordHash,
          userType: "business" as const,
          verificationStatus: faker.helpers.weightedArrayElement([
            { weight: 4, value: "verified" as const },
            { weight: 6, value: "unverified" as const },
          ]),
          createdAt: faker.date.past({ years: 2, refDate: new Date("2026-11-01T00:00:00Z") }),
        },
        profile: {
          companyName,
          industry,
          size,
          location,
          description: businessDescription(pick, companyName, kind, industry, location, size),
          website: `https://www.${domain}`,
          contactEmail: `sales@${domain}`,
          contactPhone: phoneNumber(digits, location),
        },
      };
    });
    await insertBatch(db, rows, (trx, profiles) =>
      trx.insertInto("businessProfiles").values(profiles).execute(),
    );
  }
  await sql`analyze users, agent_profiles, business_profiles`.execute(db);
  return { agents: options.agents, businesses: options.businesses };
}
