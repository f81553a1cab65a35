/** Integrations routes (issue 20): the caller's API keys in Settings → API (session only). */
import { integrationRoutes } from "@closr/contracts";
import {
  type ApiKey,
  createApiKey,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  hasApiAccess,
  listApiKeys,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  revokeApiKey,
  updateWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "@closr/core/integrations";
import { ApiKeyId } from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { Effect } from "effect";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";

/** An API key as the contract shows it (never the secret or its hash). */
export const apiKeyJson = (key: ApiKey) => ({
  id: key.id,
  name: key.name,
  hint: key.hint,
  scopes: [...key.scopes],
  createdAt: key.createdAt.toISOString(),
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  revokedAt: key.revokedAt?.toISOString() ?? null,
});

/** A webhook endpoint as the contract shows it (never the secret). */
export const webhookEndpointJson = (endpoint: WebhookEndpoint) => ({
  id: endpoint.id,
  url: endpoint.url,
  description: endpoint.description,
  events: [...endpoint.events],
  enabled: endpoint.enabled,
  createdAt: endpoint.createdAt.toISOString(),
});

/** One delivery of the log. */
export const webhookDeliveryJson = (d: WebhookDelivery) => ({
  id: d.id,
  endpointId: d.endpointId,
  eventId: d.eventId,
  eventType: d.eventType,
  status: d.status,
  attempts: d.attempts,
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
  createdAt: d.createdAt.toISOString(),
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
});

export function registerIntegrationRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(signedIn(integrationRoutes.listApiKeys), (c) =>
    runUseCase(runtime, c, listApiKeys(c.get("user")), ({ access, keys }) =>
      c.json({ access, items: keys.map(apiKeyJson) }, 200),
    ),
  );
  app.openapi(signedIn(integrationRoutes.createApiKey), (c) => {
    const { name, scopes } = c.req.valid("json");
    return runUseCase(runtime, c, createApiKey(c.get("user"), name, scopes), ({ key, secret }) =>
      c.json({ key: apiKeyJson(key), secret }, 201),
    );
  });
  app.openapi(signedIn(integrationRoutes.revokeApiKey), (c) =>
    runUseCase(runtime, c, revokeApiKey(c.get("user"), ApiKeyId.make(c.req.valid("param").id)), (key) =>
      c.json(apiKeyJson(key), 200),
    ),
  );

  // Outgoing webhooks (ADR 0023).
  app.openapi(signedIn(integrationRoutes.listWebhookEndpoints), (c) => {
    const user = c.get("user");
    return runUseCase(
      runtime,
      c,
      Effect.all([hasApiAccess(user), listWebhookEndpoints(user)]),
      ([access, endpoints]) => c.json({ access, items: endpoints.map(webhookEndpointJson) }, 200),
    );
  });
  app.openapi(signedIn(integrationRoutes.createWebhookEndpoint), (c) =>
    runUseCase(
      runtime,
      c,
      createWebhookEndpoint(c.get("user"), c.req.valid("json")),
      ({ endpoint, secret }) => c.json({ endpoint: webhookEndpointJson(endpoint), secret }, 201),
    ),
  );
  app.openapi(signedIn(integrationRoutes.updateWebhookEndpoint), (c) =>
    runUseCase(
      runtime,
      c,
      updateWebhookEndpoint(c.get("user"), c.req.valid("param").id, c.req.valid("json")),
      (endpoint) => c.json(webhookEndpointJson(endpoint), 200),
    ),
  );
  app.openapi(signedIn(integrationRoutes.deleteWebhookEndpoint), (c) =>
    runUseCase(runtime, c, deleteWebhookEndpoint(c.get("user"), c.req.valid("param").id), () =>
      c.body(null, 204),
    ),
  );
  app.openapi(signedIn(integrationRoutes.listWebhookDeliveries), (c) =>
    runUseCase(runtime, c, listWebhookDeliveries(c.get("user"), c.req.valid("param").id), (items) =>
      c.json({ items: items.map(webhookDeliveryJson) }, 200),
    ),
  );
  app.openapi(signedIn(integrationRoutes.replayWebhookDelivery), (c) =>
    runUseCase(runtime, c, replayWebhookDelivery(c.get("user"), c.req.valid("param").id), (delivery) =>
      c.json(webhookDeliveryJson(delivery), 200),
    ),
  );
}
