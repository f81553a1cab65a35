import { describe, expect, it } from "vitest";
import { validateLogin, validateRegister } from "./validation.ts";

const valid = {
  email: "mia@example.com.au",
  username: "mia.chen",
  password: "a good long password",
  confirmPassword: "a good long password",
};

describe("login form rules (spec §5)", () => {
  it("needs a username and a password", () => {
    expect(validateLogin({ username: "mia", password: "x" })).toEqual({});
    expect(validateLogin({ username: "  ", password: "" })).toEqual({
      username: "Username is required",
      password: "Password is required",
    });
  });
});

describe("sign-up form rules (spec §5)", () => {
  it("a complete form has no errors", () => {
    expect(validateRegister(valid)).toEqual({});
    expect(validateRegister({ ...valid, email: "  mia@example.com  ", username: " abc " })).toEqual({});
  });

  it("the email must look like one, at most 254 characters", () => {
    for (const email of ["", "mia", "mia@example", "mia @example.com", `${"a".repeat(250)}@x.au`])
      expect(validateRegister({ ...valid, email }).email).toBe("Please enter a valid email");
  });

  it("the username: 3 to 30 of letters, numbers, dots, dashes and underscores", () => {
    const message = (username: string) => validateRegister({ ...valid, username }).username;
    expect(message("")).toBe("Username is required");
    expect(message("ab")).toBe("Username must be at least 3 characters");
    expect(message("a".repeat(31))).toBe("Username must be at most 30 characters");
    expect(message("mia chen")).toBe(
      "Username may contain only letters, numbers, dots, dashes and underscores",
    );
    expect(message("mia@chen")).toBe(
      "Username may contain only letters, numbers, dots, dashes and underscores",
    );
    expect(message("a".repeat(30))).toBeUndefined();
    expect(message("Mia_Chen-2.0")).toBeUndefined();
  });

  it("the password: 8 to 128 characters, confirmed", () => {
    const errors = (password: string, confirmPassword = password) =>
      validateRegister({ ...valid, password, confirmPassword });
    expect(errors("").password).toBe("Password is required");
    expect(errors("1234567").password).toBe("Password must be at least 8 characters");
    expect(errors("x".repeat(129)).password).toBe("Password must be at most 128 characters");
    expect(errors("x".repeat(128)).password).toBeUndefined();
    expect(errors("12345678", "").confirmPassword).toBe("Please confirm your password");
    expect(errors("12345678", "12345679").confirmPassword).toBe("Passwords don't match");
  });
});
