/** The frame of a page that needs a signed-in user (both sides' invoices and payments pages). */

import { Alert, PageHeader, PageSpinner } from "@closr/ui";
import type { ReactNode } from "react";
import { useCurrentUser } from "./session-api.ts";

/**
 * A spinner while the session loads; signed out, the info alert "Please log in to access
 * {feature} features."; signed in, `div.stack-lg.{className}` with its PageHeader (`title`,
 * `description`) and then `children`.
 */
export function SignedInPage({
  feature,
  className,
  title,
  description,
  children,
}: {
  feature: string;
  className: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const user = useCurrentUser();
  if (user.isPending) return <PageSpinner />;
  if (!user.data) return <Alert variant="info">Please log in to access {feature} features.</Alert>;
  return (
    <div className={`stack-lg ${className}`}>
      <PageHeader title={title} description={description} />
      {children}
    </div>
  );
}
