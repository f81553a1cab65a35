/** injectStyles outside a browser (the shell's server render, ADR 0051): recorded, not applied. */
import { describe, expect, it } from "vitest";
import {
  injectStyles,
  readRunningRemoteFrom,
  recordedStyles,
  recordedStylesFor,
  recordingStylesOf,
} from "./inject-styles.ts";

describe("injectStyles outside a browser", () => {
  it("records each stylesheet once by id, in the order first injected, for the served <head>", () => {
    expect(typeof document).toBe("undefined");
    injectStyles("closr-b-styles", ".b { color: red; }");
    injectStyles("closr-a-styles", ".a { color: blue; }");
    injectStyles("closr-b-styles", ".b { color: red; }");
    expect([...recordedStyles()]).toEqual([
      ["closr-b-styles", ".b { color: red; }"],
      ["closr-a-styles", ".a { color: blue; }"],
    ]);
  });

  it("gives a remote area's page the shell's sheets and that remote's, never another remote's", () => {
    recordingStylesOf("business", () => {
      injectStyles("closr-payments-styles", ".invoice-amount { font-size: 1.5rem; }");
      injectStyles("closr-shared-kit-styles", ".card-x { padding: 0; }");
    });
    recordingStylesOf("agent", () => {
      injectStyles("closr-invoices-styles", ".invoice-amount { font-weight: 700; }");
      // Injected first by the business bundle: the agent's pages need it too.
      injectStyles("closr-shared-kit-styles", ".card-x { padding: 0; }");
    });
    const ids = (area: string | undefined) => recordedStylesFor(area).map(([id]) => id);
    expect(ids("agent")).toEqual([
      "closr-b-styles",
      "closr-a-styles",
      "closr-shared-kit-styles",
      "closr-invoices-styles",
    ]);
    expect(ids("business")).toEqual([
      "closr-b-styles",
      "closr-a-styles",
      "closr-payments-styles",
      "closr-shared-kit-styles",
    ]);
    expect(ids(undefined)).toEqual(["closr-b-styles", "closr-a-styles"]);
  });

  it("keeps a remote as owner of what its code injects later, through the running-remote reader", async () => {
    let running: string | undefined;
    readRunningRemoteFrom(() => running);
    // A page chunk of the agent remote, evaluated after recordingStylesOf has returned.
    running = "agent";
    await Promise.resolve();
    injectStyles("closr-agent-page-styles", ".earnings { margin: 0; }");
    running = undefined;
    injectStyles("closr-shell-late-styles", ".late { margin: 0; }");
    readRunningRemoteFrom(() => undefined);
    const ids = (area: string | undefined) => recordedStylesFor(area).map(([id]) => id);
    expect(ids("agent")).toContain("closr-agent-page-styles");
    expect(ids("business")).not.toContain("closr-agent-page-styles");
    expect(ids("business")).toContain("closr-shell-late-styles");
  });
});
