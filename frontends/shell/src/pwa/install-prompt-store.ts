/**
 * The browser's install offer (spec §2.2): keeps the `beforeinstallprompt` event (Chromium
 * fires it once the manifest, icons and service worker qualify) so the banner and the floating
 * button can show it later. public/pwa-early.js catches an offer made before the app's modules
 * load (federation starts them after the page's load event); this module takes over from there.
 */
import { useSyncExternalStore } from "react";

/** Chromium's `beforeinstallprompt` event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform: string }>;
}

type InstallState = { offer: BeforeInstallPromptEvent | null; installed: boolean };

/** An offer caught by public/pwa-early.js before this module loaded. */
const early =
  typeof window !== "undefined"
    ? ((window as { __closrInstallOffer?: BeforeInstallPromptEvent }).__closrInstallOffer ?? null)
    : null;

let state: InstallState = {
  offer: early,
  installed:
    typeof window !== "undefined" && window.matchMedia?.("(display-mode: standalone)").matches === true,
};
const listeners = new Set<() => void>();
const set = (next: InstallState) => {
  state = next;
  for (const listener of listeners) listener();
};

if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault(); // we show our own banner instead of the mini-infobar
    set({ ...state, offer: event as BeforeInstallPromptEvent });
  });
  window.addEventListener("appinstalled", () => set({ offer: null, installed: true }));
}

/** The pending install offer (null when the browser made none or the app is installed). */
export function useInstallOffer(): InstallState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    // Server and hydration: no offer yet (the served HTML shows no banner; ADR 0047).
    () => serverState,
  );
}

const serverState: InstallState = { offer: null, installed: false };

/** Shows the browser's install dialog; the offer is spent either way. Returns the user's answer. */
export async function promptInstall(): Promise<"accepted" | "dismissed" | "unavailable"> {
  const offer = state.offer;
  if (!offer) return "unavailable";
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  set({ offer: null, installed: outcome === "accepted" });
  return outcome;
}
