/**
 * Labels, client-side validation (spec §5 messages, word for word) and small helpers for
 * profiles and discovery.
 */

import type { FieldErrors } from "@closr/client";
import { industryLabel, locationLabel, withHttps } from "@closr/contracts/site/ui";

export {
  BIO_PREVIEW_LENGTH,
  commissionOptionLabel,
  experienceBandLabel,
  experienceLabel,
  industryLabel,
  locationLabel,
  previewText,
} from "@closr/contracts/site/ui";

/** The catalogue's locations as select options ("sydney" shown as "Sydney"); none while loading. */
export const locationOptions = (values: readonly string[] = []) =>
  values.map((value) => ({ value, label: locationLabel(value) }));
/** The catalogue's industries as select options ("technology" shown as "Technology"). */
export const industryOptions = (values: readonly string[] = []) =>
  values.map((value) => ({ value, label: industryLabel(value) }));

/** "12 agents found", "1 business found"; "1,000+ agents found" when the API capped the count. */
export function countLabel(total: number, one: string, many: string, capped = false): string {
  const shown = capped ? `${total.toLocaleString("en-AU")}+` : String(total);
  return `${shown} ${total === 1 && !capped ? one : many} found`;
}

/** An http(s) address with a dotted host, once a bare domain has "https://" in front (withHttps). */
function isUrl(value: string): boolean {
  try {
    const url = new URL(withHttps(value));
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/**
 * A website or LinkedIn field as the profile request carries it (issue 46): "https://" in front of
 * a bare domain, as the API stores it (contracts' withHttps), or null when left empty.
 */
export const webAddressField = (value: string): string | null => withHttps(value) || null;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type BusinessProfileFields = {
  companyName: string;
  industry: string;
  size: string;
  location: string;
  description: string;
  website: string;
  contactEmail: string;
  contactPhone: string;
};

/** Spec §5, business profile. */
export function validateBusinessProfile(
  fields: BusinessProfileFields,
): FieldErrors<keyof BusinessProfileFields> {
  const errors: FieldErrors<keyof BusinessProfileFields> = {};
  if (fields.companyName.trim().length < 2) errors.companyName = "Company name must be at least 2 characters";
  if (fields.website.trim() && !isUrl(fields.website.trim())) errors.website = "Please enter a valid URL";
  if (fields.contactEmail.trim() && !emailPattern.test(fields.contactEmail.trim())) {
    errors.contactEmail = "Please enter a valid email";
  }
  return errors;
}

export type AgentProfileFields = {
  fullName: string;
  specialization: string;
  yearsOfExperience: string;
  location: string;
  minimumCommissionRate: string;
  bio: string;
  linkedinProfile: string;
  skills: string[];
};

/** Spec §5, agent profile. */
export function validateAgentProfile(
  fields: AgentProfileFields,
  maxSkills = 10,
): FieldErrors<keyof AgentProfileFields> {
  const errors: FieldErrors<keyof AgentProfileFields> = {};
  if (fields.fullName.trim().length < 2) errors.fullName = "Full name must be at least 2 characters";
  if (fields.specialization.trim().length < 2) errors.specialization = "Specialisation is required";
  const years = Number(fields.yearsOfExperience);
  if (fields.yearsOfExperience.trim() === "" || !Number.isFinite(years) || years < 0) {
    errors.yearsOfExperience = "Years of experience must be a positive number";
  } else if (!Number.isInteger(years)) {
    errors.yearsOfExperience = "Years of experience must be a whole number";
  }
  const rate = Number(fields.minimumCommissionRate);
  if (fields.minimumCommissionRate.trim() === "" || !Number.isInteger(rate) || rate < 0 || rate > 100) {
    errors.minimumCommissionRate = "Minimum commission must be a number from 0 to 100";
  }
  if (fields.linkedinProfile.trim() && !isUrl(fields.linkedinProfile.trim())) {
    errors.linkedinProfile = "Please enter a valid URL";
  }
  if (fields.skills.length > maxSkills) errors.skills = `Choose at most ${maxSkills} skills`;
  return errors;
}

/** The skill categories of spec §9, in order, with headings. */
export const skillCategories = [
  { id: "b2b", label: "B2B Sales" },
  { id: "industry", label: "Industry" },
  { id: "communication", label: "Communication" },
  { id: "technical", label: "Technical" },
  { id: "personal", label: "Personal" },
] as const;
