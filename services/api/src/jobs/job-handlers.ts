/**
 * The job handlers of this process (ADR 0010): each runs a core use case on the shared runtime.
 */
import type { JobHandlers } from "@closr/adapters/jobs";
import { runDataExport, runPasswordResetRequest } from "@closr/core/identity";
import type { AppRuntime } from "../runtime.ts";

export const jobHandlers = (runtime: AppRuntime): JobHandlers => ({
  "password-reset-request": (payload) => runtime.runPromise(runPasswordResetRequest(payload)),
  "data-export": (payload) => runtime.runPromise(runDataExport(payload)),
});
