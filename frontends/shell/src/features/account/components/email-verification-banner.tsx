/** A gentle banner until the signed-in user confirms their email (issue 15), with "Resend link". */

import { describeFailure, useCurrentUser } from "@closr/client";
import { Button, toast } from "@closr/ui";
import { useResendVerification } from "../api/account-api.ts";

export function EmailVerificationBanner() {
  const { data: user } = useCurrentUser();
  const resend = useResendVerification();
  if (!user || user.emailVerified) return null;
  return (
    <aside className="verify-banner" aria-label="Email verification">
      <div className="container verify-banner-inner">
        <span>Please confirm your email: we sent a link to {user.email}.</span>
        <Button
          size="sm"
          variant="outline"
          isPending={resend.isPending}
          onPress={() =>
            resend.mutate(undefined, {
              onSuccess: (r) =>
                toast({ title: "Verification email sent", description: r.message, variant: "success" }),
              onError: (e) =>
                toast({ title: "Not sent", description: describeFailure(e).message, variant: "destructive" }),
            })
          }
        >
          Resend link
        </Button>
      </div>
    </aside>
  );
}
