/** /find (the installed app's "Find" shortcut): the signed-in user's search page by user type. */
import { useCurrentUser } from "@closr/client";
import { Navigate } from "react-router";

export function FindRedirect() {
  const { data: user } = useCurrentUser();
  if (!user) return null; // RequireUser around this route handles loading and signed-out
  return (
    <Navigate
      to={user.userType === "business" ? "/business/find-agents" : "/agent/find-businesses"}
      replace
    />
  );
}
