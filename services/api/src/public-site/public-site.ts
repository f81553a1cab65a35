/**
 * The public site's server side (issue 16): /sitemap.xml (public pages and published content),
 * /robots.txt and the commission templates at /templates/*. The pages themselves are the app's,
 * rendered by the shell's server entry (ADR 0047).
 */
import { publicPages } from "@closr/contracts/site";
import { listContent } from "@closr/core/content";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { Effect } from "effect";
import type { AppEnv } from "../http/env.ts";
import type { AppRuntime } from "../runtime.ts";
import { esc } from "./html.ts";
import { agreementHtml, agreementPdf, calculatorCsv, calculatorHtml, calculatorJs } from "./templates.ts";

/** Where each content type is shown publicly (only types with a page of their own per entry). */
const entryPath: Partial<Record<string, (slug: string) => string>> = {
  blog: (slug) => `/blog/${slug}`,
  help: (slug) => `/help/${slug}`,
};

export function registerPublicSite(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.get("/robots.txt", (c) => {
    const origin = new URL(c.req.url).origin;
    c.header("cache-control", "public, max-age=3600");
    return c.text(
      // The signed-in areas (/business/, /agent/, /messages, /settings) are not listed: a crawler
      // gets the sign-in guard there, nothing private, and a Disallow made Lighthouse's SEO audit
      // ("page is blocked from indexing") fail on the dashboards (issue 19).
      `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n\nSitemap: ${origin}/sitemap.xml\n`,
    );
  });

  app.get("/sitemap.xml", async (c) => {
    const origin = new URL(c.req.url).origin;
    const entries = await runtime.runPromise(
      Effect.orDie(listContent(null, { publishedOnly: true, page: 1, pageSize: 100 })),
    );
    const urls = [
      { loc: "/", lastmod: undefined as string | undefined },
      { loc: "/pricing", lastmod: undefined },
      ...publicPages.map((p) => ({ loc: p.path, lastmod: undefined })),
      ...entries.items.flatMap((e) => {
        const path = entryPath[e.type];
        return path ? [{ loc: path(e.slug), lastmod: e.updatedAt.toISOString().slice(0, 10) }] : [];
      }),
    ];
    c.header("content-type", "application/xml; charset=utf-8");
    c.header("cache-control", "public, max-age=600");
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
        .map(
          (u) =>
            `  <url><loc>${esc(origin + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`,
        )
        .join("\n")}\n</urlset>\n`,
    );
  });

  const cache = "public, max-age=3600";
  app.get("/templates/general-commission-agreement.html", (c) => {
    c.header("cache-control", cache);
    return c.html(agreementHtml());
  });
  app.get("/templates/general-commission-agreement.pdf", async (c) =>
    c.body((await agreementPdf()) as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "application/pdf",
      "content-disposition": 'attachment; filename="general-commission-agreement.pdf"',
      "cache-control": cache,
    }),
  );
  app.get("/templates/commission-calculator.csv", (c) =>
    c.body(calculatorCsv(), 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="commission-calculator.csv"',
      "cache-control": cache,
    }),
  );
  app.get("/templates/commission-calculator.html", (c) => {
    c.header("cache-control", cache);
    return c.html(calculatorHtml());
  });
  app.get("/templates/commission-calculator.js", (c) =>
    c.body(calculatorJs(), 200, { "content-type": "text/javascript; charset=utf-8", "cache-control": cache }),
  );
}
