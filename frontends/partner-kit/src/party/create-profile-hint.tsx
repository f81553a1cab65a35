/**
 * The find pages' hint to a caller without a profile (spec §2.8, §2.9): results are ranked by
 * match only once the caller has a profile, so until then they are sorted by newest.
 */
import { Alert, LinkButton } from "@closr/ui";
import type { Party } from "./party-nav.ts";

const words: Record<Party, { counterparts: string; create: string }> = {
  business: { counterparts: "agents", create: "Create Business Profile" },
  agent: { counterparts: "businesses", create: "Create Agent Profile" },
};

export function CreateProfileHint({ party }: { party: Party }) {
  return (
    <Alert variant="info">
      <div className="inline-alert">
        <span>
          <strong>{`Create your ${party} profile for better matches.`}</strong>
          {` Until then, ${words[party].counterparts} are sorted by newest.`}
        </span>
        <LinkButton href={`/${party}/create-profile`} size="sm">
          {words[party].create}
        </LinkButton>
      </div>
    </Alert>
  );
}
