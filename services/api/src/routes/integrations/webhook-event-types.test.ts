/**
 * The contract's webhook event types mirror core's WEBHOOK_EVENT_TYPES (contracts may not import
 * core, so the list is written in both, like the notification kinds): the two stay equal, in order.
 */
import { webhookEventTypes } from "@closr/contracts";
import { WEBHOOK_EVENT_TYPES } from "@closr/core/integrations";
import { expect, it } from "vitest";

it("the contract's webhook event types are core's, in the same order", () => {
  expect([...webhookEventTypes]).toEqual([...WEBHOOK_EVENT_TYPES]);
});
