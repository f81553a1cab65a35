/**
 * Smart matching (landing page promise: "matching by industry, experience and skills").
 * Pure scores 0–100 with their top reasons. The adapter ranks with the same arithmetic in SQL
 * (adapters/src/postgres/repositories/profiles-sql.ts); a parity test keeps the two equal.
 *
 * Agent for a business (max 100):
 *   industry skill 30 — the agent lists the skill of the business's industry (catalogue.industrySkill)
 *   specialization 10 — the specialization has a word of the industry (industrySpecializationWords)
 *   location       20 — same location; 10 when the agent works remotely
 *   experience     20 — floor(min(years, 15) × 4 / 3)
 *   commission     10 — minimum rate ≤ 10 %: 10; ≤ 15 %: 6; ≤ 20 %: 3
 *   verified        7 — the agent's account is verified
 *   featured        3 — featured listing (Agent Pro)
 * Business for an agent (max 100):
 *   industry skill 35, specialization 15 (as above, from the agent's side)
 *   location       25 — same location; 15 when either side is remote
 *   size fit       10 — 6+ years with a medium/enterprise business, or under 6 with startup/small; else 4
 *   verified       10 — the business's account is verified
 *   description     5 — the business describes itself
 */
import { type Industry, industrySkill, industrySpecializationWords, locationLabel } from "./catalogue.ts";
import type { AgentProfile, BusinessProfile, Match } from "./model.ts";

/** Lower-case words of a specialization, as the SQL mirror splits them. */
export const specializationWords = (specialization: string) =>
  specialization
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

const fitsIndustry = (specialization: string, industry: Industry) => {
  const words = new Set(specializationWords(specialization));
  return industrySpecializationWords[industry].some((w) => words.has(w));
};

const topReasons = (parts: { points: number; reason: string }[]): Match => ({
  score: parts.reduce((sum, p) => sum + p.points, 0),
  reasons: parts
    .filter((p) => p.points > 0 && p.reason)
    .sort((a, b) => b.points - a.points)
    .slice(0, 3)
    .map((p) => p.reason),
});

export const experiencePoints = (years: number) => Math.floor((Math.min(years, 15) * 4) / 3);

export const commissionPoints = (rate: number) => (rate <= 10 ? 10 : rate <= 15 ? 6 : rate <= 20 ? 3 : 0);

/** How well an agent fits a business. */
export function matchAgentForBusiness(business: BusinessProfile, agent: AgentProfile): Match {
  const skill = industrySkill[business.industry];
  const sameCity = agent.location === business.location;
  return topReasons([
    { points: skill && agent.skills.includes(skill) ? 30 : 0, reason: `${skill} skills` },
    {
      points: fitsIndustry(agent.specialization, business.industry) ? 10 : 0,
      reason: `${agent.specialization} specialist`,
    },
    {
      points: sameCity ? 20 : agent.location === "remote" ? 10 : 0,
      reason: sameCity ? (agent.location === "remote" ? "Works remotely" : "Same city") : "Works remotely",
    },
    {
      points: experiencePoints(agent.yearsOfExperience),
      reason: agent.yearsOfExperience >= 3 ? `${agent.yearsOfExperience} yrs experience` : "",
    },
    {
      points: commissionPoints(agent.minimumCommissionRate),
      reason: `Asks ${agent.minimumCommissionRate}% commission`,
    },
    { points: agent.owner.verificationStatus === "verified" ? 7 : 0, reason: "Verified" },
    { points: agent.featured ? 3 : 0, reason: "Featured" },
  ]);
}

export const sizeFitPoints = (years: number, size: BusinessProfile["size"]) =>
  years >= 6 === (size === "medium" || size === "enterprise") ? 10 : 4;

/** How well a business fits an agent. */
export function matchBusinessForAgent(agent: AgentProfile, business: BusinessProfile): Match {
  const skill = industrySkill[business.industry];
  const sameCity = agent.location === business.location;
  const eitherRemote = agent.location === "remote" || business.location === "remote";
  return topReasons([
    { points: skill && agent.skills.includes(skill) ? 35 : 0, reason: `Needs your ${skill} skills` },
    {
      points: fitsIndustry(agent.specialization, business.industry) ? 15 : 0,
      reason: `Fits ${agent.specialization}`,
    },
    {
      points: sameCity ? 25 : eitherRemote ? 15 : 0,
      reason:
        sameCity && business.location !== "remote"
          ? `Also in ${locationLabel(business.location)}`
          : "Remote-friendly",
    },
    { points: sizeFitPoints(agent.yearsOfExperience, business.size), reason: "" },
    { points: business.owner.verificationStatus === "verified" ? 10 : 0, reason: "Verified business" },
    { points: business.description ? 5 : 0, reason: "" },
  ]);
}
