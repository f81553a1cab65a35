/**
 * The business remote's release note: a line the business team may ship with one build of this
 * remote (VITE_BUSINESS_RELEASE_NOTE at build time; nothing when unset), shown at the top of the
 * dashboard. It changes only when this remote is rebuilt and redeployed, so it also shows which
 * build of the remote a user is running (independent deployment, ADR 0048).
 */
const releaseNote: string | undefined = import.meta.env.VITE_BUSINESS_RELEASE_NOTE;

export function ReleaseNote() {
  if (!releaseNote) return null;
  return <p className="release-note">{releaseNote}</p>;
}
