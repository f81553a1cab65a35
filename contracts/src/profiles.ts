/**
 * Profile and discovery schemas: spec §3 (business_profiles, agent_profiles), §5 (validation
 * messages), §7 (calls), §9 (lists and search options). The enumerations mirror core's
 * catalogue (core/src/profiles/catalogue.ts); a service test keeps them equal.
 */
import { z } from "@hono/zod-openapi";
import { IdParam, paging } from "./common.ts";
import { VerificationStatus } from "./identity.ts";
import { withHttps } from "./site/web-address.ts";

export const Industry = z
  .enum(["technology", "finance", "healthcare", "retail", "manufacturing", "other"], {
    error: "Choose an industry from the list",
  })
  .openapi("Industry");
export const BusinessSize = z
  .enum(["startup", "small", "medium", "enterprise"], { error: "Choose a company size from the list" })
  .openapi("BusinessSize");
export const Location = z
  .enum(["sydney", "melbourne", "brisbane", "perth", "remote", "other"], {
    error: "Choose a location from the list",
  })
  .openapi("Location");
export const ExperienceBand = z
  .enum(["0-2", "3-5", "6-10", "10+"], { error: "Experience must be one of 0-2, 3-5, 6-10, 10+" })
  .openapi("ExperienceBand");

export const ProfileOwner = z
  .object({
    id: z.number().int(),
    username: z.string(),
    verificationStatus: VerificationStatus,
    verifiedBadge: z.boolean().openapi({
      description:
        "Show the Verified badge: verified AND the user's plan grants the badge (Professional, Enterprise, Agent Pro; ADR 0042).",
    }),
  })
  .openapi("ProfileOwner", { description: "The profile's user (public fields only)." });

export const Match = z
  .object({
    score: z.number().int().min(0).max(100),
    reasons: z.array(z.string()).openapi({ example: ["Same city", "Healthcare skills", "8 yrs experience"] }),
  })
  .openapi("Match", {
    description: "How well this profile fits the viewer's own profile (core/src/profiles/match.ts).",
  });

export const RatingSummary = z
  .object({
    average: z
      .number()
      .nullable()
      .openapi({ description: "Mean of public ratings, 1 decimal; null with none." }),
    count: z.number().int(),
  })
  .openapi("RatingSummary", { description: "The owner's public reviews (ADR 0013)." });

const timestamps = {
  createdAt: z.string().openapi({ format: "date-time" }),
  updatedAt: z.string().openapi({ format: "date-time" }),
};

export const BusinessProfile = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    companyName: z.string(),
    industry: Industry,
    size: BusinessSize,
    description: z.string().nullable(),
    location: Location,
    logo: z.string().nullable(),
    website: z.string().nullable(),
    contactEmail: z.string().nullable(),
    contactPhone: z.string().nullable(),
    ...timestamps,
    user: ProfileOwner,
    rating: RatingSummary,
    match: Match.optional(),
  })
  .openapi("BusinessProfile");
export type BusinessProfile = z.infer<typeof BusinessProfile>;

export const AgentProfile = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    fullName: z.string(),
    specialization: z.string(),
    yearsOfExperience: z.number().int(),
    bio: z.string().nullable(),
    location: Location,
    photo: z.string().nullable(),
    linkedinProfile: z.string().nullable(),
    minimumCommissionRate: z.number().int(),
    skills: z.array(z.string()),
    featured: z.boolean(),
    ...timestamps,
    user: ProfileOwner,
    rating: RatingSummary,
    match: Match.optional(),
  })
  .openapi("AgentProfile");
export type AgentProfile = z.infer<typeof AgentProfile>;

const page = <T extends z.ZodTypeAny>(item: T, name: string) =>
  z
    .object({
      items: z.array(item),
      total: z.number().int().openapi({ description: "Matches, counted up to 1000." }),
      totalCapped: z.boolean().openapi({ description: "True when more than `total` (1000) profiles match." }),
      page: z.number().int(),
      pageSize: z.number().int(),
    })
    .openapi(name);

export const BusinessProfilePage = page(BusinessProfile, "BusinessProfilePage");
export const AgentProfilePage = page(AgentProfile, "AgentProfilePage");

// ---- inputs -----------------------------------------------------------------------------

const required = (label: string, message = `${label} is required`) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? message : `${label} must be text`,
});

/** Optional free text: "" and null become null. */
const optionalText = (max: number, label: string) =>
  z
    .string(required(label))
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullable()
    .optional()
    .transform((v) => (v === "" || v === undefined ? (v === undefined ? undefined : null) : v));

/** Optional URL: "" clears it (spec §5: "a valid URL or empty"). */
const optionalUrl = (message: string) =>
  z
    .union(
      [
        z.literal(""),
        z.null(),
        z.url({ protocol: /^https?$/, error: message }).max(2000, { error: message }),
      ],
      {
        error: message,
      },
    )
    .optional()
    .transform((v) => (v === "" ? null : v));

/**
 * Optional web address as people type it (issue 46): a bare domain ("coastalplumbing.com.au") is
 * stored as "https://coastalplumbing.com.au" (withHttps, before the URL check; the profile forms
 * do the same); then as optionalUrl: "" or blanks clear it, anything but http(s) is refused.
 */
const optionalWebAddress = (message: string) =>
  z
    .union([z.literal(""), z.null(), z.string().max(2000, { error: message })], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === "") return v === "" ? null : v;
      const address = withHttps(v);
      if (address === "") return null;
      if (address.length > 2000 || !webAddress.safeParse(address).success) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return address;
    })
    .openapi({
      description:
        "A web address (http or https, at most 2000 characters). A bare domain such as coastalplumbing.com.au is stored as https://coastalplumbing.com.au; an empty string or null clears it.",
    });

const webAddress = z.url({ protocol: /^https?$/ });

const optionalEmail = z
  .union([z.literal(""), z.null(), z.email({ error: "Please enter a valid email" }).max(254)], {
    error: "Please enter a valid email",
  })
  .optional()
  .transform((v) => (v === "" ? null : v));

const userIdField = z
  .number()
  .int()
  .optional()
  .openapi({ description: "Accepted for compatibility (spec §7); must be the caller's own id." });

const businessFields = {
  companyName: z
    .string(required("Company name", "Company name must be at least 2 characters"))
    .trim()
    .min(2, { error: "Company name must be at least 2 characters" })
    .max(200, { error: "Company name must be at most 200 characters" }),
  industry: Industry,
  size: BusinessSize,
  description: optionalText(5000, "Description"),
  location: Location,
  logo: optionalUrl("Please enter a valid URL"),
  website: optionalWebAddress("Please enter a valid URL"),
  contactEmail: optionalEmail,
  contactPhone: optionalText(30, "Contact phone"),
};

export const CreateBusinessProfileRequest = z
  .strictObject({
    ...businessFields,
    industry: Industry.default("technology"),
    size: BusinessSize.default("small"),
    location: Location.default("sydney"),
    userId: userIdField,
  })
  .openapi("CreateBusinessProfileRequest");
export type CreateBusinessProfileRequest = z.input<typeof CreateBusinessProfileRequest>;

export const UpdateBusinessProfileRequest = z
  .strictObject({
    companyName: businessFields.companyName.optional(),
    industry: Industry.optional(),
    size: BusinessSize.optional(),
    description: businessFields.description,
    location: Location.optional(),
    logo: businessFields.logo,
    website: businessFields.website,
    contactEmail: businessFields.contactEmail,
    contactPhone: businessFields.contactPhone,
  })
  .openapi("UpdateBusinessProfileRequest");
export type UpdateBusinessProfileRequest = z.input<typeof UpdateBusinessProfileRequest>;

const agentFields = {
  fullName: z
    .string(required("Full name", "Full name must be at least 2 characters"))
    .trim()
    .min(2, { error: "Full name must be at least 2 characters" })
    .max(200, { error: "Full name must be at most 200 characters" }),
  specialization: z
    .string(required("Specialisation", "Specialisation is required"))
    .trim()
    .min(2, { error: "Specialisation is required" })
    .max(200, { error: "Specialisation must be at most 200 characters" }),
  yearsOfExperience: z
    .number({ error: "Years of experience must be a positive number" })
    .int({ error: "Years of experience must be a whole number" })
    .min(0, { error: "Years of experience must be a positive number" })
    .max(80, { error: "Years of experience must be at most 80" }),
  bio: optionalText(5000, "Bio"),
  location: Location,
  photo: optionalUrl("Please enter a valid URL"),
  linkedinProfile: optionalWebAddress("Please enter a valid URL"),
  minimumCommissionRate: z
    .number({ error: "Minimum commission must be a number from 0 to 100" })
    .int({ error: "Minimum commission must be a whole number" })
    .min(0, { error: "Minimum commission must be a number from 0 to 100" })
    .max(100, { error: "Minimum commission must be a number from 0 to 100" }),
  skills: z
    .array(z.string().max(100), { error: "Skills must be a list" })
    .max(10, { error: "Choose at most 10 skills" }),
};

export const CreateAgentProfileRequest = z
  .strictObject({
    ...agentFields,
    location: Location.default("sydney"),
    minimumCommissionRate: agentFields.minimumCommissionRate.default(10),
    skills: agentFields.skills.default([]),
    userId: userIdField,
  })
  .openapi("CreateAgentProfileRequest");
export type CreateAgentProfileRequest = z.input<typeof CreateAgentProfileRequest>;

export const UpdateAgentProfileRequest = z
  .strictObject({
    fullName: agentFields.fullName.optional(),
    specialization: agentFields.specialization.optional(),
    yearsOfExperience: agentFields.yearsOfExperience.optional(),
    bio: agentFields.bio,
    location: Location.optional(),
    photo: agentFields.photo,
    linkedinProfile: agentFields.linkedinProfile,
    minimumCommissionRate: agentFields.minimumCommissionRate.optional(),
    skills: agentFields.skills.optional(),
  })
  .openapi("UpdateAgentProfileRequest");
export type UpdateAgentProfileRequest = z.input<typeof UpdateAgentProfileRequest>;

// ---- search queries ------------------------------------------------------------------------

const searchPaging = paging(100, 12);
const keyword = z
  .string()
  .max(200, { error: "Keyword must be at most 200 characters" })
  .optional()
  .openapi({ param: { name: "q", in: "query" }, description: "Keywords; each word matches as a prefix." });
const verified = z
  .enum(["true", "false"], { error: "verified must be true or false" })
  .optional()
  .openapi({ param: { name: "verified", in: "query" }, description: "true: verified accounts only." });

export const AgentSearchQuery = z.object({
  q: keyword,
  specialization: z.string().max(200, { error: "Specialisation must be at most 200 characters" }).optional(),
  location: Location.optional(),
  // The band's description on the parameter, so its schema stays a plain $ref (issue 49: no allOf).
  experience: ExperienceBand.optional().openapi({
    param: { description: "Years band: 0-2, 3-5, 6-10, 10+." },
  }),
  minimumCommissionRate: z.coerce
    .number({ error: "minimumCommissionRate must be a whole number from 0 to 100" })
    .int({ error: "minimumCommissionRate must be a whole number from 0 to 100" })
    .min(0, { error: "minimumCommissionRate must be a whole number from 0 to 100" })
    .max(100, { error: "minimumCommissionRate must be a whole number from 0 to 100" })
    .optional()
    .openapi({ description: "Agents whose minimum commission rate is at least this percent; 0 means any." }),
  verified,
  sort: z
    .enum(["match", "newest", "experience", "rating"], {
      error: "sort must be match, newest, experience or rating",
    })
    .default("match")
    .openapi({
      description:
        "match (default: with keywords, exact words before corrected typos, then text relevance by field, then match score and reputation; without, match score then reputation; newest when the caller has no profile and no keywords), newest, experience, rating (Bayesian average).",
    }),
  ...searchPaging,
});

export const BusinessSearchQuery = z.object({
  q: keyword,
  industry: Industry.optional(),
  size: BusinessSize.optional(),
  location: Location.optional(),
  verified,
  minimumRating: z.coerce
    .number({ error: "minimumRating must be a whole number from 0 to 5" })
    .int({ error: "minimumRating must be a whole number from 0 to 5" })
    .min(0, { error: "minimumRating must be a whole number from 0 to 5" })
    .max(5, { error: "minimumRating must be a whole number from 0 to 5" })
    .optional()
    .openapi({ description: "Businesses whose average rating is at least this (3, 4, 5); 0 means any." }),
  sort: z
    .enum(["match", "newest", "rating"], { error: "sort must be match, newest or rating" })
    .default("match")
    .openapi({
      description:
        "match (default; as for agents), newest or rating (Bayesian average; newest when the caller has no profile and no keywords).",
    }),
  ...searchPaging,
});

export const ProfileId = IdParam;

// ---- catalogue -------------------------------------------------------------------------------

export const Skill = z
  .object({
    name: z.string(),
    emoji: z.string(),
    category: z.enum(["b2b", "industry", "communication", "technical", "personal"]),
  })
  .openapi("Skill");

export const Catalogue = z
  .object({
    industries: z.array(Industry),
    sizes: z.array(z.object({ value: BusinessSize, label: z.string() })),
    locations: z.array(Location),
    specializations: z.array(z.string()),
    experienceBands: z.array(ExperienceBand),
    commissionOptions: z.array(z.number().int()),
    skills: z.array(Skill),
    maxSkills: z.number().int(),
  })
  .openapi("Catalogue", { description: "Lists the profile forms and search filters offer (spec §3, §9)." });
