/**
 * Integrations routes (issue 20): the caller's API keys and webhook endpoints (Settings → API). Session only: an API key
 * cannot manage keys. Someone else's key answers 404.
 */
import { createRoute } from "@hono/zod-openapi";
import { ApiKey, ApiKeyId, ApiKeyList, CreateApiKeyRequest, CreatedApiKey } from "../integrations.ts";
import { commonProblems, problemResponses } from "../problems.ts";
import {
  CreatedWebhookEndpoint,
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  WebhookDelivery,
  WebhookDeliveryId,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointId,
  WebhookEndpointList,
} from "../webhooks.ts";
import { body, json, signedInProblems, signedInWriteProblems, writeProblems } from "./route-helpers.ts";

export const listApiKeys = createRoute({
  method: "get",
  path: "/api/api-keys",
  operationId: "listApiKeys",
  tags: ["integrations"],
  summary: "The caller's API keys, newest first",
  description: "Active and revoked keys (never their secrets), and whether the account may create keys.",
  responses: {
    200: json(ApiKeyList, "The keys"),
    ...signedInProblems(),
  },
});

export const createApiKey = createRoute({
  method: "post",
  path: "/api/api-keys",
  operationId: "createApiKey",
  tags: ["integrations"],
  summary: "Create an API key (shown once)",
  description:
    "Needs API access: the Enterprise plan or an administrator's grant (403 api-access-required). The answer carries the secret, which is never shown again; send it as `Authorization: Bearer <secret>`. At most 20 active keys (409 api-key-limit).",
  request: body(CreateApiKeyRequest),
  responses: {
    201: json(CreatedApiKey, "The key and its secret"),
    ...signedInWriteProblems("api-access-required", "api-key-limit"),
  },
});

export const revokeApiKey = createRoute({
  method: "delete",
  path: "/api/api-keys/{id}",
  operationId: "revokeApiKey",
  tags: ["integrations"],
  summary: "Revoke an API key",
  description: "Requests with the key answer 401 from now on. Revoking a revoked key changes nothing.",
  request: { params: ApiKeyId },
  responses: {
    200: json(ApiKey, "The revoked key"),
    ...signedInWriteProblems("not-found", "validation-failed"),
  },
});

export const listWebhookEndpoints = createRoute({
  method: "get",
  path: "/api/webhook-endpoints",
  operationId: "listWebhookEndpoints",
  tags: ["integrations"],
  summary: "The caller's webhook endpoints, newest first",
  description: "Endpoints (never their secrets), and whether the account may register endpoints.",
  responses: {
    200: json(WebhookEndpointList, "The endpoints"),
    ...problemResponses("unauthenticated", ...commonProblems),
  },
});

export const createWebhookEndpoint = createRoute({
  method: "post",
  path: "/api/webhook-endpoints",
  operationId: "createWebhookEndpoint",
  tags: ["integrations"],
  summary: "Register a webhook endpoint (secret shown once)",
  description:
    "Needs API access, like API keys (403 api-access-required). The URL must be http(s); in production it must not be a loopback, private or link-local address (422). The answer carries the signing secret, which is never shown again. At most 10 endpoints (409 webhook-endpoint-limit).",
  request: body(CreateWebhookEndpointRequest),
  responses: {
    201: json(CreatedWebhookEndpoint, "The endpoint and its signing secret"),
    ...problemResponses(
      "unauthenticated",
      "api-access-required",
      "webhook-endpoint-limit",
      ...writeProblems,
      ...commonProblems,
    ),
  },
});

export const updateWebhookEndpoint = createRoute({
  method: "patch",
  path: "/api/webhook-endpoints/{id}",
  operationId: "updateWebhookEndpoint",
  tags: ["integrations"],
  summary: "Change, enable or disable a webhook endpoint",
  description:
    "Changes the URL, description or event types, or enables/disables it. A disabled endpoint gets nothing: events are not kept for it. Another account's endpoint answers 404.",
  request: { params: WebhookEndpointId, ...body(UpdateWebhookEndpointRequest) },
  responses: {
    200: json(WebhookEndpoint, "The endpoint"),
    ...problemResponses(
      "unauthenticated",
      "api-access-required",
      "not-found",
      ...writeProblems,
      ...commonProblems,
    ),
  },
});

export const deleteWebhookEndpoint = createRoute({
  method: "delete",
  path: "/api/webhook-endpoints/{id}",
  operationId: "deleteWebhookEndpoint",
  tags: ["integrations"],
  summary: "Delete a webhook endpoint",
  description: "Deletes the endpoint and its delivery log; pending deliveries are not sent.",
  request: { params: WebhookEndpointId },
  responses: {
    204: { description: "Deleted" },
    ...problemResponses(
      "unauthenticated",
      "not-found",
      "validation-failed",
      ...writeProblems,
      ...commonProblems,
    ),
  },
});

export const listWebhookDeliveries = createRoute({
  method: "get",
  path: "/api/webhook-endpoints/{id}/deliveries",
  operationId: "listWebhookDeliveries",
  tags: ["integrations"],
  summary: "An endpoint's recent deliveries",
  description:
    "The newest 50 deliveries of the endpoint: event, status, attempts, last HTTP status and error, next retry.",
  request: { params: WebhookEndpointId },
  responses: {
    200: json(WebhookDeliveryList, "The deliveries, newest first"),
    ...problemResponses("unauthenticated", "not-found", "validation-failed", ...commonProblems),
  },
});

export const replayWebhookDelivery = createRoute({
  method: "post",
  path: "/api/webhook-deliveries/{id}/replay",
  operationId: "replayWebhookDelivery",
  tags: ["integrations"],
  summary: "Send a delivery again",
  description:
    "Queues the delivery again now, with the same event id (receivers should ignore ids they have processed). It still waits for earlier undelivered events of the same object.",
  request: { params: WebhookDeliveryId },
  responses: {
    200: json(WebhookDelivery, "The delivery, pending again"),
    ...problemResponses("unauthenticated", "not-found", ...writeProblems, ...commonProblems),
  },
});
