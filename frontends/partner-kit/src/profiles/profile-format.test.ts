import { describe, expect, it } from "vitest";
import {
  type AgentProfileFields,
  type BusinessProfileFields,
  validateAgentProfile,
  validateBusinessProfile,
  webAddressField,
} from "./profile-format.ts";

const business: BusinessProfileFields = {
  companyName: "Harbour Tech",
  industry: "technology",
  size: "11-50",
  location: "sydney",
  description: "",
  website: "",
  contactEmail: "",
  contactPhone: "",
};

const agent: AgentProfileFields = {
  fullName: "Mia Chen",
  specialization: "SaaS Sales",
  yearsOfExperience: "14",
  location: "sydney",
  minimumCommissionRate: "10",
  bio: "",
  linkedinProfile: "",
  skills: ["cold-calling"],
};

describe("business profile form rules (spec §5)", () => {
  it("a company name of 2 characters is enough; website and email are optional", () => {
    expect(validateBusinessProfile(business)).toEqual({});
    expect(validateBusinessProfile({ ...business, companyName: " A " })).toEqual({
      companyName: "Company name must be at least 2 characters",
    });
  });

  it("a website must be an http(s) URL with a dotted host; an email must look like one", () => {
    expect(validateBusinessProfile({ ...business, website: "https://harbour.tech" }).website).toBeUndefined();
    for (const website of ["harbour tech", "ftp://harbour.tech", "http://localhost", "localhost"])
      expect(validateBusinessProfile({ ...business, website }).website).toBe("Please enter a valid URL");
    expect(validateBusinessProfile({ ...business, contactEmail: "sales@harbour" }).contactEmail).toBe(
      "Please enter a valid email",
    );
    expect(
      validateBusinessProfile({ ...business, contactEmail: " sales@harbour.tech " }).contactEmail,
    ).toBeUndefined();
  });
});

describe("website fields typed without https:// (issue 46)", () => {
  it("accept a bare domain, and send it as https://…", () => {
    expect(
      validateBusinessProfile({ ...business, website: "coastalplumbing.com.au" }).website,
    ).toBeUndefined();
    expect(
      validateBusinessProfile({ ...business, website: " www.harbour.tech/about " }).website,
    ).toBeUndefined();
    expect(
      validateAgentProfile({ ...agent, linkedinProfile: "linkedin.com/in/mia" }).linkedinProfile,
    ).toBeUndefined();
    expect(webAddressField("coastalplumbing.com.au")).toBe("https://coastalplumbing.com.au");
    expect(webAddressField(" http://harbour.tech ")).toBe("http://harbour.tech");
    expect(webAddressField("  ")).toBeNull();
  });
});

describe("agent profile form rules (spec §5)", () => {
  it("a complete form has no errors", () => {
    expect(validateAgentProfile(agent)).toEqual({});
  });

  it("name and specialisation need 2 characters (in Australian English, issue 46)", () => {
    expect(validateAgentProfile({ ...agent, fullName: "M", specialization: " " })).toEqual({
      fullName: "Full name must be at least 2 characters",
      specialization: "Specialisation is required",
    });
  });

  it("years of experience: a whole number from 0", () => {
    const message = (yearsOfExperience: string) =>
      validateAgentProfile({ ...agent, yearsOfExperience }).yearsOfExperience;
    expect(message("0")).toBeUndefined();
    for (const years of ["", "-1", "abc"])
      expect(message(years)).toBe("Years of experience must be a positive number");
    expect(message("2.5")).toBe("Years of experience must be a whole number");
  });

  it("minimum commission: a whole number from 0 to 100", () => {
    const message = (minimumCommissionRate: string) =>
      validateAgentProfile({ ...agent, minimumCommissionRate }).minimumCommissionRate;
    for (const rate of ["0", "100", "15"]) expect(message(rate)).toBeUndefined();
    for (const rate of ["", "-1", "101", "12.5", "ten"])
      expect(message(rate)).toBe("Minimum commission must be a number from 0 to 100");
  });

  it("a LinkedIn profile must be a URL; at most 10 skills (or the given limit)", () => {
    expect(validateAgentProfile({ ...agent, linkedinProfile: "linkedin in mia" }).linkedinProfile).toBe(
      "Please enter a valid URL",
    );
    const eleven = Array.from({ length: 11 }, (_, i) => `skill-${i}`);
    expect(validateAgentProfile({ ...agent, skills: eleven }).skills).toBe("Choose at most 10 skills");
    expect(validateAgentProfile({ ...agent, skills: eleven.slice(0, 10) }).skills).toBeUndefined();
    expect(validateAgentProfile({ ...agent, skills: eleven.slice(0, 4) }, 3).skills).toBe(
      "Choose at most 3 skills",
    );
  });
});
