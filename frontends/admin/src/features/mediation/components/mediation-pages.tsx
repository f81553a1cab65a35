/**
 * /admin/disputes (issue 17): the mediation queue — disputes in mediation or waiting for the
 * parties' answers to a proposal, oldest first, with the staff deadline as a countdown — and
 * /admin/disputes/:id: both parties' evidence and the timeline, the invoice, the partnership's
 * agreement PDF (served by the agreements context), and the resolution form (audit-logged on the
 * server). Loading, empty and error states.
 */

import { describeFailure } from "@closr/client";
import {
  countdown,
  DisputeListItem,
  DisputeView,
  ProposeResolutionForm,
  reasonLabels,
  stateLabels,
  useMediationQueue,
} from "@closr/partner-kit";
import { Alert, Badge, formatMoney, PageSpinner } from "@closr/ui";
import { useParams } from "react-router";
import { AdminPage } from "../../shared/components/admin-list.tsx";

export function MediationQueuePage() {
  const queue = useMediationQueue();
  if (queue.isPending) return <PageSpinner />;
  const now = queue.data ? Date.parse(queue.data.now) : Date.now();
  return (
    <AdminPage title="Mediation" description="Disputes waiting for a proposed resolution, oldest first.">
      {queue.isError ? (
        <Alert>Error loading the mediation queue: {describeFailure(queue.error).message}</Alert>
      ) : queue.data.items.length === 0 ? (
        <p className="muted">No disputes in mediation.</p>
      ) : (
        <ul className="dispute-list stack-sm" aria-label="Mediation queue">
          {queue.data.items.map((d) => (
            <DisputeListItem
              key={d.id}
              Heading="h2"
              href={`/admin/disputes/${d.id}`}
              title={
                <>
                  Dispute #{d.id} · {d.businessName} and {d.agentName}
                </>
              }
              badge={<Badge variant="secondary">{stateLabels[d.state]}</Badge>}
            >
              <p className="small">
                Invoice #{d.invoiceId} · {reasonLabels[d.reason]} · {formatMoney(d.invoiceAmount)} in dispute
              </p>
              <p className="small">
                {d.state === "in_mediation" ? "Proposal due" : "Parties answer"}:{" "}
                {countdown(d.deadline, now) ?? "—"}
              </p>
            </DisputeListItem>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}

export function MediationDisputePage() {
  const { id } = useParams();
  return (
    <div className="container section">
      <DisputeView
        id={Number(id)}
        backHref="/admin/disputes"
        backLabel="Mediation queue"
        extra={(detail) => (
          <div className="stack">
            <p>
              <a
                className="btn btn-outline btn-sm"
                href={`/api/partnerships/${detail.dispute.partnershipId}/agreement/pdf`}
                download
              >
                Agreement (PDF)
              </a>
            </p>
            <p className="small">
              Evidence: {detail.evidence.filter((e) => e.party === "business").length} from the business,{" "}
              {detail.evidence.filter((e) => e.party === "agent").length} from the agent (in the timeline).
            </p>
            <ProposeResolutionForm detail={detail} />
          </div>
        )}
      />
    </div>
  );
}
