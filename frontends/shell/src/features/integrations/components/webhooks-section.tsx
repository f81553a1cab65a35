/**
 * Settings → API, webhooks (issue 20, ADR 0023): register an endpoint (URL, description, event
 * types) and see its signing secret once; enable, disable or delete it; open its delivery log
 * (event, status, HTTP code, attempts, next retry, last error) and Replay a delivery. Shown to
 * accounts with API access (same gate as API keys). Plain lists, so it reads at 390 px.
 */

import { apiClient, describeFailure, failureToast, formFailure, toApiError } from "@closr/client";
import {
  Alert,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardTitle,
  CheckboxField,
  formatDate,
  Spinner,
  TextField,
  toast,
} from "@closr/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";

/** The event types, grouped as the form shows them (contracts `WebhookEventType`). */
const eventGroups = [
  {
    label: "Partnerships",
    types: [
      "partnership.requested",
      "partnership.accepted",
      "partnership.rejected",
      "partnership.withdrawn",
      "partnership.ended",
    ],
  },
  {
    label: "Invoices",
    types: [
      "invoice.created",
      "invoice.paid",
      "invoice.overdue",
      "invoice.collection_scheduled",
      "invoice.collection_failed",
    ],
  },
  {
    label: "Mandates",
    types: ["mandate.created", "mandate.activated", "mandate.inactive", "mandate.revoked"],
  },
  { label: "Payments", types: ["payment.succeeded", "payment.failed", "payment.refunded"] },
  { label: "Messages", types: ["message.created"] },
  {
    label: "Verification",
    types: ["verification.approved", "verification.rejected", "verification.changes_requested"],
  },
] as const;
type EventType = (typeof eventGroups)[number]["types"][number];

const endpointsKey = ["integrations", "webhook-endpoints"] as const;
const deliveriesKey = (id: number) => ["integrations", "webhook-deliveries", id] as const;

const ok = <T,>(result: { data?: T; error?: unknown; response: Response }): T => {
  if (!result.response.ok) throw toApiError(result.error, result.response);
  return result.data as T;
};

const statusVariant = (status: string) =>
  status === "delivered" ? "success" : status === "failed" ? "destructive" : "secondary";

/** One endpoint's delivery log with Replay. */
function DeliveryLog({ endpointId }: { endpointId: number }) {
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    queryKey: deliveriesKey(endpointId),
    queryFn: async () =>
      ok(
        await apiClient.GET("/api/webhook-endpoints/{id}/deliveries", {
          params: { path: { id: endpointId } },
        }),
      ),
    refetchInterval: 5_000,
  });
  const replay = useMutation({
    mutationFn: async (id: number) =>
      ok(await apiClient.POST("/api/webhook-deliveries/{id}/replay", { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
  });
  if (deliveries.isPending) return <Spinner label="Loading deliveries" size="sm" />;
  if (deliveries.isError)
    return <Alert>The deliveries could not be loaded. Reload the page to try again.</Alert>;
  if (deliveries.data.items.length === 0)
    return <p className="muted">No deliveries yet. Events you subscribed to appear here once they happen.</p>;
  return (
    <ul className="session-list" aria-label="Recent deliveries">
      {deliveries.data.items.map((d) => (
        <li key={d.id} className="session-item">
          <strong>{d.eventType}</strong>
          <span>
            <Badge variant={statusVariant(d.status)}>{d.status}</Badge>{" "}
            <span className="muted">
              {d.lastStatusCode !== null ? `HTTP ${d.lastStatusCode}` : "No answer yet"} · {d.attempts}{" "}
              {d.attempts === 1 ? "attempt" : "attempts"}
            </span>
          </span>
          <span className="muted">
            {formatDate(d.createdAt)}
            {d.nextAttemptAt ? ` · Next retry ${formatDate(d.nextAttemptAt)}` : ""}
          </span>
          {d.lastError ? <span className="muted">Last error: {d.lastError}</span> : null}
          <Button
            variant="outline"
            size="sm"
            aria-label={`Replay ${d.eventType} delivery ${d.id}`}
            isDisabled={d.status === "sending"}
            isPending={replay.isPending && replay.variables === d.id}
            onPress={() =>
              replay.mutate(d.id, {
                onSuccess: () =>
                  toast({
                    title: "Delivery queued",
                    description: "It will be sent again now.",
                    variant: "success",
                  }),
                onError: (error) =>
                  toast({
                    title: "Not replayed",
                    description: describeFailure(error).message,
                    variant: "destructive",
                  }),
              })
            }
          >
            Replay
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function WebhooksSection() {
  const queryClient = useQueryClient();
  const endpoints = useQuery({
    queryKey: endpointsKey,
    queryFn: async () => ok(await apiClient.GET("/api/webhook-endpoints")),
  });
  const invalidate = () => queryClient.invalidateQueries({ queryKey: endpointsKey });
  const create = useMutation({
    mutationFn: async (body: { url: string; description: string; events: EventType[] }) =>
      ok(await apiClient.POST("/api/webhook-endpoints", { body })),
    onSuccess: invalidate,
  });
  const update = useMutation({
    mutationFn: async ({ id, enabled }: { id: number; enabled: boolean }) =>
      ok(
        await apiClient.PATCH("/api/webhook-endpoints/{id}", { params: { path: { id } }, body: { enabled } }),
      ),
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      const result = await apiClient.DELETE("/api/webhook-endpoints/{id}", { params: { path: { id } } });
      if (!result.response.ok) throw toApiError(result.error, result.response);
    },
    onSuccess: invalidate,
  });
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<EventType[]>([]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  if (endpoints.isPending) return <Spinner label="Loading webhook endpoints" />;
  if (endpoints.isError)
    return <Alert>Your webhook endpoints could not be loaded. Reload the page to try again.</Alert>;
  if (!endpoints.data.access) return null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string | undefined> = {};
    if (!url.trim()) found.url = "URL is required";
    if (events.length === 0) found.events = "Choose at least one event type";
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    create.mutate(
      { url: url.trim(), description: description.trim(), events },
      {
        onSuccess: (created) => {
          setSecret(created.secret);
          setUrl("");
          setDescription("");
          setEvents([]);
        },
        onError: formFailure(setErrors, "Endpoint not added", "no-field-error"),
      },
    );
  };

  const toggle = (type: EventType, on: boolean) => {
    setEvents((current) => (on ? [...current, type] : current.filter((t) => t !== type)));
    setErrors((s) => ({ ...s, events: undefined }));
  };

  return (
    <>
      {secret ? (
        <Card>
          <CardContent>
            <CardTitle>Your endpoint's signing secret</CardTitle>
            <Alert variant="info">
              Copy it now: you won't see it again. Check each delivery's Closr-Signature header with it.
            </Alert>
            <code className="api-key-secret" data-testid="webhook-secret">
              {secret}
            </code>
            <div className="row-gap">
              <Button onPress={() => setSecret(null)}>Done</Button>
            </div>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent>
            <CardTitle>Add a webhook endpoint</CardTitle>
            <CardDescription>
              Closr sends the events you choose to your URL, signed, retried for 3 days, in order per object.
            </CardDescription>
            <form className="form" onSubmit={onSubmit} noValidate aria-label="Add a webhook endpoint">
              <TextField
                label="Endpoint URL"
                name="url"
                type="url"
                value={url}
                onChange={(value) => {
                  setUrl(value);
                  setErrors((s) => ({ ...s, url: undefined }));
                }}
                errorMessage={errors.url}
                isRequired
              />
              <TextField
                label="Description (optional)"
                name="description"
                value={description}
                onChange={setDescription}
                errorMessage={errors.description}
              />
              <fieldset className="stack-sm webhook-events">
                <legend className="field-label">Events</legend>
                {eventGroups.map((group) => (
                  <fieldset key={group.label} className="stack-sm">
                    <legend className="muted">{group.label}</legend>
                    {group.types.map((type) => (
                      <CheckboxField
                        key={type}
                        label={type}
                        checked={events.includes(type)}
                        onChange={(on) => toggle(type, on)}
                      />
                    ))}
                  </fieldset>
                ))}
                {errors.events ? (
                  <p className="field-error" role="alert">
                    {errors.events}
                  </p>
                ) : null}
              </fieldset>
              <Button type="submit" isPending={create.isPending}>
                Add endpoint
              </Button>
            </form>
          </CardContent>
        </Card>
      )}
      <Card>
        <CardContent>
          <CardTitle>Your webhook endpoints</CardTitle>
          {endpoints.data.items.length === 0 ? (
            <p className="muted">You have no webhook endpoints yet.</p>
          ) : (
            <ul className="session-list" aria-label="Webhook endpoints">
              {endpoints.data.items.map((endpoint) => {
                const name = endpoint.description || endpoint.url;
                return (
                  <li key={endpoint.id} className="session-item">
                    <strong className="break-anywhere">{endpoint.url}</strong>
                    {endpoint.description ? <span className="muted">{endpoint.description}</span> : null}
                    <span className="muted">{endpoint.events.join(", ")}</span>
                    <span>
                      <Badge variant={endpoint.enabled ? "success" : "secondary"}>
                        {endpoint.enabled ? "Enabled" : "Disabled"}
                      </Badge>
                    </span>
                    <div className="row-gap">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-expanded={open === endpoint.id}
                        aria-label={`${open === endpoint.id ? "Hide" : "Show"} deliveries of ${name}`}
                        onPress={() => setOpen(open === endpoint.id ? null : endpoint.id)}
                      >
                        {open === endpoint.id ? "Hide deliveries" : "Show deliveries"}
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`${endpoint.enabled ? "Disable" : "Enable"} ${name}`}
                        isPending={update.isPending && update.variables?.id === endpoint.id}
                        onPress={() =>
                          update.mutate(
                            { id: endpoint.id, enabled: !endpoint.enabled },
                            {
                              onError: failureToast("Endpoint not changed"),
                            },
                          )
                        }
                      >
                        {endpoint.enabled ? "Disable" : "Enable"}
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Delete ${name}`}
                        isPending={remove.isPending && remove.variables === endpoint.id}
                        onPress={() =>
                          remove.mutate(endpoint.id, {
                            onSuccess: () =>
                              toast({
                                title: "Endpoint deleted",
                                description: endpoint.url,
                                variant: "success",
                              }),
                            onError: (error) =>
                              toast({
                                title: "Endpoint not deleted",
                                description: describeFailure(error).message,
                                variant: "destructive",
                              }),
                          })
                        }
                      >
                        Delete
                      </Button>
                    </div>
                    {open === endpoint.id ? <DeliveryLog endpointId={endpoint.id} /> : null}
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
    </>
  );
}
