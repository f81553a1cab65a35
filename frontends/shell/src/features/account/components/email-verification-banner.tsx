/**
 * A gentle banner until the signed-in user confirms their email (issue 15), with "Resend link".
 * One line on every screen (issue 46: it took about 150 px of a phone): the sentence is cut with an
 * ellipsis where there is no room (its full words stay in the title and for screen readers), and
 * a Dismiss button puts it away for the browser session (sessionStorage; read after hydration, so
 * the served page and the first render agree).
 */

import { describeFailure, useCurrentUser } from "@closr/client";
import { Button, Icon, toast } from "@closr/ui";
import { useEffect, useState } from "react";
import { useResendVerification } from "../api/account-api.ts";

const dismissedKey = "closr.email-verification-banner.dismissed";

/** Whether the banner was dismissed in this browser session, and the dismiss action. */
function useDismissedForSession(): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    try {
      if (window.sessionStorage.getItem(dismissedKey) === "1") setDismissed(true);
    } catch {
      // Storage refused (private mode): the banner stays until dismissed on this page.
    }
  }, []);
  const dismiss = () => {
    setDismissed(true);
    try {
      window.sessionStorage.setItem(dismissedKey, "1");
    } catch {
      // As above: dismissed for this page only.
    }
  };
  return [dismissed, dismiss];
}

export function EmailVerificationBanner() {
  const { data: user } = useCurrentUser();
  const resend = useResendVerification();
  const [dismissed, dismiss] = useDismissedForSession();
  if (!user || user.emailVerified || dismissed) return null;
  const sentence = `Please confirm your email: we sent a link to ${user.email}.`;
  return (
    <aside className="verify-banner" aria-label="Email verification">
      <div className="container verify-banner-inner">
        <span className="verify-banner-text" title={sentence}>
          {sentence}
        </span>
        <Button
          size="sm"
          variant="outline"
          className="verify-banner-resend"
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
        <Button
          size="sm"
          variant="ghost"
          className="verify-banner-dismiss"
          aria-label="Dismiss for this session"
          onPress={dismiss}
        >
          <Icon name="close" size={16} />
        </Button>
      </div>
    </aside>
  );
}
