/**
 * Settings → API (/settings/api; issue 20): create an API key with a name and a scope per area
 * (no access, read-only, read and write), see its secret once, see when each key was last used,
 * and revoke it. Accounts without API access (not Enterprise, no administrator's grant) see why
 * and where to upgrade. Below the keys, outgoing webhooks (webhooks-section.tsx).
 */

import { apiClient, describeFailure, formFailure, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardTitle,
  formatDate,
  PageSpinner,
  SelectField,
  TextField,
  toast,
} from "@closr/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { SettingsLayout } from "../../account/components/settings-layout.tsx";
import { WebhooksSection } from "./webhooks-section.tsx";

const areas = [
  { key: "profiles", label: "Profiles" },
  { key: "partnerships", label: "Partnerships" },
  { key: "invoices", label: "Invoices" },
  { key: "payments", label: "Payments" },
  { key: "messages", label: "Messages" },
  { key: "opportunities", label: "Opportunities" },
] as const;
type Area = (typeof areas)[number]["key"];
type Level = "" | "read" | "write";
type CreateApiKeyRequest = components["schemas"]["CreateApiKeyRequest"];
type Scope = CreateApiKeyRequest["scopes"][number];

const levels = [
  { value: "read", label: "Read only" },
  { value: "write", label: "Read and write" },
];

const keysKey = ["integrations", "api-keys"] as const;

const ok = <T,>(result: { data?: T; error?: unknown; response: Response }): T => {
  if (!result.response.ok) throw toApiError(result.error, result.response);
  return result.data as T;
};

const scopeLabel = (scope: string) => {
  const [area, level] = scope.split(":");
  const name = areas.find((a) => a.key === area)?.label ?? area;
  return `${name}: ${level === "write" ? "read and write" : "read only"}`;
};

export function ApiSettingsPage() {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: keysKey, queryFn: async () => ok(await apiClient.GET("/api/api-keys")) });
  const create = useMutation({
    mutationFn: async (body: CreateApiKeyRequest) => ok(await apiClient.POST("/api/api-keys", { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
  const revoke = useMutation({
    mutationFn: async (id: number) =>
      ok(await apiClient.DELETE("/api/api-keys/{id}", { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<Record<Area, Level>>({
    profiles: "read",
    partnerships: "",
    invoices: "",
    payments: "",
    messages: "",
    opportunities: "",
  });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [secret, setSecret] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = areas.flatMap(({ key }): Scope[] => {
      const level = scopes[key];
      return level ? [`${key}:${level}`] : [];
    });
    const found: Record<string, string | undefined> = {};
    if (!name.trim()) found.name = "Name is required";
    if (chosen.length === 0) found.scopes = "Choose at least one scope";
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    create.mutate(
      { name: name.trim(), scopes: chosen },
      {
        onSuccess: (created) => {
          setSecret(created.secret);
          setName("");
        },
        onError: formFailure(setErrors, "Key not created", "no-field-error"),
      },
    );
  };

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: "Copied", description: "The key is on your clipboard.", variant: "success" });
    } catch {
      toast({ title: "Copy failed", description: "Select the key and copy it.", variant: "destructive" });
    }
  };

  return (
    <SettingsLayout
      title="API"
      description="API keys let your own systems use Closr on your behalf. See the API reference at /api/docs."
    >
      {keys.isPending ? <PageSpinner label="Loading API keys" /> : null}
      {keys.isError ? <Alert>Your API keys could not be loaded. Reload the page to try again.</Alert> : null}
      {keys.data && !keys.data.access ? (
        <Card>
          <CardContent>
            <CardTitle>API access</CardTitle>
            <CardDescription>
              API access is included in the Enterprise plan. <a href="/pricing">Compare plans</a>
            </CardDescription>
          </CardContent>
        </Card>
      ) : null}
      {secret ? (
        <Card>
          <CardContent>
            <CardTitle>Your new API key</CardTitle>
            <Alert variant="info">
              Copy it now: you won't see it again. Send it as Authorization: Bearer.
            </Alert>
            <code className="api-key-secret" data-testid="api-key-secret">
              {secret}
            </code>
            <div className="row-gap">
              <Button variant="outline" onPress={copy}>
                Copy key
              </Button>
              <Button onPress={() => setSecret(null)}>Done</Button>
            </div>
          </CardContent>
        </Card>
      ) : null}
      {keys.data?.access && !secret ? (
        <Card>
          <CardContent>
            <CardTitle>Create an API key</CardTitle>
            <CardDescription>Give each system its own key, with only the access it needs.</CardDescription>
            <form className="form" onSubmit={onSubmit} noValidate aria-label="Create an API key">
              <TextField
                label="Name"
                name="name"
                value={name}
                onChange={(value) => {
                  setName(value);
                  setErrors((s) => ({ ...s, name: undefined }));
                }}
                errorMessage={errors.name}
                isRequired
              />
              <fieldset className="stack-sm">
                <legend className="field-label">Access</legend>
                {areas.map((area) => (
                  <SelectField
                    key={area.key}
                    label={area.label}
                    name={`scope-${area.key}`}
                    emptyOption="No access"
                    options={levels}
                    value={scopes[area.key]}
                    onChange={(event) => {
                      const level = event.target.value as Level;
                      setScopes((s) => ({ ...s, [area.key]: level }));
                      setErrors((s) => ({ ...s, scopes: undefined }));
                    }}
                  />
                ))}
                {errors.scopes ? (
                  <p className="field-error" role="alert">
                    {errors.scopes}
                  </p>
                ) : null}
              </fieldset>
              <Button type="submit" isPending={create.isPending}>
                Create key
              </Button>
            </form>
          </CardContent>
        </Card>
      ) : null}
      {keys.data && keys.data.items.length > 0 ? (
        <Card>
          <CardContent>
            <CardTitle>Your API keys</CardTitle>
            <ul className="session-list" aria-label="API keys">
              {keys.data.items.map((key) => (
                <li key={key.id} className="session-item">
                  <strong>{key.name}</strong>
                  <span className="muted">
                    {key.hint}… · {key.scopes.map(scopeLabel).join(", ")}
                  </span>
                  <span className="muted">
                    Created {formatDate(key.createdAt)} ·{" "}
                    {key.lastUsedAt ? `Last used ${formatDate(key.lastUsedAt)}` : "Never used"}
                  </span>
                  {key.revokedAt ? (
                    <span className="badge badge-secondary">Revoked {formatDate(key.revokedAt)}</span>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Revoke ${key.name}`}
                      isPending={revoke.isPending && revoke.variables === key.id}
                      onPress={() =>
                        revoke.mutate(key.id, {
                          onSuccess: () =>
                            toast({
                              title: "Key revoked",
                              description: `${key.name} no longer works.`,
                              variant: "success",
                            }),
                          onError: (error) =>
                            toast({
                              title: "Key not revoked",
                              description: describeFailure(error).message,
                              variant: "destructive",
                            }),
                        })
                      }
                    >
                      Revoke
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : keys.data?.access ? (
        <p className="muted">You have no API keys yet.</p>
      ) : null}
      {keys.data?.access ? <WebhooksSection /> : null}
    </SettingsLayout>
  );
}
