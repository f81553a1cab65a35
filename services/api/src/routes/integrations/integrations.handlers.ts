/** Integrations routes (issue 20): the caller's API keys in Settings → API (session only). */
import { integrationRoutes } from "@closr/contracts";
import { type ApiKey, createApiKey, listApiKeys, revokeApiKey } from "@closr/core/integrations";
import type { OpenAPIHono } from "@hono/zod-openapi";
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
    runUseCase(runtime, c, revokeApiKey(c.get("user"), c.req.valid("param").id), (key) =>
      c.json(apiKeyJson(key), 200),
    ),
  );
}
