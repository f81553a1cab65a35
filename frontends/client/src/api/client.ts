/**
 * The one API client instance of the page (same origin, cookies included).
 * Shared through Module Federation with @closr/ui, so every remote uses it.
 */
import { createClosrClient } from "@closr/contracts/client";

export const apiClient = createClosrClient();
