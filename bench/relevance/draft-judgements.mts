/**
 * Drafts bench/relevance/judged-queries.json: each query's graded judgements (3 exactly what the
 * searcher means, 2 close, 1 related, unlisted 0) written as the query's intent over the demo
 * data — which specialization, skill, name, company, industry or city the searcher means; a
 * person's or company's name means that one profile — and materialised as names, so the judged set does not move when the ranking code does. The rules
 * below are the judgements' definition; rerun only when the demo seed changes, then review the diff.
 * Run: tsx bench/relevance/draft-judgements.mts  (TEST_DATABASE_URL or embedded PGlite)
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { seedDemoData } from "../../services/api/src/testing/demo-data.ts";
import { createTestApp } from "../../services/api/src/testing/test-app.ts";

interface Agent {
  name: string;
  specialization: string;
  skills: string[];
  bio: string;
  location: string;
}
interface Business {
  name: string;
  industry: string;
  description: string;
  location: string;
}
type Rule<P> = readonly [grade: 1 | 2 | 3, test: (p: P) => boolean];

const lower = (s: string) => s.toLowerCase();
const words = (s: string): string[] => lower(s).match(/[\p{L}\p{N}]+/gu) ?? [];
const spec = (s: string) => (a: Agent) => lower(a.specialization) === lower(s);
const specWord = (w: string) => (a: Agent) => words(a.specialization).includes(w);
const skill = (s: string) => (a: Agent) => a.skills.includes(s);
const bio = (w: string) => (a: Agent) => words(a.bio).includes(w);
const named = (n: string) => (a: Agent) => lower(a.name) === n;
const inCity =
  <P extends { location: string }>(city: string, test: (p: P) => boolean) =>
  (p: P) =>
    p.location === city && test(p);
const both =
  <P,>(...tests: ((p: P) => boolean)[]) =>
  (p: P) =>
    tests.every((t) => t(p));
const industry = (i: string) => (b: Business) => b.industry === i;
const company = (n: string) => (b: Business) => lower(b.name) === n;
const description = (w: string) => (b: Business) => words(b.description).includes(w);

const enterprise: Rule<Agent>[] = [
  [3, spec("Enterprise Solutions")],
  [2, skill("Enterprise Solutions")],
  [1, bio("enterprise")],
];
const enterpriseSolutions: Rule<Agent>[] = [
  [3, spec("Enterprise Solutions")],
  [2, skill("Enterprise Solutions")],
  [1, spec("Software Solutions")],
];
const saasSales: Rule<Agent>[] = [
  [3, spec("SaaS Sales")],
  [2, both(skill("Technology/SaaS"), specWord("sales"))],
  [1, specWord("sales")],
];
const healthcarePartnerships: Rule<Agent>[] = [
  [3, spec("Healthcare Partnerships")],
  [1, spec("Medical Device Sales")],
  [1, spec("Retail Partnerships")],
];
const softwareSolutions: Rule<Agent>[] = [
  [3, spec("Software Solutions")],
  [1, spec("Enterprise Solutions")],
];
const fintechSales: Rule<Agent>[] = [
  [3, spec("Fintech Sales")],
  [1, spec("Financial Services Sales")],
];
const city = (c: string, rules: Rule<Agent>[]): Rule<Agent>[] =>
  rules.map(([g, t]) => [g, inCity(c, t)] as const);

/** Agent queries, searched as the demo business harbourtech (technology, Sydney). */
const agentQueries: [q: string, intent: string, rules: Rule<Agent>[]][] = [
  ["enterprise", "Enterprise Solutions specialists", enterprise],
  ["entreprise", "typo (transposition) of enterprise", enterprise],
  ["enterprize", "typo (substitution) of enterprise", enterprise],
  ["enterpr", "prefix of enterprise", enterprise],
  ["enterprise solutions", "the Enterprise Solutions specialization", enterpriseSolutions],
  ["entreprise solutons", "two typos, one per word", enterpriseSolutions],
  [
    "enterprise solutions melbourne",
    "Enterprise Solutions in Melbourne",
    city("melbourne", enterpriseSolutions),
  ],
  [
    "saas",
    "SaaS sellers",
    [
      [3, spec("SaaS Sales")],
      [2, skill("Technology/SaaS")],
      [1, bio("saas")],
    ],
  ],
  ["saas sales", "the SaaS Sales specialization", saasSales],
  ["saas sales melbourne", "SaaS Sales in Melbourne", city("melbourne", saasSales)],
  ["saas sales in sydney", "SaaS Sales in Sydney", city("sydney", saasSales)],
  ["healthcare partnerships", "the Healthcare Partnerships specialization", healthcarePartnerships],
  ["helthcare partnerships", "typo (deletion) in healthcare", healthcarePartnerships],
  [
    "healthcare partnerships in brisbane",
    "Healthcare Partnerships in Brisbane",
    city("brisbane", healthcarePartnerships),
  ],
  [
    "healthcare",
    "healthcare sellers",
    [
      [3, spec("Healthcare Partnerships")],
      [3, spec("Medical Device Sales")],
      [2, skill("Healthcare")],
      [1, bio("healthcare")],
    ],
  ],
  ["fintech sales", "the Fintech Sales specialization", fintechSales],
  ["fintehc sales", "typo (transposition) in fintech", fintechSales],
  [
    "financial services",
    "financial services sellers",
    [
      [3, spec("Financial Services Sales")],
      [2, spec("Fintech Sales")],
      [2, skill("Financial Services")],
    ],
  ],
  [
    "b2b sales",
    "the B2B Sales specialization",
    [
      [3, spec("B2B Sales")],
      [1, bio("b2b")],
    ],
  ],
  [
    "b2b sales perth",
    "B2B Sales in Perth",
    city("perth", [
      [3, spec("B2B Sales")],
      [1, specWord("sales")],
    ]),
  ],
  [
    "tech sales",
    "the Tech Sales specialization",
    [
      [3, spec("Tech Sales")],
      [1, both(skill("Technology/SaaS"), specWord("sales"))],
    ],
  ],
  ["software solutions", "the Software Solutions specialization", softwareSolutions],
  ["sofware solutions", "typo (deletion) in software", softwareSolutions],
  ["softwaer solutions", "typo (transposition) in software", softwareSolutions],
  [
    "medical device sales",
    "the Medical Device Sales specialization",
    [
      [3, spec("Medical Device Sales")],
      [1, spec("Healthcare Partnerships")],
    ],
  ],
  [
    "retail partnerships",
    "the Retail Partnerships specialization",
    [
      [3, spec("Retail Partnerships")],
      [1, spec("Ecommerce Growth")],
      [1, spec("Healthcare Partnerships")],
    ],
  ],
  [
    "ecommerce growth",
    "the Ecommerce Growth specialization",
    [
      [3, spec("Ecommerce Growth")],
      [1, spec("Retail Partnerships")],
    ],
  ],
  [
    "industrial sales",
    "the Industrial Sales specialization",
    [
      [3, spec("Industrial Sales")],
      [1, spec("Manufacturing Supply Sales")],
    ],
  ],
  [
    "manufacturing",
    "manufacturing sellers",
    [
      [3, spec("Manufacturing Supply Sales")],
      [2, skill("Manufacturing")],
      [1, bio("manufacturing")],
    ],
  ],
  ["channel sales", "the Channel Sales specialization", [[3, spec("Channel Sales")]]],
  ["field sales", "the Field Sales specialization", [[3, spec("Field Sales")]]],
  ["cold calling", "agents with the Cold Calling skill", [[3, skill("Cold Calling")]]],
  ["crm systems", "agents with the CRM Systems skill", [[3, skill("CRM Systems")]]],
  [
    "contract negotiation",
    "agents with the Contract Negotiation skill",
    [[3, skill("Contract Negotiation")]],
  ],
  [
    "consultative selling",
    "agents with the Consultative Selling skill",
    [[3, skill("Consultative Selling")]],
  ],
  ["mia chen", "the agent Mia Chen", [[3, named("mia chen")]]],
  ["mia chn", "Mia Chen with a short misspelt surname", [[3, named("mia chen")]]],
  ["fatima hadad", "typo (deletion) in the surname Haddad", [[3, named("fatima haddad")]]],
  [
    "fletcher fitzgerlad",
    "typo (transposition) in the surname Fitzgerald",
    [[3, named("fletcher fitzgerald")]],
  ],
  ["cooper nasser", "the agent Cooper Nasser", [[3, named("cooper nasser")]]],
  ["xqzvbnm", "nonsense: nothing", []],
  ["qwrtpsdf zxcvb", "nonsense: nothing", []],
];

const healthcareB: Rule<Business>[] = [
  [3, industry("healthcare")],
  [1, description("healthcare")],
];
const technologyB: Rule<Business>[] = [
  [3, industry("technology")],
  [1, description("technology")],
];
const manufacturingB: Rule<Business>[] = [
  [3, industry("manufacturing")],
  [1, description("manufacturing")],
];

/** Business queries, searched as the demo agent mia.chen (SaaS Sales, Sydney). */
const businessQueries: [q: string, intent: string, rules: Rule<Business>[]][] = [
  ["healthcare", "healthcare businesses", healthcareB],
  ["helthcare", "typo (deletion) of healthcare", healthcareB],
  ["healthcrae", "typo (transposition) of healthcare", healthcareB],
  ["technology", "technology businesses", technologyB],
  ["tecnology", "typo (deletion) of technology", technologyB],
  [
    "retail",
    "retail businesses",
    [
      [3, industry("retail")],
      [1, description("retail")],
    ],
  ],
  ["manufacturing", "manufacturing businesses", manufacturingB],
  ["manufacturng", "typo (deletion) of manufacturing", manufacturingB],
  [
    "finance",
    "finance businesses",
    [
      [3, industry("finance")],
      [1, description("finance")],
    ],
  ],
  ["harbour tech", "the company Harbour Tech", [[3, company("harbour tech")]]],
  ["harbor tech", "Harbour Tech, misspelt", [[3, company("harbour tech")]]],
  [
    "woolloongabba analytics",
    "the company Woolloongabba Analytics",
    [[3, company("woolloongabba analytics")]],
  ],
  ["wooloongabba analytics", "Woolloongabba Analytics, misspelt", [[3, company("woolloongabba analytics")]]],
  ["lyrebird surf", "the company Lyrebird Surf Co.", [[3, company("lyrebird surf co.")]]],
  ["healthcare sydney", "healthcare businesses in Sydney", [[3, inCity("sydney", industry("healthcare"))]]],
  [
    "technology in melbourne",
    "technology businesses in Melbourne",
    [[3, inCity("melbourne", industry("technology"))]],
  ],
  ["retail sydney", "retail businesses in Sydney", [[3, inCity("sydney", industry("retail"))]]],
  ["zzqqxv", "nonsense: nothing", []],
];

const grade = <P extends { name: string }>(profiles: P[], rules: Rule<P>[]) => {
  const judgements: Record<string, number> = {};
  for (const p of profiles) {
    const g = rules.find(([, test]) => test(p))?.[0];
    if (g && (judgements[p.name] ?? 0) < g) judgements[p.name] = g;
  }
  return judgements;
};

const t = await createTestApp();
try {
  await seedDemoData(t);
  const agents = (
    await sql<Agent>`select full_name as name, specialization, skills, coalesce(bio, '') as bio, location
      from agent_profiles`.execute(t.database.db)
  ).rows;
  const businesses = (
    await sql<Business>`select company_name as name, industry, coalesce(description, '') as description, location
      from business_profiles`.execute(t.database.db)
  ).rows;
  const queries = [
    ...agentQueries.map(([q, intent, rules]) => ({
      side: "agents",
      q,
      intent,
      judgements: grade(agents, rules),
    })),
    ...businessQueries.map(([q, intent, rules]) => ({
      side: "businesses",
      q,
      intent,
      judgements: grade(businesses, rules),
    })),
  ];
  for (const query of queries) {
    const grades = Object.values(query.judgements);
    console.log(
      `${query.side.padEnd(10)} ${query.q.padEnd(36)} 3:${grades.filter((g) => g === 3).length} 2:${grades.filter((g) => g === 2).length} 1:${grades.filter((g) => g === 1).length}`,
    );
  }
  const file = join(fileURLToPath(import.meta.url), "../judged-queries.json");
  writeFileSync(
    file,
    `${JSON.stringify({ seed: "demo data (services/api/src/main.ts)", queries }, null, 1)}\n`,
  );
  console.log(`wrote ${queries.length} queries to ${file}`);
} finally {
  await t.close();
}
