import { describe, expect, it } from "vitest";
import { renderEmail } from "./templates.ts";

describe("renderEmail (one template set, text and HTML parts)", () => {
  it("renders paragraphs, an action as button and link line, and escapes HTML", () => {
    const out = renderEmail({
      to: "a@example.com",
      subject: "Reset <your> password",
      text: "Hi <b>Ava</b>,\n\nThe link works once.",
      action: { label: "Reset your password", url: "https://closr.com.au/reset-password?token=abc&x=1" },
    });
    expect(out.text).toContain("Reset your password: https://closr.com.au/reset-password?token=abc&x=1");
    expect(out.html).toContain("Hi &#60;b&#62;Ava&#60;/b&#62;,");
    expect(out.html).toContain('href="https://closr.com.au/reset-password?token=abc&#38;x=1"');
    expect(out.html).toContain("<title>Reset &#60;your&#62; password</title>");
  });

  it("tells notification emails how to switch them off", () => {
    const out = renderEmail({
      to: "a@example.com",
      subject: "New request",
      text: "Hi",
      kind: "connection-requests",
    });
    expect(out.text).toContain("Settings → Notifications");
    expect(out.html).toContain("Settings → Notifications");
  });
});
