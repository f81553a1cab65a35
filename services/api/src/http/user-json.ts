/** Maps core's User to the contract's User JSON (dates as ISO 8601 UTC). */
import type { User as ApiUser } from "@closr/contracts";
import type { User } from "@closr/core/identity";

export const toUserJson = (user: User): ApiUser => ({
  id: user.id,
  email: user.email,
  username: user.username,
  userType: user.userType,
  verificationStatus: user.verificationStatus,
  role: user.role,
  emailVerified: user.emailVerified,
  createdAt: user.createdAt.toISOString(),
  timeZone: user.timeZone,
});
