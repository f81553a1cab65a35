/**
 * The caller has no profile of their side yet (the API answers 404 "No agent profile found."):
 * a friendly empty state that names what the profile unlocks and links to creating it, never a
 * red error with Retry (payouts, invoices, analytics, performance).
 */
import { EmptyState } from "@closr/ui";
import type { Party } from "./party-nav.ts";

/** True when `error` is the API's 404 for a caller without a profile of their side. */
export function isNoProfile(error: unknown): boolean {
  const problem = (error as { problem?: { status?: number } } | null)?.problem;
  return problem?.status === 404;
}

const create: Record<Party, { label: string; href: string }> = {
  business: { label: "Create Business Profile", href: "/business/create-profile" },
  agent: { label: "Create Agent Profile", href: "/agent/create-profile" },
};

/** "Create your agent profile to see your payouts." with the Create … Profile button. */
export function NoProfileState({ party, unlocks }: { party: Party; unlocks: string }) {
  return (
    <EmptyState
      icon="user"
      title={`Create your ${party} profile first`}
      text={`Create your ${party} profile to ${unlocks}.`}
      action={create[party]}
    />
  );
}
