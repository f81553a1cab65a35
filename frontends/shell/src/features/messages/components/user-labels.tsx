/** The user's initial, name, Verified badge and account label (spec §2.10: Business or Sales Agent). */
import { VerifiedBadge } from "@closr/partner-kit";
import type { PublicUser } from "../api/users.ts";

export const accountLabel = (userType: PublicUser["userType"]) =>
  userType === "business" ? "Business" : "Sales Agent";

export function UserInitial({ username }: { username: string }) {
  return (
    <span className="avatar messages-avatar" aria-hidden="true">
      {username.slice(0, 1).toUpperCase()}
    </span>
  );
}

export function UserBadges({ user }: { user: PublicUser }) {
  return (
    <span className="messages-user-badges">
      <VerifiedBadge status={user.verificationStatus} shown={user.verifiedBadge} />
      <span className="messages-account-label">{accountLabel(user.userType)}</span>
    </span>
  );
}
