/**
 * Connection state for the shell: `useOnline()` follows the browser's online/offline events,
 * and `OfflineNotice` is the bar shown while offline ("You're offline", what still works).
 * Back online, every query is refetched (the session check first among them).
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";

const subscribe = (listener: () => void) => {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
};

/** True while the browser reports a connection. */
export function useOnline(): boolean {
  // On the server (and while hydrating) the page is online (ADR 0047).
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

export function OfflineNotice() {
  const online = useOnline();
  const queryClient = useQueryClient();
  const wasOffline = useRef(false);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      void queryClient.invalidateQueries();
    }
  }, [online, queryClient]);
  if (online) return null;
  return (
    <div className="offline-notice" role="status">
      <strong>You're offline.</strong> Pages you have opened still show; anything new loads, and anything you
      send goes through, once you're back online.
    </div>
  );
}
