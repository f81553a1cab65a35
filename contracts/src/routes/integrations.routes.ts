/**
 * Integrations routes (issue 20): the caller's API keys (Settings → API). Session only: an API key
 * cannot manage keys. Someone else's key answers 404.
 */
import { createRoute } from "@hono/zod-openapi";
import { ApiKey, ApiKeyId, ApiKeyList, CreateApiKeyRequest, CreatedApiKey } from "../integrations.ts";
import { body, json, signedInProblems, signedInWriteProblems } from "./route-helpers.ts";

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
