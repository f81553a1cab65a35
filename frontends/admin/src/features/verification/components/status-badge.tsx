/** The badge of a request status (spec §4 labels, plus Changes Requested). */
import { Badge, type BadgeVariant } from "@closr/ui";
import type { VerificationStatus } from "../api/verification-review.ts";

export const statusLabels: Record<VerificationStatus, { label: string; variant: BadgeVariant }> = {
  submitted: { label: "Submitted", variant: "secondary" },
  under_review: { label: "Under Review", variant: "default" },
  changes_requested: { label: "Changes Requested", variant: "outline" },
  approved: { label: "Approved", variant: "success" },
  rejected: { label: "Rejected", variant: "destructive" },
};

export function StatusBadge({ status }: { status: VerificationStatus }) {
  const { label, variant } = statusLabels[status];
  return <Badge variant={variant}>{label}</Badge>;
}
