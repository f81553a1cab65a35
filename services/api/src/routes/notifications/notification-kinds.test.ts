/**
 * The contract's NotificationKind enum mirrors core's notificationKinds (contracts may not import
 * core, so the list is written in both; ADR 0009 amendment): the two stay equal, in order.
 */
import { NotificationKind } from "@closr/contracts";
import { notificationKinds } from "@closr/core/notification";
import { expect, it } from "vitest";

it("the contract's notification kinds are core's, in the same order", () => {
  expect(NotificationKind.options).toEqual([...notificationKinds]);
});
