/** Route definitions for the notification centre (issue 18). */
import { createRoute } from "@hono/zod-openapi";
import { NotificationIdParam, NotificationList } from "../notification.ts";
import { json, signedInProblems, signedInWriteProblems } from "./route-helpers.ts";

export const listNotifications = createRoute({
  method: "get",
  path: "/api/notifications",
  operationId: "listNotifications",
  tags: ["notifications"],
  summary: "The caller's newest notifications and unread count",
  responses: {
    200: json(NotificationList, "The list"),
    ...signedInProblems(),
  },
});

export const markNotificationRead = createRoute({
  method: "post",
  path: "/api/notifications/{id}/read",
  operationId: "markNotificationRead",
  tags: ["notifications"],
  summary: "Marks one of the caller's notifications read",
  description: "Another user's notification answers 404, like a missing one.",
  request: { params: NotificationIdParam },
  responses: {
    200: json(NotificationList, "The list after the change"),
    ...signedInWriteProblems("not-found"),
  },
});

export const markAllNotificationsRead = createRoute({
  method: "post",
  path: "/api/notifications/read-all",
  operationId: "markAllNotificationsRead",
  tags: ["notifications"],
  summary: "Marks all the caller's notifications read",
  responses: {
    200: json(NotificationList, "The list after the change"),
    ...signedInWriteProblems(),
  },
});
