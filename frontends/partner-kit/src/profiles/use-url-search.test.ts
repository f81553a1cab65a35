import { describe, expect, it } from "vitest";
import { applySearchPatch, pageFrom, pick, searchTracker } from "./use-url-search.ts";

const query = (text: string) => new URLSearchParams(text);

describe("URL search state", () => {
  it("sets values as strings and keeps the other keys", () => {
    const next = applySearchPatch(query("keyword=saas&location=sydney"), {
      industry: "technology",
      minYears: 5,
    });
    expect(next.toString()).toBe("keyword=saas&location=sydney&industry=technology&minYears=5");
  });

  it("removes a key set to undefined or the empty string", () => {
    const next = applySearchPatch(query("keyword=saas&location=sydney&verified=true"), {
      keyword: "",
      verified: undefined,
    });
    expect(next.toString()).toBe("location=sydney");
  });

  it("goes back to page 1 on any other change, keeps the page when the patch sets it", () => {
    expect(applySearchPatch(query("keyword=saas&page=3"), { location: "perth" }).get("page")).toBeNull();
    expect(applySearchPatch(query("keyword=saas&page=3"), { page: 4 }).get("page")).toBe("4");
    expect(applySearchPatch(query("keyword=saas&page=3"), { page: undefined }).has("page")).toBe(false);
  });

  it("builds on the query it is given and leaves it unchanged (two quick changes keep both)", () => {
    const start = query("keyword=saas");
    const first = applySearchPatch(start, { location: "sydney" });
    const second = applySearchPatch(first, { sort: "experience" });
    expect(start.toString()).toBe("keyword=saas");
    expect(second.toString()).toBe("keyword=saas&location=sydney&sort=experience");
  });

  it("pick keeps only an allowed value", () => {
    const sorts = ["relevance", "experience", "commission"] as const;
    expect(pick("experience", sorts)).toBe("experience");
    expect(pick("price", sorts)).toBeUndefined();
    expect(pick(null, sorts)).toBeUndefined();
  });

  it("pageFrom reads a whole page number above 1, else nothing", () => {
    expect(pageFrom("2")).toBe(2);
    expect(pageFrom("17")).toBe(17);
    for (const value of [null, "", "1", "0", "-3", "2.5", "two"]) expect(pageFrom(value)).toBeUndefined();
  });
});

describe("searchTracker (useUrlSearch's latest query)", () => {
  it("keeps a change asked for while an earlier navigation commits late", () => {
    const track = searchTracker(query(""));
    track.request(applySearchPatch(track.latest(), { q: "enterprise" }));
    track.request(applySearchPatch(track.latest(), { location: "sydney" }));
    // The keyword's navigation commits only now, after the location was asked for.
    track.commit(query("q=enterprise"));
    const next = track.request(applySearchPatch(track.latest(), { experience: "6-10" }));
    expect(next.toString()).toBe("q=enterprise&location=sydney&experience=6-10");
  });

  it("follows the URL once it shows what was asked for, and after back/forward", () => {
    const track = searchTracker(query("q=saas"));
    track.commit(query(track.request(applySearchPatch(track.latest(), { location: "perth" })).toString()));
    expect(track.latest().toString()).toBe("q=saas&location=perth");
    // Back: nothing pending, so the URL is the latest.
    track.commit(query("q=saas"));
    expect(applySearchPatch(track.latest(), { verified: "true" }).toString()).toBe("q=saas&verified=true");
  });

  it("asking for the query on screen leaves nothing pending", () => {
    const track = searchTracker(query(""));
    track.request(new URLSearchParams());
    track.commit(query("q=from-a-link"));
    expect(track.latest().toString()).toBe("q=from-a-link");
  });
});
