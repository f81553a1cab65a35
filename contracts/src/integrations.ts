/** Integrations schemas (issue 20): API keys in Settings → API. */
import { z } from "@hono/zod-openapi";
import { apiKeyAreas } from "./document.ts";

const scopeValues = apiKeyAreas.flatMap((area) => [`${area}:read`, `${area}:write`] as const);

export const ApiKeyScope = z.enum(scopeValues as [string, ...string[]]).openapi("ApiKeyScope", {
  description:
    "`<area>:read` allows the area's GET operations; `<area>:write` allows all of them (read included).",
  example: "invoices:write",
});

export const ApiKey = z
  .object({
    id: z.number().int().openapi({ example: 7 }),
    name: z.string().openapi({ example: "CRM sync" }),
    hint: z.string().openapi({
      description: "The secret's first characters, to tell keys apart.",
      example: "closr_live_Xq3v",
    }),
    scopes: z.array(ApiKeyScope),
    createdAt: z.iso.datetime().openapi({ example: "2026-11-24T09:30:00.000Z" }),
    lastUsedAt: z.iso
      .datetime()
      .nullable()
      .openapi({ description: "Last request with the key (to the minute); null = never used." }),
    revokedAt: z.iso
      .datetime()
      .nullable()
      .openapi({ description: "When it was revoked; null = active.", example: null }),
  })
  .openapi("ApiKey");

export const ApiKeyList = z
  .object({
    access: z.boolean().openapi({
      description: "Whether the account may create keys (Enterprise, or granted by an administrator).",
    }),
    items: z.array(ApiKey),
  })
  .openapi("ApiKeyList");

export const CreateApiKeyRequest = z
  .strictObject({
    name: z
      .string({ error: "Name is required" })
      .trim()
      .min(1, { error: "Name is required" })
      .max(100, { error: "Name must be at most 100 characters" })
      .openapi({ example: "CRM sync" }),
    scopes: z
      .array(ApiKeyScope, { error: "Choose at least one scope" })
      .min(1, { error: "Choose at least one scope" })
      .max(10)
      .openapi({ example: ["profiles:read", "partnerships:write", "invoices:write"] }),
  })
  .openapi("CreateApiKeyRequest");

export const CreatedApiKey = z
  .object({
    key: ApiKey,
    secret: z.string().openapi({
      description: "The key itself. Shown this once: only its SHA-256 is stored.",
      example: "closr_live_Xq3vT9aE1bYh0nK2cW7pLr5sD8fG4jM6uQzA1oI3eVw",
    }),
  })
  .openapi("CreatedApiKey", {
    // A new key (issue 49): never used, not revoked.
    example: {
      key: {
        id: 7,
        name: "CRM sync",
        hint: "closr_live_Xq3v",
        scopes: ["profiles:read", "invoices:write"],
        createdAt: "2026-11-24T09:30:00.000Z",
        lastUsedAt: null,
        revokedAt: null,
      },
      secret: "closr_live_Xq3vT9aE1bYh0nK2cW7pLr5sD8fG4jM6uQzA1oI3eVw",
    },
  });

export const ApiKeyId = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" }, example: 7 }),
});
