/**
 * The words of the generated marketplace: curated pools of Australian people's and companies'
 * names, suburbs, products and customers per industry, and sentences per specialisation, which
 * seed/marketplace.ts combines with a seeded PRNG into profiles that read like real ones. Every
 * company is fictional; any likeness to a real business is chance. Pure data and pure functions.
 */
import type { Industry, Location } from "@closr/core/profiles";

/** Picks one element: the caller's seeded PRNG (faker.helpers.arrayElement). */
export type Pick = <T>(items: readonly T[]) => T;

/** First names (no Mia: the demo's Mia Chen is the only one, so "mia" finds her alone). */
export const firstNames = [
  "Olivia",
  "Charlotte",
  "Amelia",
  "Isla",
  "Freya",
  "Ava",
  "Grace",
  "Chloe",
  "Sophie",
  "Zoe",
  "Matilda",
  "Ruby",
  "Emily",
  "Hannah",
  "Georgia",
  "Lucy",
  "Sienna",
  "Harriet",
  "Evie",
  "Ella",
  "Priya",
  "Ananya",
  "Mei",
  "Linh",
  "Yuki",
  "Sofia",
  "Elena",
  "Fatima",
  "Leila",
  "Aroha",
  "Jack",
  "Oliver",
  "William",
  "Noah",
  "Thomas",
  "James",
  "Lachlan",
  "Henry",
  "Charlie",
  "Liam",
  "Cooper",
  "Hamish",
  "Angus",
  "Riley",
  "Harrison",
  "Lucas",
  "Archie",
  "Max",
  "Fletcher",
  "Declan",
  "Arjun",
  "Rohan",
  "Wei",
  "Minh",
  "Hiroshi",
  "Marco",
  "Nikos",
  "Omar",
  "Karim",
  "Tane",
  "Daniel",
  "Sarah",
  "Michael",
  "Rebecca",
  "David",
  "Jessica",
  "Andrew",
  "Kate",
  "Ben",
  "Laura",
] as const;

export const lastNames = [
  "Smith",
  "Jones",
  "Williams",
  "Brown",
  "Wilson",
  "Taylor",
  "Johnson",
  "White",
  "Martin",
  "Anderson",
  "Thompson",
  "Walker",
  "Harris",
  "Ryan",
  "Kelly",
  "O'Brien",
  "Murphy",
  "Campbell",
  "Mitchell",
  "Fraser",
  "Stewart",
  "Robertson",
  "McDonald",
  "Hughes",
  "Edwards",
  "Clarke",
  "Bennett",
  "Fitzgerald",
  "Doyle",
  "Gallagher",
  "Nguyen",
  "Tran",
  "Le",
  "Pham",
  "Chen",
  "Wang",
  "Li",
  "Zhang",
  "Liu",
  "Huang",
  "Patel",
  "Singh",
  "Sharma",
  "Kaur",
  "Gupta",
  "Rossi",
  "Russo",
  "Romano",
  "Costa",
  "Ferrari",
  "Papadopoulos",
  "Georgiou",
  "Nikolaidis",
  "Haddad",
  "Khoury",
  "Nasser",
  "Kim",
  "Park",
  "Tanaka",
  "Sato",
  "Becker",
  "Schmidt",
  "Novak",
  "Kowalski",
  "Jensen",
  "Larsen",
  "Morgan",
  "Hayes",
  "Sullivan",
  "Barnes",
] as const;

/** Suburbs and towns a company may be named after, by its location. */
const places: Record<Location, readonly string[]> = {
  sydney: [
    "Parramatta",
    "Chatswood",
    "Surry Hills",
    "Alexandria",
    "Marrickville",
    "Manly",
    "Newtown",
    "Penrith",
    "Ryde",
    "Balmain",
    "Bondi",
    "Mosman",
    "Hornsby",
    "Liverpool",
    "Cronulla",
    "Botany",
  ],
  melbourne: [
    "Richmond",
    "Fitzroy",
    "Brunswick",
    "Collingwood",
    "Dandenong",
    "Southbank",
    "Carlton",
    "Footscray",
    "Hawthorn",
    "St Kilda",
    "Box Hill",
    "Williamstown",
    "Prahran",
    "Geelong",
  ],
  brisbane: [
    "Fortitude Valley",
    "Woolloongabba",
    "Toowong",
    "Ipswich",
    "Redcliffe",
    "Indooroopilly",
    "Newstead",
    "Bulimba",
    "Logan",
    "Sunnybank",
    "Kangaroo Point",
    "Moreton Bay",
  ],
  perth: [
    "Fremantle",
    "Subiaco",
    "Joondalup",
    "Osborne Park",
    "Cottesloe",
    "Midland",
    "Rockingham",
    "Leederville",
  ],
  remote: ["Southern Cross", "Great Southern", "Tasman", "Coral Coast", "Outback", "Twin Rivers"],
  other: [
    "Hobart",
    "Darwin",
    "Cairns",
    "Townsville",
    "Ballarat",
    "Wollongong",
    "Newcastle",
    "Toowoomba",
    "Bendigo",
    "Launceston",
    "Albury",
    "Orange",
    "Mildura",
    "Bunbury",
    "Byron",
    "Gladstone",
  ],
};

/** Words of the bush and the coast, for names that are not a place. */
const natureWords = [
  "Ironbark",
  "Banksia",
  "Wattle",
  "Blue Gum",
  "Coolabah",
  "Jacaranda",
  "Kookaburra",
  "Redgum",
  "Saltbush",
  "Bottlebrush",
  "Lyrebird",
  "Spinifex",
  "Sandstone",
  "Eastern Reef",
  "Wombat",
  "Magpie",
  "Silver Wattle",
  "Bluewater",
  "Red Centre",
  "Waratah",
];

/**
 * What a company of an industry is, after its first word ("Parramatta" + "Medical Supplies"), and
 * what such a company does (a sentence's predicate, verb first).
 */
const companyKinds: Record<Industry, readonly (readonly [noun: string, does: readonly string[]])[]> = {
  technology: [
    [
      "Software",
      ["builds rostering software for hospitality groups", "makes job management software for tradies"],
    ],
    [
      "Cloud",
      [
        "runs cloud accounting integrations for small firms",
        "hosts practice software for allied health clinics",
      ],
    ],
    [
      "Data Systems",
      ["builds fleet tracking for transport operators", "makes inventory software for independent retailers"],
    ],
    [
      "Digital",
      ["builds booking platforms for clinics and salons", "runs online ordering for cafes and restaurants"],
    ],
    ["Analytics", ["turns sales and stock data into weekly dashboards for retailers"]],
    ["IT Solutions", ["provides managed IT and cyber security for professional services firms"]],
    ["Networks", ["installs and supports business networks and NBN connections"]],
  ],
  finance: [
    [
      "Financial Services",
      ["arranges business lending for growing SMEs", "provides invoice finance for wholesalers"],
    ],
    ["Insurance Brokers", ["places commercial insurance for trades and construction"]],
    ["Accounting", ["provides bookkeeping, payroll and BAS services for sole traders and small firms"]],
    ["Payments", ["provides card payments and EFTPOS for cafes and retailers"]],
    ["Capital", ["provides equipment finance for farms and contractors"]],
    ["Super Advisers", ["advises small businesses on superannuation and staff benefits"]],
  ],
  healthcare: [
    [
      "Medical Supplies",
      ["supplies consumables and equipment to GP clinics", "distributes wound care products to hospitals"],
    ],
    ["Aged Care", ["provides in-home aged care services", "runs residential aged care homes"]],
    ["Physiotherapy", ["runs workplace physiotherapy and injury prevention programs"]],
    [
      "Diagnostics",
      ["provides diagnostic imaging for regional hospitals", "runs pathology collection centres"],
    ],
    [
      "Dental Group",
      ["runs a network of dental practices", "supplies dental practices with equipment and consumables"],
    ],
    [
      "Allied Health",
      ["provides NDIS and allied health services", "runs speech and occupational therapy clinics"],
    ],
  ],
  retail: [
    ["Coffee Roasters", ["roasts coffee for cafes and offices"]],
    ["Pet Supplies", ["makes premium pet food sold through independent stores"]],
    ["Outdoor Co.", ["sells outdoor and camping gear online and in store"]],
    ["Homewares", ["sells Australian-made homewares to stores and online shoppers"]],
    ["Wine Merchants", ["sells wines from small South Australian vineyards"]],
    ["Cycles", ["sells and services e-bikes"]],
    ["Surf Co.", ["designs boardshorts and wetsuits sold through surf shops"]],
  ],
  manufacturing: [
    ["Engineering", ["machines precision parts for mining equipment", "builds commercial kitchen equipment"]],
    ["Fabrication", ["fabricates custom steelwork for builders"]],
    ["Packaging", ["makes recyclable food packaging"]],
    ["Steel", ["supplies structural steel to builders and developers"]],
    ["Timber Products", ["makes engineered timber for residential builds"]],
    ["Foods", ["makes private-label snack foods for supermarkets"]],
  ],
  other: [
    ["Solar", ["installs rooftop solar and batteries for commercial sites"]],
    ["Logistics", ["runs same-day freight across the metro area"]],
    ["Cleaning Services", ["cleans offices, schools and medical centres"]],
    ["Events", ["runs corporate events and conferences"]],
    ["Training", ["runs first aid and workplace safety training"]],
    ["Recruitment", ["places temporary staff in warehouses and distribution centres"]],
  ],
};

/** What a company is (its name's last words) and what it does, for that industry. */
export interface CompanyKind {
  readonly noun: string;
  readonly does: string;
}

/** A company kind of that industry, with one of the things such a company does. */
export function companyKind(pick: Pick, industry: Industry): CompanyKind {
  const [noun, does] = pick(companyKinds[industry]);
  return { noun, does: pick(does) };
}

/** A company name for that kind and location: a place or a word of the bush, then what it is. */
export function companyName(pick: Pick, kind: CompanyKind, location: Location): string {
  const first = pick([0, 1, 2]) < 2 ? pick(places[location]) : pick(natureWords);
  return `${first} ${kind.noun}`;
}

const customers: Record<Industry, readonly string[]> = {
  technology: ["operations managers", "practice owners", "multi-site businesses", "finance teams"],
  finance: ["business owners", "accountants and their clients", "trade businesses", "farming families"],
  healthcare: [
    "practice managers",
    "hospital procurement teams",
    "aged care providers",
    "HR and safety managers",
  ],
  retail: ["independent stores", "cafe owners", "online shoppers", "corporate gifting buyers"],
  manufacturing: ["builders and developers", "food producers", "mining contractors", "facility managers"],
  other: ["facility managers", "school business managers", "warehouse operators", "event planners"],
};

const cityPhrase: Record<Location, string> = {
  sydney: "across Sydney and the Central Coast",
  melbourne: "across Melbourne and regional Victoria",
  brisbane: "across Brisbane, the Gold Coast and the Sunshine Coast",
  perth: "across Perth and the South West",
  remote: "to customers Australia-wide",
  other: "across regional Australia",
};

const agentAsks = [
  "We're looking for agents who already know {customers} and can open doors for us.",
  "We want commission-based agents with a network among {customers}.",
  "We need a few experienced agents to grow our pipeline with {customers}.",
  "Agents with a book of {customers} will find warm leads and a short sales cycle here.",
];

const companyTerms = [
  "Commission is paid monthly on cash received, with a bonus for new accounts.",
  "We pay commission within 14 days of the customer's first invoice.",
  "Recurring commission for as long as the customer stays with us.",
  "Leads, samples and demo accounts are provided; you bring the relationships.",
  "A 90-day trial partnership, then a longer agreement for agents who perform.",
];

const sizeLines = {
  startup: "A small team that moves quickly and answers the same day.",
  small: "A family-owned business with a loyal customer base.",
  medium: "An established team of around a hundred people.",
  enterprise: "One of the larger players in our category, with national accounts.",
} as const;

/** A business's description: what it sells, to whom, where; what it wants from agents; its terms. */
export function businessDescription(
  pick: Pick,
  name: string,
  kind: CompanyKind,
  industry: Industry,
  location: Location,
  size: keyof typeof sizeLines,
): string {
  const who = pick(customers[industry]);
  return [
    `${name} ${kind.does} ${cityPhrase[location]}.`,
    sizeLines[size],
    pick(agentAsks).replace("{customers}", who),
    pick(companyTerms),
  ].join(" ");
}

/** What an agent of a specialisation sells, and to whom (the bio's first sentence). */
const specialisationLines: Record<string, readonly string[]> = {
  "SaaS Sales": [
    "selling SaaS subscriptions to mid-market teams",
    "closing SaaS deals from first demo to signed order form",
    "growing recurring revenue for B2B software vendors",
  ],
  "Enterprise Solutions": [
    "selling enterprise solutions to ASX 200 and government buyers",
    "running long enterprise sales cycles with procurement and IT",
    "bringing enterprise solutions to large multi-site organisations",
  ],
  "B2B Sales": [
    "B2B sales to owner-operated businesses",
    "building B2B pipelines through referrals and events",
    "selling B2B services to operations and finance managers",
  ],
  "Tech Sales": [
    "tech sales for hardware and managed services",
    "selling technology to schools, councils and clinics",
    "tech sales across networks, devices and support contracts",
  ],
  "Software Solutions": [
    "selling software solutions to trades and field-service businesses",
    "matching software solutions to what a business actually needs",
    "software solutions sales into professional services firms",
  ],
  "Medical Device Sales": [
    "medical device sales to hospitals and day surgeries",
    "selling clinical equipment to GP and specialist practices",
  ],
  "Healthcare Partnerships": [
    "building healthcare partnerships with clinics and aged care groups",
    "healthcare partnerships between suppliers and practice networks",
  ],
  "Financial Services Sales": [
    "financial services sales to business owners and their accountants",
    "selling insurance and lending products through broker networks",
  ],
  "Fintech Sales": [
    "fintech sales of payments and lending platforms",
    "selling payments technology to retailers and hospitality groups",
  ],
  "Retail Partnerships": [
    "retail partnerships with independent and chain stores",
    "getting new products ranged with retail buyers",
  ],
  "Ecommerce Growth": [
    "ecommerce growth for consumer brands",
    "growing online sales for retailers moving beyond marketplaces",
  ],
  "Industrial Sales": [
    "industrial sales to mining and construction contractors",
    "selling equipment and consumables to industrial sites",
  ],
  "Manufacturing Supply Sales": [
    "manufacturing supply sales to food and packaging producers",
    "selling components and materials to manufacturers",
  ],
  "Channel Sales": [
    "channel sales through resellers and distributors",
    "recruiting and managing reseller partners",
  ],
  "Field Sales": [
    "field sales, face to face, across metro and regional territories",
    "door-to-door business sales and territory management",
  ],
};

const strengths = [
  "Known for thorough discovery and proposals that answer the buyer's real question.",
  "Keeps a clean CRM and reports pipeline weekly, so there are no surprises at month end.",
  "Comfortable presenting to boards and to the person who will use the product every day.",
  "Strong at turning cold outreach into first meetings: phone first, email second.",
  "Works well with technical teams and can run a demo without a sales engineer.",
  "Builds long relationships; many clients have followed from one role to the next.",
  "Negotiates firmly on price and terms without losing the relationship.",
  "Good at finding the one champion inside a buyer who will carry the deal.",
];

const styles = [
  "Happy to work on commission only for the right product.",
  "Prefers partnerships with a base retainer and a clear commission plan.",
  "Takes on two or three partners at a time to give each one real attention.",
  "Looking for products that solve a genuine problem for small business.",
  "Available for regular travel within the state.",
  "Open to residual commission on recurring revenue.",
];

const backgrounds = [
  "hospitality",
  "recruitment",
  "customer success",
  "teaching",
  "real estate",
  "retail management",
];

/** An agent's bio: what they sell and for how long, where, a strength, how they like to work. */
export function agentBio(
  pick: Pick,
  specialisation: string,
  years: number,
  location: Location,
  previousEmployer: string,
): string {
  const what = pick(specialisationLines[specialisation] ?? specialisationLines["B2B Sales"]!);
  const where = location === "remote" ? "working remotely with clients Australia-wide" : cityPhrase[location];
  const opening =
    years === 0
      ? `New to commission sales after several years in ${pick(backgrounds)}; now focused on ${what}, ${where}.`
      : `${years === 1 ? "One year" : `${years} years`} of ${what}, ${where}.`;
  const history = years >= 3 ? `Previously in the sales team at ${previousEmployer}.` : "";
  return [opening, pick(strengths), history, pick(styles)].filter(Boolean).join(" ");
}

/** An Australian phone number for a business in that location ("02 9xxx xxxx", "1300 xxx xxx"). */
export function phoneNumber(digits: (n: number) => string, location: Location): string {
  const area: Record<Location, string> = {
    sydney: "02 9",
    melbourne: "03 9",
    brisbane: "07 3",
    perth: "08 9",
    remote: "1300",
    other: "02 6",
  };
  if (location === "remote") return `1300 ${digits(3)} ${digits(3)}`;
  return `${area[location]}${digits(3)} ${digits(4)}`;
}
