/**
 * Account handlers (issue 15): password recovery (spec §2.4, §7), email verification and change,
 * password change, sessions, notification preferences, "Download my data" and "Delete my account".
 */
import { accountRoutes } from "@closr/contracts";
import {
  changePassword,
  confirmEmailChange,
  deleteAccount,
  downloadDataExport,
  getNotificationPreferences,
  listSessions,
  type NotificationPreferences,
  requestDataExport,
  requestEmailChange,
  requestPasswordReset,
  resendVerificationEmail,
  resetPassword,
  setNotificationPreferences,
  setTimeZone,
  shownEmail,
  signOutEverywhere,
  verifyEmail,
  verifyResetToken,
} from "@closr/core/identity";
import type { NotificationKind } from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { runUseCase } from "../../http/run.ts";
import { clearSessionCookie, readSessionToken } from "../../http/session-cookie.ts";
import { toUserJson } from "../../http/user-json.ts";
import type { AppRuntime } from "../../runtime.ts";

/** The one answer to POST /api/account/email, whether or not the address has an account (issue 48). */
export const changeEmailMessage = (email: string) =>
  `Check ${email} for a confirmation link. Your email changes once you open it.`;

/** The one answer to POST /api/forgot-password, known email or not. */
export const FORGOT_PASSWORD_MESSAGE =
  "If an account exists for that email, we have sent a link to reset the password. The link expires in 30 minutes.";

const preferenceKeys: Record<NotificationKind, keyof ReturnType<typeof preferencesJson>> = {
  "connection-requests": "connectionRequests",
  acceptances: "acceptances",
  invoices: "invoices",
  payments: "payments",
  "messages-digest": "messagesDigest",
};

const preferencesJson = (p: NotificationPreferences) => ({
  connectionRequests: p["connection-requests"] ?? true,
  acceptances: p.acceptances ?? true,
  invoices: p.invoices ?? true,
  payments: p.payments ?? true,
  messagesDigest: p["messages-digest"] ?? true,
});

export function registerAccountRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(accountRoutes.forgotPassword, async (c) => {
    const { email } = c.req.valid("json");
    // One insert (the job) whatever the email: same answer, same work, same time.
    return runUseCase(runtime, c, requestPasswordReset(email), () =>
      c.json({ message: FORGOT_PASSWORD_MESSAGE }, 200),
    );
  });

  app.openapi(accountRoutes.verifyResetToken, async (c) =>
    runUseCase(runtime, c, verifyResetToken(c.req.valid("query").token), () =>
      c.json({ valid: true as const }, 200),
    ),
  );

  app.openapi(accountRoutes.resetPassword, async (c) => {
    const body = c.req.valid("json");
    return runUseCase(runtime, c, resetPassword(body), (user) => {
      c.get("logger").info({ userId: user.id }, "password reset");
      clearSessionCookie(c);
      return c.json(
        { message: "Your password has been reset. You can now log in with your new password." },
        200,
      );
    });
  });

  app.openapi(accountRoutes.verifyEmail, async (c) =>
    runUseCase(runtime, c, verifyEmail(c.req.valid("json").token), (user) => c.json(toUserJson(user), 200)),
  );

  app.openapi(signedIn(accountRoutes.resendVerificationEmail), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, resendVerificationEmail(user), () =>
      c.json({ message: `We sent a new verification link to ${shownEmail(user)}.` }, 202),
    );
  });

  app.openapi(signedIn(accountRoutes.changeEmail), async (c) => {
    const user = c.get("user");
    // One answer whether or not another account uses the address (issue 48: no enumeration).
    return runUseCase(runtime, c, requestEmailChange(user, c.req.valid("json")), (email) =>
      c.json({ message: changeEmailMessage(email) }, 202),
    );
  });

  app.openapi(accountRoutes.confirmEmailChange, async (c) =>
    runUseCase(runtime, c, confirmEmailChange(c.req.valid("json").token), (user) =>
      c.json(toUserJson(user), 200),
    ),
  );

  app.openapi(signedIn(accountRoutes.changePassword), async (c) => {
    const user = c.get("user");
    const body = c.req.valid("json");
    const currentToken = readSessionToken(c) ?? "";
    return runUseCase(runtime, c, changePassword(user, { ...body, currentToken }), (endedSessions) =>
      c.json({ endedSessions }, 200),
    );
  });

  app.openapi(signedIn(accountRoutes.listSessions), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, listSessions(user, readSessionToken(c) ?? ""), (sessions) =>
      c.json(
        {
          items: sessions.map((s) => ({
            id: s.id,
            createdAt: s.createdAt.toISOString(),
            expiresAt: s.expiresAt.toISOString(),
            userAgent: s.userAgent,
            current: s.current,
          })),
        },
        200,
      ),
    );
  });

  app.openapi(signedIn(accountRoutes.signOutEverywhere), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, signOutEverywhere(user), () => {
      clearSessionCookie(c);
      return c.body(null, 204);
    });
  });

  app.openapi(signedIn(accountRoutes.getNotificationPreferences), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, getNotificationPreferences(user), (p) => c.json(preferencesJson(p), 200));
  });

  app.openapi(signedIn(accountRoutes.updateNotificationPreferences), async (c) => {
    const user = c.get("user");
    const patch = c.req.valid("json");
    const stored: Partial<Record<NotificationKind, boolean>> = {};
    for (const [kind, key] of Object.entries(preferenceKeys) as [NotificationKind, keyof typeof patch][]) {
      const value = patch[key];
      if (value !== undefined) stored[kind] = value;
    }
    return runUseCase(runtime, c, setNotificationPreferences(user, stored), (p) =>
      c.json(preferencesJson(p), 200),
    );
  });

  app.openapi(signedIn(accountRoutes.setTimeZone), async (c) => {
    const { timeZone } = c.req.valid("json");
    return runUseCase(runtime, c, setTimeZone(c.get("user"), timeZone), (user) =>
      c.json(toUserJson(user), 200),
    );
  });

  app.openapi(signedIn(accountRoutes.requestDataExport), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, requestDataExport(user), () =>
      c.json(
        {
          message: `We are preparing your data. A download link will arrive at ${shownEmail(user)} shortly.`,
        },
        202,
      ),
    );
  });

  app.openapi(signedIn(accountRoutes.downloadDataExport), async (c) => {
    const user = c.get("user");
    const { id } = c.req.valid("param");
    return runUseCase(runtime, c, downloadDataExport(user, id, c.req.valid("query").token), (data) => {
      c.header("content-disposition", `attachment; filename="closr-data-${user.id}.json"`);
      c.header("cache-control", "no-store");
      return c.json(data as Record<string, unknown>, 200);
    });
  });

  app.openapi(signedIn(accountRoutes.deleteAccount), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, deleteAccount(user, c.req.valid("json")), () => {
      c.get("logger").info({ userId: user.id }, "account deleted");
      clearSessionCookie(c);
      return c.body(null, 204);
    });
  });
}
