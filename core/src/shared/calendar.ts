/** Calendar-date formatting the contexts share: Sydney's `yyyy-MM-dd` and the long "23 November 2026". */

const sydneyIsoFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Australia/Sydney",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar date (`yyyy-MM-dd`) in Australia/Sydney at instant `at`. */
export const sydneyIsoDate = (at: Date): string => sydneyIsoFormat.format(at);

const longFormat = new Intl.DateTimeFormat("en-AU", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "23 November 2026": the UTC calendar day of `at`, month spelled out. */
export const longUtcDate = (at: Date): string => longFormat.format(at);
