/**
 * /profile (issue 15): the user's own profile form in edit mode — /business/profile or
 * /agent/profile, which send someone without a profile on to create-profile.
 */

import { useCurrentUser } from "@closr/client";
import { PageSpinner } from "@closr/ui";
import { Redirect } from "../../../app/redirect.tsx";

export function ProfileRedirect() {
  const { data: user } = useCurrentUser();
  if (!user) return <PageSpinner label="Loading" />;
  return <Redirect to={user.userType === "business" ? "/business/profile" : "/agent/profile"} />;
}
