/**
 * Verification API for the /verification page: the caller's requests (GET), and applying or
 * resubmitting as multipart/form-data through XMLHttpRequest, whose upload events give the
 * progress of each file (files are sent in order, so each file's share of the bytes is known).
 */

import { ApiError, apiClient, isProblem, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { useQuery } from "@tanstack/react-query";

export type VerificationRequest = components["schemas"]["VerificationRequest"];
export const verificationRequestsKey = ["verification-requests"] as const;

/** The caller's requests, newest first (the first is the latest); only when signed in. */
export function useVerificationRequests(enabled: boolean) {
  return useQuery({
    queryKey: verificationRequestsKey,
    enabled,
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/verification-requests");
      if (error !== undefined || !data) throw toApiError(error, response);
      return data.items;
    },
  });
}

/** Progress of each file field, 0–1. */
export type FileProgress = Record<string, number>;

/**
 * Sends the application. `files` are appended after the text fields in this order, so the
 * bytes uploaded so far tell how far each file is.
 */
export function sendApplication(
  url: string,
  fields: Record<string, string>,
  files: Record<string, File>,
  onProgress: (progress: FileProgress) => void,
): Promise<VerificationRequest> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const entries = Object.entries(files);
  for (const [key, file] of entries) form.append(key, file);
  const total = entries.reduce((sum, [, f]) => sum + f.size, 0);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      // Headers and text fields come first; spread what is left over the files in order.
      let sent = Math.max(0, event.loaded - (event.total - total));
      const progress: FileProgress = {};
      for (const [key, file] of entries) {
        const part = Math.min(sent, file.size);
        progress[key] = file.size === 0 ? 1 : part / file.size;
        sent -= part;
      }
      onProgress(progress);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as VerificationRequest);
      reject(
        isProblem(body)
          ? new ApiError(body)
          : new ApiError({
              type: "about:blank",
              title: `Request failed (${xhr.status})`,
              status: xhr.status,
            }),
      );
    };
    xhr.onerror = () =>
      reject(new ApiError({ type: "about:blank", title: "Network error. Please try again.", status: 0 }));
    xhr.send(form);
  });
}
