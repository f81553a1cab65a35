/** Logs out with the toasts of spec §8, then returns to the landing page. */
import { describeFailure, useLogout } from "@closr/client";
import { toast } from "@closr/ui";
import { useNavigate } from "react-router";

export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({
          title: "Logged out successfully",
          description: "You have been logged out.",
          variant: "success",
        });
        navigate("/");
      },
      onError: (error) =>
        toast({
          title: "Logout failed",
          description: describeFailure(error).message,
          variant: "destructive",
        }),
    });
  return { signOut, isPending: logout.isPending };
}
