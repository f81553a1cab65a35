/**
 * The site's built-in content entries (@closr/contracts/site defaults: About, Careers, Blog,
 * Press) as GET /api/content answers them while none of a type is published, with their
 * Markdown rendered like stored content.
 */
import {
  type DefaultEntry,
  defaultAbout,
  defaultBlogPosts,
  defaultCareers,
  defaultPress,
} from "@closr/contracts/site";
import { ContentId, type ContentType, renderContent } from "@closr/core/content";
import type { AppRuntime } from "../../runtime.ts";

/** Defaults with their Markdown rendered the same way (through the service's renderer). */
const fromDefaults = <C>(runtime: AppRuntime, type: ContentType, entries: readonly DefaultEntry<C>[]) =>
  Promise.all(
    entries.map(async (d) => ({
      title: d.title,
      slug: d.slug,
      featured: d.featured ?? false,
      publishedAt: d.publishedAt ?? null,
      content: d.content,
      html: await runtime.runPromise(
        renderContent({
          id: ContentId.make(1),
          title: d.title,
          slug: d.slug,
          type,
          content: d.content,
          authorId: null,
          published: true,
          featured: false,
          publishedAt: null,
          createdAt: new Date(0),
          updatedAt: new Date(0),
          version: 1,
        }),
      ),
    })),
  );

/** The built-in entries of a type (what the public site shows while none is published). */
export const defaultEntries = (type: ContentType): readonly DefaultEntry<unknown>[] =>
  type === "about"
    ? [defaultAbout]
    : type === "careers"
      ? defaultCareers
      : type === "blog"
        ? defaultBlogPosts
        : type === "press"
          ? defaultPress
          : [];

/** Built-in entries as the API answers them: id 0, version 0, Markdown rendered like stored content. */
export const defaultEntriesJson = async (runtime: AppRuntime, type: ContentType, slug?: string) =>
  (
    await fromDefaults(
      runtime,
      type,
      defaultEntries(type).filter((d) => !slug || d.slug === slug),
    )
  ).map((d) => ({
    id: 0,
    title: d.title,
    slug: d.slug,
    type,
    content: d.content as unknown,
    html: d.html,
    authorId: null,
    published: true,
    featured: d.featured,
    publishedAt: d.publishedAt,
    createdAt: d.publishedAt ?? "2025-03-21T00:00:00.000Z",
    updatedAt: d.publishedAt ?? "2025-03-21T00:00:00.000Z",
    version: 0,
  }));
