import { Effect, Either, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { aUser } from "../identity/testing/index.ts";
import { makeTestClock } from "../shared/clock.ts";
import { makeAuditLogMemory } from "../shared/testing.ts";
import {
  createContent,
  deleteContent,
  getContent,
  listContent,
  previewMarkdown,
  renderContent,
  updateContent,
} from "./content-entries.ts";
import { ContentId } from "./model.ts";
import { aContentInput, makeContentMemory, markdownRendererStub } from "./testing/index.ts";

const admin = aUser(1, "business", { role: "admin" });
const member = aUser(2, "agent");
const now = new Date("2026-11-28T00:00:00Z");

const world = () => {
  const memory = makeContentMemory();
  const audit = makeAuditLogMemory();
  const layer = Layer.mergeAll(memory.layer, audit.layer, makeTestClock(now).layer, markdownRendererStub);
  const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.runPromise(Effect.either(Effect.provide(effect, layer) as Effect.Effect<A, E, never>));
  return { memory, audit, run };
};

const leftOf = (result: Either.Either<unknown, unknown>) => (Either.isLeft(result) ? result.left : undefined);

describe("content entries", () => {
  it("admins create entries (audit-logged); members get AdminOnly", async () => {
    const { run, audit } = world();
    const entry = Either.getOrThrow(await run(createContent(admin, aContentInput())));
    expect(entry).toMatchObject({ slug: "about-closr", version: 1, authorId: 1 });
    expect(audit.entries.map((e) => e.action)).toEqual(["content.created"]);
    expect(leftOf(await run(createContent(member, aContentInput({ slug: "other" }))))).toMatchObject({
      _tag: "AdminOnly",
      action: "manage content",
    });
  });

  it("InvalidContent with the spec's words for a missing title and slug; SlugTaken for a used slug", async () => {
    const { run } = world();
    expect(leftOf(await run(createContent(admin, aContentInput({ title: " ", slug: "" }))))).toMatchObject({
      _tag: "InvalidContent",
      errors: [
        { field: "title", message: "Title is required" },
        { field: "slug", message: "Slug is required" },
      ],
    });
    await run(createContent(admin, aContentInput()));
    expect(leftOf(await run(createContent(admin, aContentInput())))).toMatchObject({
      _tag: "SlugTaken",
      slug: "about-closr",
    });
  });

  it("drafts are hidden from visitors and members (ContentNotFound) and listed only for admins", async () => {
    const { run } = world();
    const draft = Either.getOrThrow(await run(createContent(admin, aContentInput())));
    expect(leftOf(await run(getContent(null, draft.id)))).toMatchObject({ _tag: "ContentNotFound" });
    expect(leftOf(await run(getContent(member, draft.id)))).toMatchObject({ _tag: "ContentNotFound" });
    expect(Either.getOrThrow(await run(getContent(admin, draft.id))).id).toBe(draft.id);
    const query = { page: 1, pageSize: 20, publishedOnly: false };
    expect(Either.getOrThrow(await run(listContent(null, query))).total).toBe(0);
    expect(Either.getOrThrow(await run(listContent(admin, query))).total).toBe(1);
  });

  it("updates over the expected version; an older one is ContentVersionConflict; a missing entry ContentNotFound", async () => {
    const { run } = world();
    const entry = Either.getOrThrow(await run(createContent(admin, aContentInput())));
    const published = Either.getOrThrow(
      await run(updateContent(admin, entry.id, 1, aContentInput({ published: true }))),
    );
    expect(published).toMatchObject({ version: 2, published: true, publishedAt: now });
    expect(leftOf(await run(updateContent(admin, entry.id, 1, aContentInput())))).toMatchObject({
      _tag: "ContentVersionConflict",
      expected: 1,
      current: { version: 2 },
    });
    expect(leftOf(await run(updateContent(admin, ContentId.make(99), 1, aContentInput())))).toMatchObject({
      _tag: "ContentNotFound",
    });
  });

  it("deletes an entry once; a second delete is ContentNotFound", async () => {
    const { run, memory } = world();
    const entry = Either.getOrThrow(await run(createContent(admin, aContentInput())));
    Either.getOrThrow(await run(deleteContent(admin, entry.id)));
    expect(memory.entries).toEqual([]);
    expect(leftOf(await run(deleteContent(admin, entry.id)))).toMatchObject({ _tag: "ContentNotFound" });
  });

  it("update refuses bad input (InvalidContent), another entry's slug (SlugTaken) and members (AdminOnly)", async () => {
    const { run, memory } = world();
    const first = Either.getOrThrow(await run(createContent(admin, aContentInput())));
    Either.getOrThrow(await run(createContent(admin, aContentInput({ slug: "careers", type: "careers" }))));
    expect(
      leftOf(await run(updateContent(admin, first.id, 1, aContentInput({ slug: "Bad Slug" })))),
    ).toMatchObject({
      _tag: "InvalidContent",
      errors: [
        { field: "slug", message: "Slug may contain only lower-case letters, digits and single hyphens" },
      ],
    });
    expect(
      leftOf(await run(updateContent(admin, first.id, 1, aContentInput({ slug: "careers" })))),
    ).toMatchObject({
      _tag: "SlugTaken",
      slug: "careers",
    });
    expect(leftOf(await run(updateContent(member, first.id, 1, aContentInput())))).toMatchObject({
      _tag: "AdminOnly",
    });
    expect(memory.entries[0]?.version).toBe(1);
  });

  it("delete is audit-logged with the entry's last state; members get AdminOnly", async () => {
    const { run, audit, memory } = world();
    const entry = Either.getOrThrow(await run(createContent(admin, aContentInput())));
    expect(leftOf(await run(deleteContent(member, entry.id)))).toMatchObject({ _tag: "AdminOnly" });
    expect(memory.entries).toHaveLength(1);
    Either.getOrThrow(await run(deleteContent(admin, entry.id)));
    expect(audit.entries.at(-1)).toMatchObject({
      action: "content.deleted",
      subjectId: String(entry.id),
      before: { slug: "about-closr", version: 1 },
      after: null,
    });
  });

  it("renders the Markdown fields of the entry's type only; admins preview Markdown, members get AdminOnly", async () => {
    const { run } = world();
    const entry = Either.getOrThrow(
      await run(
        createContent(admin, aContentInput({ content: { body: "**Hi**", summary: "not rendered" } })),
      ),
    );
    expect(Either.getOrThrow(await run(renderContent(entry)))).toEqual({ body: "<p>**Hi**</p>" });
    expect(Either.getOrThrow(await run(previewMarkdown(admin, "# Title")))).toBe("<p># Title</p>");
    expect(leftOf(await run(previewMarkdown(member, "# Title")))).toMatchObject({
      _tag: "AdminOnly",
      action: "preview content",
    });
  });

  it("admins may list published entries only; visitors always do", async () => {
    const { run } = world();
    Either.getOrThrow(await run(createContent(admin, aContentInput())));
    Either.getOrThrow(await run(createContent(admin, aContentInput({ slug: "live", published: true }))));
    const published = { page: 1, pageSize: 20, publishedOnly: true };
    expect(Either.getOrThrow(await run(listContent(admin, published))).items.map((e) => e.slug)).toEqual([
      "live",
    ]);
    expect(
      Either.getOrThrow(await run(listContent(member, { ...published, publishedOnly: false }))).total,
    ).toBe(1);
  });
});
