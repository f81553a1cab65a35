/**
 * Profile labels and the card preview (spec §2.8, §9), shared by the app (frontends/partner-kit
 * profile-format.ts re-exports them) and the server-rendered dashboards (ADR 0033), so both
 * print the same words.
 */
/** The first letter in upper case: "sydney" → "Sydney". */
export const titleCase = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** "sydney" → "Sydney". */
export const locationLabel = (value: string) => titleCase(value);
/** "technology" → "Technology". */
export const industryLabel = (value: string) => titleCase(value);
/** "6-10" → "6-10 years" (spec §9). */
export const experienceBandLabel = (band: string) => `${band} years`;
/** 0 → "Any", 15 → "15%+" (spec §9). */
export const commissionOptionLabel = (rate: number) => (rate === 0 ? "Any" : `${rate}%+`);
/**
 * An agent's years of experience as the count it is: "19 years", "1 year". Spec §2.8 prints it
 * "with a plus sign", but the profile stores an exact number, so "19+ years" claimed more than the
 * agent said (issue 46); the plus belongs to the filter's open band ("10+ years") only.
 */
export const experienceLabel = (years: number) => `${years} ${years === 1 ? "year" : "years"}`;

export const BIO_PREVIEW_LENGTH = 100;

/** The first 100 characters, cut at a word where possible, with an ellipsis (spec §9). */
export function previewText(text: string | null | undefined, length = BIO_PREVIEW_LENGTH): string {
  const value = (text ?? "").trim();
  if (value.length <= length) return value;
  const cut = value.slice(0, length);
  const atSpace = cut.lastIndexOf(" ");
  return `${(atSpace > length * 0.6 ? cut.slice(0, atSpace) : cut).trimEnd()}…`;
}
