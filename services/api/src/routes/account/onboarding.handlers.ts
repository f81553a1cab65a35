/** Onboarding handlers: spec §7 GET/POST /api/onboarding, PATCH /progress, PATCH /complete. */
import { onboardingRoutes } from "@closr/contracts";
import {
  finishOnboarding,
  getOnboarding,
  type Onboarding,
  recordOnboardingProgress,
  startOnboarding,
} from "@closr/core/onboarding";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";

const onboardingJson = (o: Onboarding) => ({
  id: o.id,
  userId: o.userId,
  status: o.status,
  currentStep: o.currentStep,
  totalSteps: o.totalSteps,
  completedSteps: [...o.completedSteps],
  lastUpdated: o.lastUpdated.toISOString(),
  completedAt: o.completedAt ? o.completedAt.toISOString() : null,
  metadata: { ...o.metadata },
});

export function registerOnboardingRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(signedIn(onboardingRoutes.getOnboarding), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, getOnboarding(user), (o) => c.json(onboardingJson(o), 200));
  });

  app.openapi(signedIn(onboardingRoutes.createOnboarding), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, startOnboarding(user, c.req.valid("json")), (r) =>
      c.json(onboardingJson(r.onboarding), r.created ? 201 : 200),
    );
  });

  app.openapi(signedIn(onboardingRoutes.updateOnboardingProgress), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, recordOnboardingProgress(user, c.req.valid("json")), (o) =>
      c.json(onboardingJson(o), 200),
    );
  });

  app.openapi(signedIn(onboardingRoutes.completeOnboarding), async (c) => {
    const user = c.get("user");
    let body: { dismissed?: boolean | undefined; totalSteps?: number | undefined } = {};
    try {
      body = c.req.valid("json") ?? {};
    } catch {}
    const totalSteps = body.totalSteps ?? (user.userType === "agent" ? 5 : 4);
    return runUseCase(
      runtime,
      c,
      finishOnboarding(user, { dismissed: body.dismissed ?? false, totalSteps }),
      (o) => c.json(onboardingJson(o), 200),
    );
  });
}
