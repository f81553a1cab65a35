/** Notification centre handlers (issue 18): the bell's list, mark one or all read. */
import { notificationRoutes } from "@closr/contracts";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationList,
} from "@closr/core/notification";
import { NotificationId } from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";

const listJson = (list: NotificationList) => ({
  items: list.items.map((n) => ({
    id: n.id,
    kind: n.kind,
    title: n.title,
    link: n.link,
    read: n.readAt !== null,
    createdAt: n.createdAt.toISOString(),
  })),
  unread: list.unread,
});

export function registerNotificationRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(signedIn(notificationRoutes.listNotifications), async (c) =>
    runUseCase(runtime, c, listNotifications(c.get("user")), (list) => c.json(listJson(list), 200)),
  );

  app.openapi(signedIn(notificationRoutes.markNotificationRead), async (c) =>
    runUseCase(
      runtime,
      c,
      markNotificationRead(c.get("user"), NotificationId.make(c.req.valid("param").id)),
      (list) => c.json(listJson(list), 200),
    ),
  );

  app.openapi(signedIn(notificationRoutes.markAllNotificationsRead), async (c) =>
    runUseCase(runtime, c, markAllNotificationsRead(c.get("user")), (list) => c.json(listJson(list), 200)),
  );
}
