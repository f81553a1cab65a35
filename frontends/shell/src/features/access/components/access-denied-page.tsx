/** The Access Denied card, with a way back to the user's own dashboard. */

import { dashboardPath } from "@closr/client";
import type { ApiUser } from "@closr/contracts/client";
import { CenterCardPage, LinkButton } from "@closr/ui";

export function AccessDeniedPage({ message, user }: { message: string; user: ApiUser }) {
  return (
    <CenterCardPage icon="lock" danger title="Access Denied" description={message}>
      <div className="row center">
        <LinkButton href={dashboardPath(user.userType)}>Go to Dashboard</LinkButton>
        <LinkButton href="/" variant="outline">
          Back to Home
        </LinkButton>
      </div>
    </CenterCardPage>
  );
}
