/**
 * Marks `<html data-hydrated>` once React owns the page (end-to-end tests wait for it; ADR 0047).
 * Rendered beside the providers on the server and in the browser alike: React's `useId` values
 * follow the tree's shape, so both trees must have the same children for ids to match.
 */
import { useEffect } from "react";

export function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
