import { Effect, Either } from "effect";
import { describe, expect, it } from "vitest";
import { builtInArticles } from "./articles.ts";
import { helpTopics } from "./model.ts";
import type { HelpRepository } from "./ports.ts";
import { aHelpArticle, makeHelpMemory } from "./testing/index.ts";
import { helpArticle, helpArticles, searchHelp } from "./use-cases.ts";

const run = <A, E>(effect: Effect.Effect<A, E, HelpRepository>, published = [aHelpArticle()]) =>
  Effect.runPromise(Effect.either(Effect.provide(effect, makeHelpMemory(published).layer)));

describe("help use cases", () => {
  it("lists built-in and published articles together, ordered by topic", async () => {
    const articles = Either.getOrThrow(await run(helpArticles()));
    expect(articles).toHaveLength(builtInArticles.length + 1);
    const order = articles.map((a) => helpTopics.findIndex((t) => t.id === a.topic));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("a published article with a built-in's slug replaces it", async () => {
    const builtIn = builtInArticles[0];
    if (!builtIn) throw new Error("no built-in article");
    const replaced = aHelpArticle({ slug: builtIn.slug, title: "Rewritten", topic: builtIn.topic });
    const articles = Either.getOrThrow(await run(helpArticles(), [replaced]));
    expect(articles).toHaveLength(builtInArticles.length);
    expect(Either.getOrThrow(await run(helpArticle(builtIn.slug), [replaced]))).toMatchObject({
      title: "Rewritten",
      source: "content",
    });
  });

  it("one article by slug; an unknown slug is HelpArticleNotFound", async () => {
    expect(Either.getOrThrow(await run(helpArticle("payouts-explained"))).title).toBe("Payouts explained");
    const missing = await run(helpArticle("no-such-article"));
    expect(Either.isLeft(missing) && missing.left).toMatchObject({
      _tag: "HelpArticleNotFound",
      slug: "no-such-article",
    });
  });

  it("searches every article; a blank query finds nothing", async () => {
    const hits = Either.getOrThrow(await run(searchHelp("  payouts bank ")));
    expect(hits.map((hit) => hit.article.slug)).toContain("payouts-explained");
    expect(Either.getOrThrow(await run(searchHelp("   ")))).toEqual([]);
  });
});
