/**
 * The shell's server entry (ADR 0047): renders a page of the app's own route table to HTML, with
 * the data its queries need, for the API to serve in place of the bare index.html. Built by
 * `vite build --ssr` into dist-server/entry-server.js; the API imports that file by path (env
 * SSR_ENTRY), never this source (services do not import frontends).
 *
 * Data: the same API client as the browser, its transport for this render the API's in-process
 * `app.request` (cookies and client address forwarded; `withApiTransport`, ADR 0060: each
 * render's own, never a module variable). The page renders, the enabled queries it started are
 * fetched, and it renders again, up to three rounds; the filled cache ships as JSON in a
 * `<script type="application/json">` (the CSP allows no inline script) that main.tsx hydrates.
 *
 * Every page renders here (ADR 0051), signed-in ones with the visitor's session: the shell's own
 * pages in full, a remote's area with the remote's real page when the API hands over that
 * remote's server bundle (`remoteServerEntry`, ADR 0053; evaluated with the shell's own React,
 * router, react-query, @closr/ui and @closr/client: federation/server-shared-modules.ts), else as
 * its frame around a skeleton (federation/remote-routes.tsx), and a page that redirects (the
 * guard, signed out) as a 302. Stylesheets modules inject from
 * JavaScript (`injectStyles`) go into <head> as the same `<style id>` elements.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { RegisterRemote, RemoteModule, RemoteName } from "@closr/client";
import { remoteAreaOf, remoteNames } from "@closr/client";
import { withApiTransport } from "@closr/client/server";
import { publicPageByPath, SITE_NAME } from "@closr/contracts/site";
import { appPage, notFoundTitle } from "@closr/contracts/site/ui";
import {
  DrawnDeferred,
  readRunningRemoteFrom,
  recordedStylesFor,
  recordingStylesOf,
  settleDeferred,
  withDisplayTimeZone,
} from "@closr/ui";
import { dehydrate, type Query } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from "react-router";
import { formPagePaths, submitPostedForm } from "./app/form-posts.ts";
import { HydratedMark } from "./app/hydrated-mark.tsx";
import { postedFormKey } from "./app/posted-form.ts";
import { createQueryClient, Providers } from "./app/providers.tsx";
import { routes } from "./app/router.tsx";
import { type ServerPage, ServerPageContext } from "./app/server-page.ts";
import { loadServerRemote } from "./federation/server-remote-loader.ts";
import { remoteServedKey, type ServerRemotes, ServerRemotesContext } from "./federation/server-remotes.ts";
import { requireShared } from "./federation/server-shared-modules.ts";
import { deferredDataId, queryDataId } from "./ssr-data.ts";

/** One page request, as the API hands it over. */
export interface RenderRequest {
  /** The page's absolute URL (path and query as requested). */
  readonly url: string;
  /** The visitor's request headers; `cookie` and `x-forwarded-for` reach the API calls. */
  readonly headers: Headers;
  /** The visitor's address (forwarded to the API calls as x-forwarded-for). */
  readonly clientAddress?: string | undefined;
  /** The API itself, in process (Hono's `app.request`). */
  readonly api: (request: Request) => Promise<Response>;
  /** The built shell's index.html (its scripts, styles and head). */
  readonly template: string;
  /**
   * The absolute path of a remote's server bundle (its dist-server/register.cjs, ADR 0053) when
   * this server serves that remote and the file exists; undefined otherwise (the area then
   * renders its skeleton). Absent: no remote renders here.
   */
  readonly remoteServerEntry?: ((name: RemoteName) => string | undefined) | undefined;
  /**
   * The text fields of a form posted to the page before the app hydrated it, for a page that
   * `acceptsForm` (issue 46): the entry does the form's job first (app/form-posts.ts).
   */
  readonly form?: Readonly<Record<string, string>> | undefined;
}

/**
 * A rendered page: the whole document and its status, or a redirect; with the Set-Cookie headers
 * the API answered a posted form's calls with (a log in's session), for the visitor.
 */
export type RenderResult = (
  | { readonly kind: "page"; readonly status: number; readonly html: string }
  | { readonly kind: "redirect"; readonly status: number; readonly location: string }
) & { readonly setCookies?: readonly string[] };

/**
 * How one render's API calls reach the API: in process, with the visitor's cookie, address,
 * browser and origin (the API's Origin check of a posted form's calls); the cookies the API sets
 * are kept in `setCookies`, the render's own list (issue 47, item 4: no module-level state).
 */
function apiTransportFor(current: RenderRequest, setCookies: string[]) {
  return async (call: Request): Promise<Response> => {
    const headers = new Headers(call.headers);
    for (const name of ["cookie", "user-agent", "origin", "sec-fetch-site"]) {
      const value = current.headers.get(name);
      if (value) headers.set(name, value);
    }
    const forwarded = current.headers.get("x-forwarded-for") ?? current.clientAddress;
    if (forwarded) headers.set("x-forwarded-for", forwarded);
    // On the page's origin (the client's placeholder origin otherwise), so the API's Origin check
    // of a posted form's calls compares the visitor's Origin with the page's own.
    const page = new URL(current.url);
    const target = new URL(call.url);
    target.protocol = page.protocol;
    target.host = page.host;
    const body = call.method === "GET" || call.method === "HEAD" ? undefined : await call.arrayBuffer();
    const response = await current.api(
      new Request(target, { method: call.method, headers, ...(body ? { body } : {}) }),
    );
    setCookies.push(...response.headers.getSetCookie());
    return response;
  };
}

const handler = createStaticHandler(routes);

/** Rounds of "render, fetch what the render asked for" before the last render. */
const DATA_ROUNDS = 3;

/**
 * Whether the page at `pathname` is rendered here: every page (ADR 0051; signed-in pages with the
 * visitor's session). Kept in the contract so the service can still ask.
 */
export function rendersOnServer(_pathname: string): boolean {
  return true;
}

/** Whether the page at `pathname` does the job of a form posted to it (issue 46; app/form-posts.ts). */
export function acceptsForm(pathname: string): boolean {
  return formPagePaths.includes(pathname.replace(/\/+$/, "") || "/");
}

/**
 * Every lazy page's module, imported once when the entry loads: the stylesheets those modules
 * inject are then recorded before the first render, so every page's <head> carries the same set
 * whatever pages the process rendered before (and no render waits for a first import).
 */
const everyPage = (function loadAll(list: RouteObject[]): Promise<unknown> {
  return Promise.all(
    list.map((route) =>
      Promise.all([
        typeof route.lazy === "function" ? route.lazy() : undefined,
        route.children ? loadAll(route.children) : undefined,
      ]),
    ),
  );
})(routes);

/**
 * The remote whose code is running: set while its server bundle is evaluated and kept by every
 * promise started then, so a page chunk the bundle imports later (deferredPage, ADR 0056) records
 * its stylesheets as that remote's, not the shell's (a business page's `.invoice-amount` must not
 * reach the agent's pages).
 */
const runningRemote = new AsyncLocalStorage<RemoteName>();
readRunningRemoteFrom(() => runningRemote.getStore());

/** Each register function's module per base path (register builds route objects: once is enough). */
const remoteModules = new WeakMap<RegisterRemote, Map<string, RemoteModule>>();
/** Server bundles that failed to load, by path and error message: logged once each. */
const failedRemotes = new Set<string>();

/**
 * The remotes of one render: a remote's module from its server bundle (loaded once per file
 * version), or undefined — no bundle, or one that fails to load (logged; the area then renders
 * its skeleton, and the browser loads the remote as before).
 */
function serverRemotesFor(request: RenderRequest): ServerRemotes {
  return {
    rendered: new Set(),
    module(name, basePath) {
      const file = request.remoteServerEntry?.(name);
      if (!file) return undefined;
      try {
        const register = runningRemote.run(name, () =>
          recordingStylesOf(name, () => loadServerRemote(file, requireShared)),
        );
        if (!register) return undefined;
        const byPath = remoteModules.get(register) ?? new Map<string, RemoteModule>();
        remoteModules.set(register, byPath);
        const module = byPath.get(basePath) ?? register({ basePath });
        byPath.set(basePath, module);
        return module;
      } catch (error) {
        const key = `${file}: ${String(error)}`;
        if (!failedRemotes.has(key)) {
          failedRemotes.add(key);
          console.error(`The ${name} remote's server bundle could not be loaded`, error);
        }
        return undefined;
      }
    },
  };
}

/**
 * Loads every remote's server bundle the request offers (cached), before the first render: the
 * stylesheets those bundles record when they load are then known whichever area the process
 * rendered first (as `everyPage` does for the shell's own pages); each page's <head> carries the
 * shell's and its own area's (`recordedStylesFor`).
 */
function loadServedRemotes(request: RenderRequest): void {
  const remotes = serverRemotesFor(request);
  for (const name of remoteNames) remotes.module(name, `/${name}`);
}

/** Queries a render started that have no data yet and are enabled (the server fetches those). */
const unfilled = (query: Query): boolean => {
  if (query.state.status !== "pending" || query.state.fetchStatus !== "idle") return false;
  // The observer's options (with `enabled`) are what the render built the query from.
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return (
    (typeof enabled === "function" ? enabled(query) : enabled) !== false && Boolean(query.options.queryFn)
  );
};

/**
 * Renders `request.url` (a path `rendersOnServer` accepts) into `request.template`: the page in
 * #root, its title, description, canonical and Open Graph tags in <head>, and the query cache.
 * Status 404 when the page is the 404 page (an unknown path, a missing blog post).
 */
export async function render(request: RenderRequest): Promise<RenderResult> {
  await everyPage;
  loadServedRemotes(request);
  // Deferred components, a remote's pages among them (deferredPage), are drawn whole, not as
  // their fallbacks: a render is synchronous and does not wait for a chunk.
  await settleDeferred();
  const setCookies: string[] = [];
  return withApiTransport(apiTransportFor(request, setCookies), async (): Promise<RenderResult> => {
    const url = new URL(request.url);
    const submitted =
      request.form && acceptsForm(url.pathname)
        ? await submitPostedForm(url.pathname.replace(/\/+$/, ""), request.form)
        : undefined;
    if (submitted?.kind === "redirect")
      return { kind: "redirect", status: 303, location: submitted.location, setCookies };
    const context = await handler.query(new Request(url, { headers: request.headers }));
    if (context instanceof Response) {
      return {
        kind: "redirect",
        status: context.status,
        location: context.headers.get("location") ?? "/",
      };
    }
    const queryClient = createQueryClient();
    if (submitted) queryClient.setQueryData(postedFormKey, submitted.posted);
    const router = createStaticRouter(handler.dataRoutes, context);
    let page: ServerPage = {};
    let drawn: string[] = [];
    let remotes = serverRemotesFor(request);
    const draw = () => {
      page = {};
      remotes = serverRemotesFor(request);
      const drawnNow = new Set<string>();
      // The page sets the user's display zone as it renders (Providers); it ends with the render.
      const html = withDisplayTimeZone(undefined, () =>
        renderToString(
          <StrictMode>
            <DrawnDeferred value={drawnNow}>
              <ServerPageContext value={page}>
                <ServerRemotesContext value={remotes}>
                  <Providers queryClient={queryClient}>
                    <StaticRouterProvider router={router} context={context} hydrate={false} />
                  </Providers>
                  <HydratedMark />
                </ServerRemotesContext>
              </ServerPageContext>
            </DrawnDeferred>
          </StrictMode>,
        ),
      );
      drawn = [...drawnNow];
      return html;
    };
    let body = draw();
    for (let round = 0; round < DATA_ROUNDS; round++) {
      const wanted = queryClient.getQueryCache().getAll().filter(unfilled);
      if (wanted.length === 0) break;
      await Promise.all(wanted.map((query) => query.fetch().catch(() => undefined)));
      body = draw();
    }
    const path = url.pathname.replace(/\/+$/, "") || "/";
    const known = appPage(path);
    // The page sends the visitor elsewhere (signed out on a signed-in page, /profile, /find). A path
    // the page table does not know stays a 404 (ADR 0038) even where the guard would redirect
    // (signed out on /business/no-such-page): the browser's guard still navigates to /auth.
    if (page.redirect && known) return { kind: "redirect", status: 302, location: page.redirect };
    // A path the page table does not know is a 404 (ADR 0038), as is a page that drew the 404 page.
    const status = page.status ?? submitted?.status ?? (known ? 200 : 404);
    const title = page.title ?? (status === 404 ? notFoundTitle : (known?.title ?? notFoundTitle));
    const description = page.description ?? publicPageByPath(path)?.description;
    // The browser's hydration render draws these areas' pages, not their skeletons (ADR 0053).
    for (const name of remotes.rendered) queryClient.setQueryData(remoteServedKey(name), true);
    const data = JSON.stringify(dehydrate(queryClient)).replace(/</g, "\\u003c");
    const html = fillTemplate(request.template, {
      title,
      description,
      url: `${url.origin}${path === "/" ? "/" : path}`,
      body,
      data,
      deferred: JSON.stringify(drawn),
      area: remoteAreaOf(path),
      noindex: status === 404,
    });
    return { kind: "page", status: status, html, setCookies };
  });
}

const esc = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );

/** The template with the page's head tags, its HTML in #root and the query cache after it. */
function fillTemplate(
  template: string,
  page: {
    title: string;
    description: string | undefined;
    url: string;
    body: string;
    data: string;
    /** The deferred components the page drew (JSON array of names), loaded before hydration. */
    deferred: string;
    /** The remote area the page is in (its remote's stylesheets go in <head>), if any. */
    area: RemoteName | undefined;
    noindex: boolean;
  },
): string {
  // The injected stylesheets, as the browser's injectStyles would add them (same ids: it then skips).
  const styles = recordedStylesFor(page.area).map(
    ([id, css]) => `<style id="${esc(id)}">${css.replace(/<\//g, "<\\/")}</style>`,
  );
  const head = [
    `<title>${esc(page.title)}</title>`,
    page.description ? `<meta name="description" content="${esc(page.description)}" />` : "",
    page.noindex
      ? `<meta name="robots" content="noindex" />`
      : `<link rel="canonical" href="${esc(page.url)}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${esc(page.title)}" />`,
    page.description ? `<meta property="og:description" content="${esc(page.description)}" />` : "",
    `<meta property="og:url" content="${esc(page.url)}" />`,
    ...styles,
  ]
    .filter(Boolean)
    .join("\n    ");
  const withHead = template
    .replace(/<title>[\s\S]*?<\/title>/, "")
    .replace(page.description ? /<meta\s+name="description"[^>]*>/ : /$^/, "")
    .replace("</head>", `    ${head}\n  </head>`);
  return withHead.replace(
    '<div id="root"></div>',
    () =>
      `<div id="root">${page.body}</div>\n    <script type="application/json" id="${queryDataId}">${page.data}</script>` +
      `\n    <script type="application/json" id="${deferredDataId}">${page.deferred}</script>`,
  );
}
