/**
 * Registers the service worker (/sw.js) once the page has loaded and the main thread is idle,
 * so it never competes with the first paint (spec §2.2: registered at load). When a new version is waiting, a toast
 * "New version available" offers Reload, which lets the new worker take over and reloads.
 * A notification click in the worker may ask this page to navigate (message NAVIGATE).
 * Once the worker is active, the page hands it the build files it loaded before the worker
 * controlled it (`CACHE_URLS`, ADR 0050), so a remote used on the first visit starts offline.
 */
import { toast } from "@closr/ui";

export function registerServiceWorker(navigate: (path: string) => void): void {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  navigator.serviceWorker.addEventListener(
    "message",
    (event: MessageEvent<{ type?: string; url?: string }>) => {
      if (event.data?.type === "NAVIGATE" && event.data.url?.startsWith("/")) navigate(event.data.url);
    },
  );
  const start = async () => {
    const { Workbox } = await import("workbox-window");
    const wb = new Workbox("/sw.js", { scope: "/" });
    wb.addEventListener("waiting", () => {
      toast({
        title: "New version available",
        description: "Reload to use the latest Closr.",
        durationMs: 24 * 60 * 60 * 1000,
        action: {
          label: "Reload",
          onPress: () => {
            wb.addEventListener("controlling", () => window.location.reload());
            wb.messageSkipWaiting();
          },
        },
      });
    });
    // A browser that refuses service workers (private modes, policies, tests) keeps working.
    const registration = await wb
      .register()
      .catch((error: unknown) => console.warn("service worker not registered:", error));
    if (!registration) return;
    await wb.active;
    wb.messageSW({ type: "CACHE_URLS", payload: { urlsToCache: loadedBuildFiles() } }).catch(() => undefined);
  };
  // After load and then the first idle moment (at most 2 s later): the worker's install
  // downloads the whole precache, which should not compete with the page's own start-up.
  const whenIdle = () => {
    if ("requestIdleCallback" in window) requestIdleCallback(() => void start(), { timeout: 2000 });
    else setTimeout(() => void start(), 1000);
  };
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}

/**
 * The same-origin build files this page has loaded (the shell's /assets/…, a remote's entry,
 * manifest and chunks under /remotes/…, /remotes.json), as absolute URLs, from resource timing.
 */
function loadedBuildFiles(): string[] {
  const urls = performance
    .getEntriesByType("resource")
    .map((entry) => new URL(entry.name))
    .filter(
      (url) =>
        url.origin === window.location.origin &&
        (url.pathname.startsWith("/assets/") ||
          url.pathname.startsWith("/remotes/") ||
          url.pathname === "/remotes.json"),
    )
    .map((url) => url.href);
  return [...new Set(urls)];
}
