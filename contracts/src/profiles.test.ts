import { describe, expect, it } from "vitest";
import {
  CreateAgentProfileRequest,
  CreateBusinessProfileRequest,
  UpdateAgentProfileRequest,
  UpdateBusinessProfileRequest,
} from "./profiles.ts";

const business = { companyName: "Coastal Plumbing" };
const agent = {
  fullName: "Mia Chen",
  specialization: "SaaS Sales",
  yearsOfExperience: 6,
  location: "sydney",
};

describe("profile website fields (the API's check, issue 46)", () => {
  it("store a bare domain as https://…", () => {
    expect(
      CreateBusinessProfileRequest.parse({ ...business, website: "coastalplumbing.com.au" }).website,
    ).toBe("https://coastalplumbing.com.au");
    expect(
      UpdateBusinessProfileRequest.parse({ website: " www.coastalplumbing.com.au/about " }).website,
    ).toBe("https://www.coastalplumbing.com.au/about");
    expect(
      CreateAgentProfileRequest.parse({ ...agent, linkedinProfile: "linkedin.com/in/mia-chen" })
        .linkedinProfile,
    ).toBe("https://linkedin.com/in/mia-chen");
    expect(
      UpdateAgentProfileRequest.parse({ linkedinProfile: "www.linkedin.com/in/mia" }).linkedinProfile,
    ).toBe("https://www.linkedin.com/in/mia");
  });

  it("keep an address typed with its scheme, and clear an empty one", () => {
    expect(UpdateBusinessProfileRequest.parse({ website: "http://harbour.tech" }).website).toBe(
      "http://harbour.tech",
    );
    expect(UpdateBusinessProfileRequest.parse({ website: "" }).website).toBeNull();
    expect(UpdateBusinessProfileRequest.parse({ website: "  " }).website).toBeNull();
    expect(UpdateBusinessProfileRequest.parse({ website: null }).website).toBeNull();
    expect(UpdateBusinessProfileRequest.parse({}).website).toBeUndefined();
  });

  it("still refuse what is not a web address", () => {
    for (const website of ["not a url", "ftp://harbour.tech", "javascript:alert(1)"]) {
      const parsed = UpdateBusinessProfileRequest.safeParse({ website });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Please enter a valid URL");
    }
  });
});

describe("profile messages in Australian English (issue 46)", () => {
  it("says specialisation, as every page does", () => {
    const missing = CreateAgentProfileRequest.safeParse({ ...agent, specialization: "" });
    expect(missing.error?.issues[0]?.message).toBe("Specialisation is required");
    const long = CreateAgentProfileRequest.safeParse({ ...agent, specialization: "x".repeat(201) });
    expect(long.error?.issues[0]?.message).toBe("Specialisation must be at most 200 characters");
  });
});
