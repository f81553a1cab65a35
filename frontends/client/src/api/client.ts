/**
 * The API client (same origin, cookies included; openapi-fetch over the contract). Configuration
 * only: no middleware, no cache, nothing kept between calls, so each app's bundled copy of
 * @closr/client may have its own without the apps drifting apart (ADR 0048).
 */
import { createClosrClient } from "@closr/contracts/client";

export const apiClient = createClosrClient();
