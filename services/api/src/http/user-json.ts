/** Maps core's User to the contract's User JSON (dates as ISO 8601 UTC). */
import type { User as ApiUser } from "@closr/contracts";
import { shownEmail, type User } from "@closr/core/identity";

/** The user as they see themselves: an unclaimed address shows as their email (issue 48). */
export const toUserJson = (user: User): ApiUser => ({
  id: user.id,
  email: shownEmail(user),
  username: user.username,
  userType: user.userType,
  verificationStatus: user.verificationStatus,
  role: user.role,
  emailVerified: user.emailVerified,
  createdAt: user.createdAt.toISOString(),
  timeZone: user.timeZone,
});
