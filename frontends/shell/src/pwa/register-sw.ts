/**
 * Registers the service worker (/sw.js) once the page has loaded and the main thread is idle,
 * so it never competes with the first paint (spec §2.2: registered at load). When a new version is waiting, a toast
 * "New version available" offers Reload, which lets the new worker take over and reloads.
 * A notification click in the worker may ask this page to navigate (message NAVIGATE).
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
    await wb.register().catch((error: unknown) => console.warn("service worker not registered:", error));
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
