/**
 * Settings → Notifications: web push on this browser (issue 19). Turning it on asks the
 * browser's permission, subscribes with the server's VAPID key and stores the subscription
 * (PUT /api/push/subscription); turning it off unsubscribes both sides. Pushes go out for new
 * messages and partnership requests while no Closr tab is open.
 */

import { apiClient, toApiError } from "@closr/client";
import { Alert, Button, Card, CardContent, CardDescription, CardTitle, toast } from "@closr/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

const supported = () =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window;

const unchanging = () => () => undefined;

/**
 * Whether this browser can take push notifications; `undefined` on the server and during
 * hydration, which must draw what the server drew (issue 46: "does not support" on the server,
 * a button in the browser was React #418), then the browser's answer.
 */
const usePushSupport = (): boolean | undefined =>
  useSyncExternalStore(unchanging, supported, () => undefined);

/** base64url → bytes, as pushManager.subscribe wants the VAPID key. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const pushStateKey = ["push", "this-browser"] as const;

/** The page's service worker registration; an error when it has none (never waits forever). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration();
  if (!found)
    throw new Error(
      "Push needs Closr's service worker, which is not running: reload the page and try again.",
    );
  return found;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const found = await navigator.serviceWorker.getRegistration();
  return found ? found.pushManager.getSubscription() : null;
}

export function PushSettingsCard() {
  const queryClient = useQueryClient();
  const support = usePushSupport();
  const state = useQuery({
    queryKey: pushStateKey,
    enabled: support === true,
    queryFn: async () => (await currentSubscription()) !== null,
  });
  const enable = useMutation({
    mutationFn: async () => {
      const permission = await Notification.requestPermission();
      if (permission !== "granted")
        throw new Error("Notifications are blocked for this site in your browser settings.");
      const config = await apiClient.GET("/api/push/config");
      if (!config.data) throw toApiError(config.error, config.response);
      const worker = await registration();
      const subscription =
        (await worker.pushManager.getSubscription()) ??
        (await worker.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(config.data.publicKey),
        }));
      const json = subscription.toJSON();
      const saved = await apiClient.PUT("/api/push/subscription", {
        body: {
          endpoint: subscription.endpoint,
          keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
        },
      });
      if (!saved.response.ok) throw toApiError(saved.error, saved.response);
    },
    onSuccess: () => {
      queryClient.setQueryData(pushStateKey, true);
      toast({ title: "Push notifications on", variant: "success" });
    },
  });
  const disable = useMutation({
    mutationFn: async () => {
      const subscription = await currentSubscription();
      if (!subscription) return;
      await apiClient.DELETE("/api/push/subscription", { body: { endpoint: subscription.endpoint } });
      await subscription.unsubscribe();
    },
    onSuccess: () => {
      queryClient.setQueryData(pushStateKey, false);
      toast({ title: "Push notifications off", variant: "success" });
    },
  });
  const failure = enable.error ?? disable.error;
  return (
    <Card>
      <CardContent className="stack">
        <CardTitle>Push notifications on this device</CardTitle>
        <CardDescription>
          New messages and partnership requests, when you don't have Closr open. Opening one takes you to the
          conversation or request.
        </CardDescription>
        {support === false ? (
          <Alert variant="info">This browser does not support push notifications.</Alert>
        ) : state.data ? (
          <Button variant="outline" isPending={disable.isPending} onPress={() => disable.mutate()}>
            Turn off push notifications
          </Button>
        ) : (
          <Button
            isPending={support === undefined || enable.isPending || state.isPending}
            onPress={() => enable.mutate()}
          >
            Turn on push notifications
          </Button>
        )}
        {failure ? <Alert>{failure.message}</Alert> : null}
      </CardContent>
    </Card>
  );
}
