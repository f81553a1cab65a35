/**
 * The profile vocabularies: industries, sizes, locations (spec §3), search options and the
 * 40-skill catalogue in five categories of 8 (spec §9). Pure data.
 */

export const industries = [
  "technology",
  "finance",
  "healthcare",
  "retail",
  "manufacturing",
  "other",
] as const;
export type Industry = (typeof industries)[number];

export const businessSizes = ["startup", "small", "medium", "enterprise"] as const;
export type BusinessSize = (typeof businessSizes)[number];

/** Size labels (spec §5). */
export const businessSizeLabels: Record<BusinessSize, string> = {
  startup: "Startup (1-10)",
  small: "Small (11-50)",
  medium: "Medium (51-200)",
  enterprise: "Enterprise (201+ employees)",
};

export const locations = ["sydney", "melbourne", "brisbane", "perth", "remote", "other"] as const;
export type Location = (typeof locations)[number];

/** Specialization options of the Find Agents filter (spec §9). */
export const specializations = [
  "SaaS Sales",
  "Enterprise Solutions",
  "B2B Sales",
  "Tech Sales",
  "Software Solutions",
] as const;

/** Experience bands of the filter: value → inclusive year range (spec §9: 0-2, 3-5, 6-10, 10+). */
export const experienceBands = {
  "0-2": { min: 0, max: 2 },
  "3-5": { min: 3, max: 5 },
  "6-10": { min: 6, max: 10 },
  "10+": { min: 10, max: null },
} as const;
export type ExperienceBand = keyof typeof experienceBands;

/** Minimum-commission filter options, percent (spec §9). */
export const commissionOptions = [0, 5, 10, 15, 20] as const;

export const skillCategories = ["b2b", "industry", "communication", "technical", "personal"] as const;
export type SkillCategory = (typeof skillCategories)[number];

export interface Skill {
  readonly name: string;
  readonly emoji: string;
  readonly category: SkillCategory;
}

const category = (c: SkillCategory, entries: [string, string][]): Skill[] =>
  entries.map(([emoji, name]) => ({ emoji, name, category: c }));

/** The 40 skills (spec §9); agents pick at most `maxSkills`. Stored by name. */
export const skillCatalogue: readonly Skill[] = [
  ...category("b2b", [
    ["🤝", "Relationship Building"],
    ["📊", "Data Analysis"],
    ["📈", "Revenue Growth"],
    ["🗂️", "Account Management"],
    ["📱", "Social Selling"],
    ["💡", "Consultative Selling"],
    ["🏢", "Enterprise Solutions"],
    ["📝", "Contract Negotiation"],
  ]),
  ...category("industry", [
    ["💻", "Technology/SaaS"],
    ["🏥", "Healthcare"],
    ["🏦", "Financial Services"],
    ["🏭", "Manufacturing"],
    ["🛍️", "Retail"],
    ["🏗️", "Construction"],
    ["⚙️", "Engineering"],
    ["🏨", "Hospitality"],
  ]),
  ...category("communication", [
    ["📞", "Cold Calling"],
    ["📧", "Email Campaigns"],
    ["🎤", "Public Speaking"],
    ["📽️", "Presentations"],
    ["👂", "Active Listening"],
    ["🛡️", "Objection Handling"],
    ["🗣️", "Persuasive Communication"],
    ["🌏", "Multilingual"],
  ]),
  ...category("technical", [
    ["🧰", "CRM Systems"],
    ["📉", "Analytics Tools"],
    ["🔎", "Market Research"],
    ["📐", "Data Visualization"],
    ["🤖", "AI Sales Tools"],
    ["📣", "Social Media Platforms"],
    ["⚖️", "Compliance Knowledge"],
    ["🗃️", "Documentation Management"],
  ]),
  ...category("personal", [
    ["⏱️", "Time Management"],
    ["🎯", "Goal-Oriented"],
    ["🔄", "Adaptability"],
    ["🚀", "Self-Motivation"],
    ["🧩", "Problem Solving"],
    ["💪", "Resilience"],
    ["🤹", "Multitasking"],
    ["🔍", "Attention to Detail"],
  ]),
];

export const skillNames: readonly string[] = skillCatalogue.map((s) => s.name);
export const maxSkills = 10;

/** The industry skill that matches a business industry (none for "other"). */
export const industrySkill: Record<Industry, string | null> = {
  technology: "Technology/SaaS",
  finance: "Financial Services",
  healthcare: "Healthcare",
  retail: "Retail",
  manufacturing: "Manufacturing",
  other: null,
};

/** Words in a specialization that signal fit with an industry (case-insensitive, whole words). */
export const industrySpecializationWords: Record<Industry, readonly string[]> = {
  technology: ["saas", "tech", "software", "technology", "it", "cloud"],
  finance: ["finance", "financial", "fintech", "banking", "insurance"],
  healthcare: ["health", "healthcare", "medical", "pharma", "aged"],
  retail: ["retail", "ecommerce", "consumer", "fmcg"],
  manufacturing: ["manufacturing", "industrial", "engineering", "supply"],
  other: [],
};

/** Display name of a location ("sydney" → "Sydney"). */
export const locationLabel = (location: string) =>
  location === "remote" ? "Remote" : location.charAt(0).toUpperCase() + location.slice(1);
