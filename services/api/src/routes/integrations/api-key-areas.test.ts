/**
 * The contract's API-key areas mirror core's API_KEY_AREAS (contracts may not import core, so the
 * list is written in both): the two stay equal, in order, and every area is some tag's (issue 44
 * added `opportunities`).
 */
import { apiKeyAreas, tagAreas } from "@closr/contracts";
import { API_KEY_AREAS } from "@closr/core/integrations";
import { expect, it } from "vitest";

it("the contract's API-key areas are core's, in the same order, each with a tag", () => {
  expect([...apiKeyAreas]).toEqual([...API_KEY_AREAS]);
  expect(new Set(Object.values(tagAreas))).toEqual(new Set(apiKeyAreas));
});
