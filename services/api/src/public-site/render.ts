/**
 * Server-rendered public pages (issue 16): for each public path, the title, description and Open
 * Graph tags for <head>, and the page's main content as plain semantic HTML inside #root, so the
 * page reads (and is indexed) without JavaScript; the shell replaces it when it starts. Content
 * comes from published entries, else the built-in defaults (@closr/contracts/site).
 */
import {
  type AboutContent,
  type BlogContent,
  bestPractices,
  type CareerContent,
  commissionModels,
  contactDetails,
  type DefaultEntry,
  defaultAbout,
  defaultBlogPosts,
  defaultCareers,
  defaultPress,
  type GuideContent,
  industryRates,
  type PressContent,
  publicPageByPath,
  SITE_NAME,
  templateDownloads,
} from "@closr/contracts/site";
import {
  type ContentEntry,
  ContentId,
  type ContentType,
  listContent,
  renderContent,
} from "@closr/core/content";
import { Effect } from "effect";
import type { AppRuntime } from "../runtime.ts";
import { signedOutFrame } from "./chrome.ts";
import { esc } from "./html.ts";
import { pricingBody } from "./pricing.ts";

export interface RenderedPage {
  readonly title: string;
  readonly description: string;
  /** Absolute or root-relative image for og:image, if any. */
  readonly image?: string | undefined;
  readonly type: "website" | "article";
  readonly body: string;
  /**
   * When the app starts (ADR 0028): "interaction" where this HTML is the whole first screen
   * (/, /auth and /pricing), so a visitor who does nothing runs no app JavaScript; otherwise
   * "paint" (the default): right after the first paint, as the app draws what the server leaves
   * out (the contact form, the blog's tabs).
   */
  readonly startOn?: "interaction" | "paint";
}

/** Published entries of a type with their rendered Markdown (newest first, featured first). */
const published = <C>(runtime: AppRuntime, type: ContentType, slug?: string) =>
  runtime.runPromise(
    Effect.flatMap(
      Effect.orDie(listContent(null, { type, slug, publishedOnly: true, page: 1, pageSize: 100 })),
      (page) =>
        Effect.forEach(page.items, (entry: ContentEntry) =>
          Effect.map(renderContent(entry), (html) => ({
            title: entry.title,
            slug: entry.slug,
            featured: entry.featured,
            publishedAt: entry.publishedAt?.toISOString() ?? null,
            content: (entry.content ?? {}) as C,
            html,
          })),
        ),
    ),
  );

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

const orDefaults = async <C>(
  runtime: AppRuntime,
  type: ContentType,
  defaults: readonly DefaultEntry<C>[],
) => {
  const rows = await published<C>(runtime, type);
  return rows.length ? rows : fromDefaults(runtime, type, defaults);
};

const dateText = (iso: string | null | undefined) =>
  iso
    ? // The app's one date family, "21 Mar 2025" (date-fns `d MMM yyyy`, en-AU).
      new Date(iso).toLocaleDateString("en-AU", {
        day: "numeric",
        month: "short",
        year: "numeric",
        timeZone: "UTC",
      })
    : "";

const header = (heading: string, description: string) =>
  `<header class="page-header"><div><h1 class="page-title">${esc(heading)}</h1><p class="page-description">${esc(description)}</p></div></header>`;

/** A content page on `path` in the app's frame (chrome.ts): top bar, the page, footer. */
const wrap = (path: string, inner: string) =>
  signedOutFrame(
    path,
    `<main id="main" class="main"><div class="container section stack-lg">${inner}</div></main>`,
  );

const meta = (path: string) => {
  const page = publicPageByPath(path);
  return page ?? { title: SITE_NAME, heading: SITE_NAME, description: "", path };
};

/** One labelled field of a server-rendered form, in the markup of the shell's FormFields. */
const authField = (
  id: string,
  name: string,
  label: string,
  type: string,
  autoComplete: string,
  hint?: string,
) =>
  `<div class="field" data-required="true"><label class="field-label" for="ssr-${id}">${label}</label><input aria-required="true" autocomplete="${autoComplete}" id="ssr-${id}" class="field-input" type="${type}" name="${name}"${hint ? ` aria-describedby="ssr-${id}-hint"` : ""}>${hint ? `<span class="field-description" id="ssr-${id}-hint">${hint}</span>` : ""}</div>`;

/**
 * The /auth card's tabs and form for `tab` ("login" or "signup"), as the shell renders them
 * (auth-page.tsx, login-form.tsx, register-form.tsx): both panels, the other one hidden.
 * The tabs are links (role tab) to `/auth` and `/auth?tab=signup`; app-boot.js switches
 * panels in place (click, arrow keys) and tells the app which tab was chosen. `data-server-form` marks the form for public/app-boot.js, which carries what was
 * typed and the focus into the app's form of the same aria-label once the app has started
 * (ADR 0028); method="post" keeps a password out of the URL even if that script never ran.
 */
function authCard(tab: "login" | "signup"): string {
  const tabLink = (id: "login" | "signup", href: string, text: string) =>
    `<a class="tab" role="tab" id="ssr-tab-${id}" href="${href}" aria-controls="ssr-panel-${id}" aria-selected="${tab === id}"${tab === id ? ' data-selected="true"' : ' tabindex="-1"'}>${text}</a>`;
  const panel = (id: "login" | "signup", form: string) =>
    `<div class="tab-panel" role="tabpanel" id="ssr-panel-${id}" aria-labelledby="ssr-tab-${id}"${tab === id ? "" : " hidden"}>${form}</div>`;
  const login = `<form class="form" method="post" action="/auth" novalidate aria-label="Log in" data-server-form>${authField("username", "username", "Username", "text", "username")}${authField("password", "password", "Password", "password", "current-password")}<div class="form-row-end"><a class="text-link" href="/forgot-password">Forgot Password?</a></div><button class="btn btn-primary btn-lg btn-block" type="submit">Log In</button></form>`;
  const signup = `<form class="form" method="post" action="/auth?tab=signup" novalidate aria-label="Sign up" data-server-form>${authField("email", "email", "Email", "email", "email")}${authField("new-username", "username", "Username", "text", "username", "3–30 letters, numbers, dots, dashes or underscores.")}${authField("new-password", "password", "Password", "password", "new-password", "At least 8 characters.")}${authField("confirm", "confirmPassword", "Confirm Password", "password", "new-password")}<fieldset class="field radio-group"><legend class="field-label">I am a</legend><div class="radio-options"><label class="radio-card" data-selected="true"><input class="radio-input" type="radio" value="business" checked name="userType"><span class="radio-text"><span class="radio-label">Business looking for sales agents</span></span></label><label class="radio-card"><input class="radio-input" type="radio" value="agent" name="userType"><span class="radio-text"><span class="radio-label">Sales agent looking for opportunities</span></span></label></div></fieldset><button class="btn btn-primary btn-lg btn-block" type="submit">Create Account</button></form>`;
  return `<div class="tabs" data-server-tabs><div class="tab-list" role="tablist" aria-label="Log in or sign up">${tabLink("login", "/auth", "Log In")}${tabLink("signup", "/auth?tab=signup", "Sign Up")}</div>${panel("login", login)}${panel("signup", signup)}</div>`;
}

/**
 * The first screens of /, /auth and /pricing (issue 19), in the shell's own classes: the browser
 * paints them from HTML and CSS alone, and the shell's JavaScript (about 300 KiB gzip through
 * Module Federation) starts only on the visitor's first interaction (ADR 0028). /auth carries
 * its real form (`?tab=signup`: the sign-up form); app-boot.js hands what was typed to the app.
 * /pricing carries every plan card and the FAQ (pricing.ts, ADR 0030).
 */
const firstScreens: Record<string, (search: URLSearchParams) => Omit<RenderedPage, "type">> = {
  "/": () => ({
    startOn: "interaction",
    title: "Closr: Connecting Businesses & Agents",
    description: "Closr connects Australian businesses with verified, commission-based sales agents.",
    body: `<main id="main" class="main"><section class="hero"><div class="container hero-inner"><div class="hero-copy"><p class="badge badge-secondary">Australia's marketplace for commission-based sales</p><h1 class="hero-title">Connect with verified sales agents who are <span class="accent">paid to close</span></h1><p class="hero-lead">Closr connects Australian businesses with independent, commission-based sales agents, and gives both sides the tools to run the partnership: matching, messaging, invoices and payments.</p><p class="row"><a class="btn btn-primary btn-lg" href="/auth?tab=signup">Find Sales Agents</a><a class="btn btn-outline btn-lg" href="/auth?tab=signup&amp;type=agent">Join as Sales Agent</a></p><p class="hero-note">Verification badge within 2-3 business days</p></div></div></section></main>`,
  }),
  "/auth": (search) => ({
    startOn: "interaction",
    title: "Log in or sign up | Closr",
    description: "Log in to your Closr account or create a new one to get started.",
    body: `<main id="main" class="main"><div class="container auth-layout section"><div class="auth-card card"><div class="auth-card-head"><h1 class="page-title">Welcome to Closr</h1><p class="page-description">Log in to your account or create a new one to get started.</p></div>${authCard(search.get("tab") === "signup" ? "signup" : "login")}</div><aside class="auth-hero"><h2 class="auth-hero-title">Connect with Australia's Top Talent</h2><p class="auth-hero-lead">Closr brings businesses and commission-based sales agents together, with the tools to run the partnership.</p></aside></div></main>`,
  }),
  "/pricing": () => ({
    startOn: "interaction",
    title: "Pricing | Closr",
    description: "Start free. Upgrade when you need more active partnerships. Prices in Australian dollars.",
    body: pricingBody(),
  }),
};

/**
 * The server-rendered page for a public path, or undefined when the path is not one. `search`:
 * the request's query (only /auth reads it: `tab=signup`).
 */
export async function renderPublicPage(
  runtime: AppRuntime,
  path: string,
  search: URLSearchParams = new URLSearchParams(),
): Promise<RenderedPage | undefined> {
  const blogPost = /^\/blog\/([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(path);
  if (blogPost) return renderBlogPost(runtime, blogPost[1]!);
  const first = firstScreens[path];
  if (first) {
    const page = first(search);
    return { ...page, body: signedOutFrame(path, page.body), type: "website" };
  }
  const m = meta(path);
  const simple = (body: string): RenderedPage => ({
    title: m.title,
    description: m.description,
    type: "website",
    body: wrap(path, header(m.heading, m.description) + body),
  });
  switch (path) {
    case "/about": {
      const [about] = await orDefaults<AboutContent>(runtime, "about", [defaultAbout]);
      return simple(
        `<article class="prose">${about?.content.lead ? `<p class="lead">${esc(about.content.lead)}</p>` : ""}${about?.html.body ?? ""}</article>`,
      );
    }
    case "/careers": {
      const jobs = await orDefaults<CareerContent>(runtime, "careers", defaultCareers);
      return simple(
        `<h2>Open roles (${jobs.length})</h2><ul class="stack">${jobs
          .map(
            (j) =>
              `<li class="card"><h3>${esc(j.content.role ?? j.title)}</h3><p>${esc(j.content.team ?? "")} · ${esc(j.content.location ?? "")}</p>${j.html.description ?? ""}</li>`,
          )
          .join(
            "",
          )}</ul><p>Apply at <a href="mailto:${esc(contactDetails.emails[0].address)}">${esc(contactDetails.emails[0].address)}</a>.</p>`,
      );
    }
    case "/blog": {
      const posts = await orDefaults<BlogContent>(runtime, "blog", defaultBlogPosts);
      return simple(
        `<ul class="stack">${posts
          .map(
            (p) =>
              `<li class="card"><article><h2><a href="/blog/${esc(p.slug)}">${esc(p.title)}</a></h2><p class="muted">${esc(p.content.category ?? "")} ${esc(dateText(p.publishedAt))}</p><p>${esc(p.content.lead ?? "")}</p></article></li>`,
          )
          .join("")}</ul>`,
      );
    }
    case "/press": {
      const items = await orDefaults<PressContent>(runtime, "press", defaultPress);
      return simple(
        `<ul class="stack">${items
          .map(
            (p) =>
              `<li class="card"><article><h2>${esc(p.title)}</h2><p class="muted">${esc(p.content.outlet ?? "")} ${esc(p.content.date ?? "")}</p>${p.html.body ?? ""}${p.content.link ? `<p><a href="${esc(p.content.link)}" rel="noopener noreferrer">Read the article</a></p>` : ""}</article></li>`,
          )
          .join(
            "",
          )}</ul><p>Media enquiries: <a href="mailto:${esc(contactDetails.emails[0].address)}">${esc(contactDetails.emails[0].address)}</a></p>`,
      );
    }
    case "/commission-guides": {
      const guides = await published<GuideContent>(runtime, "guide");
      return simple(
        `<h2>Commission models</h2><ul>${commissionModels
          .map((x) => `<li><strong>${esc(x.name)}</strong> (${esc(x.rate)}): ${esc(x.text)}</li>`)
          .join(
            "",
          )}</ul><h2>Typical rates by industry</h2><table><thead><tr><th scope="col">Industry</th><th scope="col">Typical rate</th><th scope="col">Common model</th></tr></thead><tbody>${industryRates
          .map(
            (r) => `<tr><td>${esc(r.industry)}</td><td>${esc(r.typical)}</td><td>${esc(r.model)}</td></tr>`,
          )
          .join(
            "",
          )}</tbody></table><h2>Best practices</h2><ul>${bestPractices.map((b) => `<li>${esc(b)}</li>`).join("")}</ul>${guides
          .map((g) => `<section><h2>${esc(g.title)}</h2>${g.html.body ?? ""}</section>`)
          .join("")}<h2>Templates</h2><ul>${templateDownloads
          .map((d) => `<li><a href="${esc(d.href)}">${esc(d.label)}</a></li>`)
          .join("")}</ul>`,
      );
    }
    case "/contact":
      return simple(
        `<ul><li>Phone: <a href="tel:${esc(contactDetails.phone.replace(/\s/g, ""))}">${esc(contactDetails.phone)}</a></li>${contactDetails.emails
          .map((e) => `<li>${esc(e.label)}: <a href="mailto:${esc(e.address)}">${esc(e.address)}</a></li>`)
          .join(
            "",
          )}<li>${esc(contactDetails.office)}</li></ul><p>${esc(contactDetails.hours)}</p><h2>Frequently asked questions</h2><dl>${contactDetails.faq
          .map((f) => `<dt>${esc(f.q)}</dt><dd>${esc(f.a)}</dd>`)
          .join("")}</dl><p>Send us a message with JavaScript on, or email us.</p>`,
      );
    case "/how-it-works":
    case "/terms":
    case "/privacy":
      return simple(
        path === "/how-it-works"
          ? '<p><a href="/auth?tab=signup">Get Started</a></p>'
          : `<p>Last updated March 21, 2025</p>${path === "/privacy" ? "<p>We collect account, profile, verification, communications, payment, log, device, usage and location data. Closr is not for people under 18.</p>" : "<p>You must be 18 or over to use Closr.</p>"}`,
      );
    default:
      return undefined;
  }
}

async function renderBlogPost(runtime: AppRuntime, slug: string): Promise<RenderedPage | undefined> {
  const [row] = await published<BlogContent>(runtime, "blog", slug);
  const post =
    row ??
    (
      await fromDefaults(
        runtime,
        "blog",
        defaultBlogPosts.filter((p) => p.slug === slug),
      )
    )[0];
  if (!post) return undefined;
  const c = post.content;
  const cover = c.coverImage
    ? `<img src="${esc(c.coverImage)}" alt="${esc(c.coverImageAlt ?? "")}" class="blog-cover">`
    : "";
  return {
    title: `${post.title} | ${SITE_NAME} Blog`,
    description: c.lead ?? post.title,
    image: c.coverImage,
    type: "article",
    body: wrap(
      `/blog/${slug}`,
      `<article class="prose"><p><a href="/blog">Blog</a></p><h1 class="page-title">${esc(post.title)}</h1><p class="muted">${esc(c.author ?? "")} ${esc(dateText(post.publishedAt))}</p>${cover}${c.lead ? `<p class="lead">${esc(c.lead)}</p>` : ""}${post.html.body ?? ""}</article>`,
    ),
  };
}

/**
 * Puts the page's title, description, Open Graph tags and body into the shell's index.html.
 * `startAtOnce`: leave the app's script live (a signed-in visitor sees their own figures, such
 * as their plan on /pricing, so the app starts at once); otherwise `deferApp` (ADR 0028).
 */
export function injectPage(indexHtml: string, page: RenderedPage, url: string, startAtOnce = false): string {
  const origin = new URL(url).origin;
  const abs = (p: string) => (p.startsWith("http") ? p : `${origin}${p}`);
  const head = [
    `<title>${esc(page.title)}</title>`,
    `<meta name="description" content="${esc(page.description)}" />`,
    `<link rel="canonical" href="${esc(url)}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="${page.type}" />`,
    `<meta property="og:title" content="${esc(page.title)}" />`,
    `<meta property="og:description" content="${esc(page.description)}" />`,
    `<meta property="og:url" content="${esc(url)}" />`,
    page.image ? `<meta property="og:image" content="${esc(abs(page.image))}" />` : "",
    `<meta name="twitter:card" content="${page.image ? "summary_large_image" : "summary"}" />`,
  ]
    .filter(Boolean)
    .join("\n    ");
  const html = indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, "")
    .replace(/<meta\s+name="description"[^>]*>/, "")
    .replace("</head>", `    ${head}\n  </head>`)
    .replace(/<div id="root"><\/div>/, `<div id="root">${page.body}</div>`);
  return startAtOnce ? html : deferApp(html, page.startOn ?? "paint");
}

/**
 * Makes the shell's JavaScript wait for the visitor of a server-rendered page (issue 19, ADR
 * 0028): the build's module script and modulepreload links become inert
 * (`type="text/x-closr-deferred"`, `data-rel`), and /app-boot.js (the shell's public/app-boot.js)
 * turns them back on at the first interaction (pointer, touch, key, focus, scroll) or, with
 * `startOn` "paint", right after the first contentful paint (at most 3 s), whichever is first.
 */
export function deferApp(indexHtml: string, startOn: "interaction" | "paint" = "paint"): string {
  if (!indexHtml.includes('<script type="module"')) return indexHtml;
  return indexHtml
    .replace(/<link rel="modulepreload"/g, '<link data-rel="modulepreload"')
    .replace(
      /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/g,
      '<script type="text/x-closr-deferred" data-src="$1"></script>',
    )
    .replace("</head>", `<script src="/app-boot.js" async data-start="${startOn}"></script>\n  </head>`);
}
