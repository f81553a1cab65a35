/// <reference lib="webworker" />
/**
 * The service worker (ADR 0016, ADR 0050), built by vite-plugin-pwa (injectManifest):
 * - precaches only what the app needs to start offline (the app shell, the offline page, the
 *   shell's start-up chunks: the list pwa.config.ts injects, with a revision per file); caches
 *   are named `closr-…-<build version>` and the previous build's caches are deleted on
 *   activation;
 * - caches the rest at run time as it is used: hashed files (the shell's lazy chunks, a
 *   remote's chunks) cache first, a remote's entry and manifest and /remotes.json network
 *   first; the page asks it (CACHE_URLS) to keep the files it loaded before the worker took
 *   control, so the remote a user has opened starts offline too;
 * - navigations go to the network first; offline, signed-in routes get the cached app shell
 *   (index.html, which then shows its offline notice) and every other route the offline page;
 * - never touches `/api/*` (personal data is never cached) nor any other origin;
 * - shows web push notifications (new messages, partnership requests) and opens the
 *   conversation or page they name on click;
 * - waits while an older version controls tabs until the page asks it to take over
 *   ("New version available — Reload").
 */
import { clientsClaim, setCacheNameDetails } from "workbox-core";
import {
  cleanupOutdatedCaches,
  getCacheKeyForURL,
  matchPrecache,
  precacheAndRoute,
} from "workbox-precaching";
import { Route, Router } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { isSignedInPath } from "./signed-in-paths.ts";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** The build's version: a hash (FNV-1a) of the precache list, so it changes with any file. */
function manifestVersion(entries: ReadonlyArray<{ url: string; revision: string | null }>): string {
  let hash = 0x811c9dc5;
  for (const char of entries.map((e) => `${e.url}@${e.revision ?? ""}`).join("|")) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

const manifest = self.__WB_MANIFEST;
const version = manifestVersion(manifest);
setCacheNameDetails({ prefix: "closr", suffix: version, precache: "precache", runtime: "runtime" });

// No directory index: a navigation to "/" is not the bare app shell but the server's page.
precacheAndRoute(manifest, { directoryIndex: "" });
cleanupOutdatedCaches();

/**
 * The run-time routes, on their own router (after the precache's): it also answers the page's
 * CACHE_URLS message by running each URL through the matching route, which stores it.
 */
const router = new Router();
const sameOriginGet = (url: URL, request: Request) =>
  url.origin === self.location.origin && request.method === "GET";

/** A remote's entry and manifest change on every deploy: network first, cached for offline. */
router.registerRoute(
  new Route(
    ({ url, request }) =>
      sameOriginGet(url, request) &&
      /^\/remotes\/[^/]+\/(?:remoteEntry\.js|mf-manifest\.json)$/.test(url.pathname),
    new NetworkFirst({ cacheName: `closr-remotes-${version}`, networkTimeoutSeconds: 4 }),
  ),
);
/** The run-time list of remotes: small, changes with deploys, needed offline to boot the shell. */
router.registerRoute(
  new Route(
    ({ url, request }) => sameOriginGet(url, request) && url.pathname === "/remotes.json",
    new NetworkFirst({ cacheName: `closr-remotes-${version}`, networkTimeoutSeconds: 4 }),
  ),
);
/**
 * Hashed build files not in the precache — the shell's lazy chunks (/assets/…) and every
 * remote's chunks (/remotes/<name>/assets/…): a name never changes content, so cache first.
 * (A precached file handed over by the page is left to the precache.)
 */
router.registerRoute(
  new Route(
    ({ url, request }) =>
      sameOriginGet(url, request) &&
      /^(?:\/remotes\/[^/]+)?\/assets\/[^/]+$/.test(url.pathname) &&
      getCacheKeyForURL(url.href) === undefined,
    new CacheFirst({ cacheName: `closr-assets-${version}` }),
  ),
);
/** Navigations: the network (fresh HTML), else the app shell or the offline page. */
router.registerRoute(
  new Route(
    ({ request, url }) => request.mode === "navigate" && !url.pathname.startsWith("/api/"),
    async ({ request, url }) => {
      try {
        return await fetch(request);
      } catch {
        const fallback = isSignedInPath(url.pathname) ? "/index.html" : "/offline.html";
        return (await matchPrecache(fallback)) ?? Response.error();
      }
    },
  ),
);
router.addFetchListener();
router.addCacheListener();

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith("closr-") && !key.endsWith(version))
            .map((key) => caches.delete(key)),
        ),
      ),
  );
});
clientsClaim();

self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") void self.skipWaiting();
});

/** The payload the API sends (services/api push sender): title, body, the page to open, a tag. */
type PushPayload = { title: string; body: string; url: string; tag?: string };

self.addEventListener("push", (event) => {
  const payload = (event.data?.json() ?? null) as PushPayload | null;
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: "/icons/icon-192.png",
      badge: "/icons/favicon-32.png",
      data: { url: payload.url },
      ...(payload.tag ? { tag: payload.tag } : {}),
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data as { url?: string })?.url ?? "/", self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open) {
        await open.focus();
        await open
          .navigate(target.href)
          .catch(() => open.postMessage({ type: "NAVIGATE", url: target.pathname + target.search }));
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
