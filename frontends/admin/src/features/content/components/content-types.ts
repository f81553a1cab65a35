/**
 * The content types the admin edits (spec §2.11 and §3, plus help) with their list titles,
 * labels and the structured form of each type's JSON. Markdown fields are rendered and sanitised
 * by the API; the editor's raw JSON tab shows the same object.
 */
import type { ContentType } from "../api/content-api.ts";

export type FieldKind = "text" | "markdown" | "date" | "url" | "media" | "sections";

export interface FieldDef {
  readonly name: string;
  readonly label: string;
  readonly kind: FieldKind;
  readonly description?: string;
  readonly options?: readonly string[];
}

export interface TypeDef {
  /** §2.11 list title. */
  readonly listTitle: string;
  /** "New {label}" / "Edit {label}". */
  readonly label: string;
  /** Where the public site shows an entry (the view action). */
  readonly publicPath: (slug: string) => string;
  readonly fields: readonly FieldDef[];
}

export const blogCategories = [
  "Sales Tips",
  "Commission",
  "Industry News",
  "Success Stories",
  "Product",
] as const;
export const careerTeams = ["Engineering", "Product", "Business"] as const;

export const contentTypeDefs: Record<ContentType, TypeDef> = {
  about: {
    listTitle: "About Us Pages",
    label: "About Page",
    publicPath: () => "/about",
    fields: [
      { name: "lead", label: "Lead", kind: "text" },
      { name: "body", label: "Body", kind: "markdown" },
    ],
  },
  careers: {
    listTitle: "Career Pages",
    label: "Career Opening",
    publicPath: () => "/careers",
    fields: [
      { name: "role", label: "Role", kind: "text" },
      { name: "team", label: "Team", kind: "text", options: careerTeams },
      { name: "location", label: "Location", kind: "text" },
      { name: "description", label: "Description", kind: "markdown" },
    ],
  },
  blog: {
    listTitle: "Blog Posts",
    label: "Blog Post",
    publicPath: (slug) => `/blog/${slug}`,
    fields: [
      { name: "lead", label: "Lead", kind: "text", description: "One or two sentences shown in lists." },
      { name: "body", label: "Body", kind: "markdown" },
      { name: "author", label: "Author", kind: "text" },
      { name: "category", label: "Category", kind: "text", options: blogCategories },
      { name: "coverImage", label: "Cover image", kind: "media" },
    ],
  },
  press: {
    listTitle: "Press Releases",
    label: "Press Release",
    publicPath: () => "/press",
    fields: [
      { name: "date", label: "Date", kind: "date" },
      { name: "outlet", label: "Outlet", kind: "text" },
      { name: "link", label: "Link", kind: "url" },
      { name: "body", label: "Summary", kind: "markdown" },
    ],
  },
  guide: {
    listTitle: "Commission Guides",
    label: "Commission Guide",
    publicPath: () => "/commission-guides",
    fields: [
      { name: "body", label: "Introduction", kind: "markdown" },
      { name: "sections", label: "Sections", kind: "sections" },
    ],
  },
  help: {
    listTitle: "Help Articles",
    label: "Help Article",
    publicPath: (slug) => `/help/${slug}`,
    fields: [
      { name: "topic", label: "Topic", kind: "text" },
      { name: "summary", label: "Summary", kind: "text" },
      { name: "body", label: "Body", kind: "markdown" },
    ],
  },
};

export const isContentType = (value: string | undefined): value is ContentType =>
  value !== undefined && value in contentTypeDefs;

/** §2.11: the list title of a type, "Content" for anything else. */
export const listTitleOf = (type: string | undefined) =>
  isContentType(type) ? contentTypeDefs[type].listTitle : "Content";

/** Lower-case, ASCII letters and digits joined by single hyphens (the API's slug rule). */
export const slugify = (title: string) =>
  title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120)
    .replace(/-+$/g, "");
