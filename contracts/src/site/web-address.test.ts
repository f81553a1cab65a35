import { describe, expect, it } from "vitest";
import { withHttps } from "./web-address.ts";

describe("withHttps (a website typed without https://)", () => {
  it("puts https:// in front of a bare domain, a path or a port", () => {
    expect(withHttps("coastalplumbing.com.au")).toBe("https://coastalplumbing.com.au");
    expect(withHttps("  www.linkedin.com/in/mia-chen ")).toBe("https://www.linkedin.com/in/mia-chen");
    expect(withHttps("shop.example.com.au:8080/cart")).toBe("https://shop.example.com.au:8080/cart");
    expect(withHttps("//cdn.example.com.au")).toBe("https://cdn.example.com.au");
  });

  it("leaves an address with a scheme, and an empty field, as they are", () => {
    expect(withHttps("http://harbour.tech")).toBe("http://harbour.tech");
    expect(withHttps("https://harbour.tech/")).toBe("https://harbour.tech/");
    expect(withHttps("ftp://harbour.tech")).toBe("ftp://harbour.tech");
    expect(withHttps("javascript:alert(1)")).toBe("javascript:alert(1)");
    expect(withHttps("   ")).toBe("");
  });
});
