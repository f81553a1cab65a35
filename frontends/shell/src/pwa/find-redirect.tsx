/** /find (the installed app's "Find" shortcut): the signed-in user's search page by user type. */
import { useCurrentUser } from "@closr/client";
import { Redirect } from "../app/redirect.tsx";

export function FindRedirect() {
  const { data: user } = useCurrentUser();
  if (!user) return null; // RequireUser around this route handles loading and signed-out
  return <Redirect to={user.userType === "business" ? "/business/find-agents" : "/agent/find-businesses"} />;
}
