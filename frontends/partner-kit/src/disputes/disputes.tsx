/**
 * Dispute screens both sides share (issue 17): the Disputes tab (state and countdown), a
 * dispute's page (timeline of messages, offers and evidence; the actions the viewer may take
 * now), the "Dispute" button of an invoice card, and the staff view used by the admin app's
 * mediation queue (propose a resolution).
 */

import { describeFailure } from "@closr/client";
import {
  Alert,
  Badge,
  type BadgeVariant,
  Button,
  bindNumber,
  bindText,
  Card,
  CardContent,
  CenterCardPage,
  Dialog,
  DialogTrigger,
  formatDate,
  formatMoney,
  InputField,
  LinkButton,
  MoneyField,
  SelectField,
  Spinner,
  TextAreaField,
  TextRetryAlert,
} from "@closr/ui";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { isNotFound } from "../agreements/agreements-api.ts";
import {
  countdown,
  type Dispute,
  type DisputeDetail,
  type DisputeReason,
  outcomeLabels,
  reasonLabels,
  stateLabels,
  useAddEvidence,
  useAnswerProposal,
  useDispute,
  useMyDisputes,
  useOpenDispute,
  usePostMessage,
  useProposeResolution,
  useRespond,
  useWithdraw,
} from "./disputes-api.ts";

const stateBadge: Record<Dispute["state"], BadgeVariant> = {
  open: "outline",
  in_mediation: "secondary",
  proposed: "secondary",
  resolved: "success",
  withdrawn: "outline",
};

/** Re-renders every 30 s so countdowns move; offsets the browser clock to the server's. */
function useNow(serverNow: string | undefined) {
  const [tick, setTick] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const [offset] = useState(() => (serverNow ? Date.parse(serverNow) - Date.now() : 0));
  return tick + offset;
}

const awaitingText = (d: Dispute, viewer: string) =>
  d.awaiting === null
    ? null
    : d.awaiting === viewer ||
        (d.awaiting === "both" &&
          viewer !== "staff" &&
          !d.proposal?.acceptedBy.includes(viewer as "business"))
      ? viewer === "staff"
        ? "Your proposal is due"
        : "Your answer is due"
      : d.awaiting === "staff"
        ? "Mediation team proposes"
        : d.awaiting === "both"
          ? "Waiting for the other party"
          : `Waiting for the ${d.awaiting}`;

function Countdown({ dispute, now, viewer }: { dispute: Dispute; now: number; viewer: string }) {
  const left = countdown(dispute.deadline, now);
  if (!left) return null;
  return (
    <p className="small dispute-countdown">
      <strong>{awaitingText(dispute, viewer)}</strong> · {left}
      {dispute.deadline ? <span className="muted"> (by {formatDate(dispute.deadline)})</span> : null}
    </p>
  );
}

/**
 * A dispute in a list (the parties' Disputes tab, staff's mediation queue): a card whose head is
 * a `Heading` linking to `href` beside the state `badge`, then the lines in `children`.
 */
export function DisputeListItem({
  Heading,
  href,
  title,
  badge,
  children,
}: {
  Heading: "h2" | "h3";
  href: string;
  title: ReactNode;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <li>
      <Card>
        <CardContent className="stack-sm">
          <div className="invoice-head">
            <Heading className="invoice-title">
              <a href={href}>{title}</a>
            </Heading>
            {badge}
          </div>
          {children}
        </CardContent>
      </Card>
    </li>
  );
}

/** The Disputes tab: the caller's disputes with state and countdown, linking to each page. */
export function DisputesTab({ basePath, viewer }: { basePath: string; viewer: "business" | "agent" }) {
  const disputes = useMyDisputes();
  const now = useNow(disputes.data?.now);
  if (disputes.isPending) return <Spinner label="Loading disputes" />;
  if (disputes.isError)
    return <Alert>Error loading disputes: {describeFailure(disputes.error).message}</Alert>;
  if (disputes.data.items.length === 0)
    return <p className="muted empty-note">No disputes. You can dispute an invoice from its card.</p>;
  return (
    <ul className="dispute-list stack-sm" aria-label="Disputes">
      {disputes.data.items.map((d) => (
        <DisputeListItem
          key={d.id}
          Heading="h3"
          href={`${basePath}/disputes/${d.id}`}
          title={
            <>
              Dispute #{d.id} · Invoice #{d.invoiceId} - {viewer === "agent" ? d.businessName : d.agentName}
            </>
          }
          badge={<Badge variant={stateBadge[d.state]}>{stateLabels[d.state]}</Badge>}
        >
          <p className="small">
            {reasonLabels[d.reason]} · {formatMoney(d.invoiceAmount)} in dispute
            {d.outcome ? ` · ${outcomeLabels[d.outcome]}` : ""}
          </p>
          <Countdown dispute={d} now={now} viewer={viewer} />
        </DisputeListItem>
      ))}
    </ul>
  );
}

/** "Dispute" on an invoice card: a dialog with the reasons that fit the invoice, a description and the amount owed. */
export function OpenDisputeButton({
  invoiceId,
  isPaid,
  basePath,
}: {
  invoiceId: number;
  isPaid: boolean;
  basePath: string;
}) {
  const reasons: DisputeReason[] = isPaid
    ? ["charged_in_error", "services_not_delivered"]
    : ["amount_not_owed", "work_not_done"];
  const open = useOpenDispute(invoiceId);
  const [reason, setReason] = useState<DisputeReason>(reasons[0] as DisputeReason);
  const [description, setDescription] = useState("");
  const [claimed, setClaimed] = useState("0");
  const failure = open.error ? describeFailure(open.error) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    open.mutate(
      { reason, description, claimedAmount: Number(claimed || 0) },
      { onSuccess: (d) => window.location.assign(`${basePath}/disputes/${d.id}`) },
    );
  };
  return (
    <DialogTrigger>
      <Button variant="outline" size="sm" aria-label={`Dispute invoice #${invoiceId}`}>
        Dispute
      </Button>
      <Dialog title={`Dispute invoice #${invoiceId}`}>
        {(close) => (
          <form className="stack" onSubmit={submit} noValidate>
            {failure && Object.keys(failure.fieldErrors).length === 0 ? (
              <Alert>{failure.message}</Alert>
            ) : null}
            <SelectField
              label="Reason"
              value={reason}
              onChange={(e) => setReason(e.target.value as DisputeReason)}
              options={reasons.map((r) => ({ value: r, label: reasonLabels[r] }))}
            />
            <TextAreaField
              label="What went wrong?"
              rows={4}
              {...bindText(description, setDescription, failure?.fieldErrors?.description)}
            />
            <MoneyField
              label="Amount you think is owed (AUD, total)"
              {...bindNumber(claimed, setClaimed, failure?.fieldErrors?.claimedAmount)}
              description="0 means nothing is owed."
            />
            <div className="button-row">
              <Button type="submit" isPending={open.isPending}>
                Open dispute
              </Button>
              <Button variant="ghost" onPress={close}>
                Cancel
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </DialogTrigger>
  );
}

const actorName = (actor: string, detail: DisputeDetail) =>
  actor === "business"
    ? detail.dispute.businessName
    : actor === "agent"
      ? detail.dispute.agentName
      : actor === "staff"
        ? "Closr mediation"
        : "Closr";

const lineText: Record<string, string> = {
  opened: "opened the dispute",
  message: "wrote",
  counter_offer: "made a counter-offer",
  accepted: "accepted the offer",
  rejected: "rejected the offer",
  escalated: "escalated",
  mediation_started: "sent the dispute to mediation",
  proposed: "proposed a resolution",
  proposal_accepted: "accepted the proposed resolution",
  proposal_rejected: "rejected the proposed resolution",
  resolved: "resolved the dispute",
  withdrawn: "withdrew the dispute",
  evidence: "added evidence",
  settled: "carried out the resolution",
};

function Timeline({ detail }: { detail: DisputeDetail }) {
  return (
    <ol className="dispute-timeline stack-sm" aria-label="Timeline">
      {detail.timeline.map((line) => {
        const evidence = detail.evidence.find((e) => e.id === line.evidenceId);
        return (
          <li key={line.id} className="dispute-line">
            <p className="small">
              <strong>{actorName(line.actor, detail)}</strong> {lineText[line.kind] ?? line.kind}
              {line.amount !== null ? <> · {formatMoney(line.amount)}</> : null}
              <span className="muted"> · {formatDate(line.createdAt)}</span>
            </p>
            {evidence ? (
              <a href={evidence.url} download>
                {evidence.fileName}
              </a>
            ) : line.message && line.kind !== "resolved" ? (
              <p className="dispute-message">{line.message}</p>
            ) : line.kind === "resolved" && line.message ? (
              <p className="dispute-message">
                {outcomeLabels[line.message as keyof typeof outcomeLabels] ?? line.message}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

function Failure({ error }: { error: unknown }) {
  return error ? <Alert>{describeFailure(error).message}</Alert> : null;
}

/** What the viewing party may do now. */
function PartyActions({ detail }: { detail: DisputeDetail }) {
  const d = detail.dispute;
  const viewer = detail.viewer as "business" | "agent";
  const respond = useRespond(d.id);
  const answer = useAnswerProposal(d.id);
  const withdraw = useWithdraw(d.id);
  const [amount, setAmount] = useState("");
  const myTurn = d.state === "open" && d.offer.by !== viewer;
  const pending = respond.isPending || answer.isPending || withdraw.isPending;
  return (
    <div className="stack-sm">
      <Failure error={respond.error ?? answer.error ?? withdraw.error} />
      {myTurn ? (
        <div className="stack-sm">
          <p>
            The {d.offer.by} proposes the business pays <strong>{formatMoney(d.offer.amount)}</strong> in
            total (invoice {formatMoney(d.invoiceAmount)}).
          </p>
          <div className="button-row">
            <Button isDisabled={pending} onPress={() => respond.mutate({ action: "accept" })}>
              Accept {formatMoney(d.offer.amount)}
            </Button>
            <Button
              variant="outline"
              isDisabled={pending}
              onPress={() => respond.mutate({ action: "reject" })}
            >
              Reject and ask for mediation
            </Button>
          </div>
          <form
            className="button-row"
            onSubmit={(e) => {
              e.preventDefault();
              respond.mutate({ action: "counter", amount: Number(amount) });
            }}
          >
            <MoneyField
              label="Counter-offer (AUD, total the business pays)"
              {...bindNumber(amount, setAmount)}
            />
            <Button type="submit" variant="outline" isDisabled={pending || amount === ""}>
              Send counter-offer
            </Button>
          </form>
        </div>
      ) : null}
      {d.state === "proposed" && d.proposal && !d.proposal.acceptedBy.includes(viewer) ? (
        <div className="stack-sm">
          <p>
            Closr's mediation team proposes the business pays{" "}
            <strong>{formatMoney(d.proposal.amount)}</strong> in total.
          </p>
          <p className="dispute-message">{d.proposal.note}</p>
          <p className="muted small">
            If you do not answer before the deadline, the proposal counts as accepted.
          </p>
          <div className="button-row">
            <Button isDisabled={pending} onPress={() => answer.mutate(true)}>
              Accept resolution
            </Button>
            <Button variant="outline" isDisabled={pending} onPress={() => answer.mutate(false)}>
              Reject resolution
            </Button>
          </div>
        </div>
      ) : null}
      {d.opener === viewer && d.state !== "resolved" && d.state !== "withdrawn" ? (
        <Button variant="ghost" size="sm" isDisabled={pending} onPress={() => withdraw.mutate(undefined)}>
          Withdraw dispute
        </Button>
      ) : null}
    </div>
  );
}

/** Staff's resolution form (admin mediation). */
export function ProposeResolutionForm({ detail }: { detail: DisputeDetail }) {
  const d = detail.dispute;
  const propose = useProposeResolution(d.id);
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  if (d.state !== "in_mediation") return null;
  const failure = propose.error ? describeFailure(propose.error) : null;
  return (
    <form
      className="stack-sm"
      aria-label="Propose resolution"
      onSubmit={(e) => {
        e.preventDefault();
        propose.mutate({ amount: Number(amount), note });
      }}
      noValidate
    >
      <h3 className="section-title">Propose resolution</h3>
      {failure && Object.keys(failure.fieldErrors).length === 0 ? <Alert>{failure.message}</Alert> : null}
      <MoneyField
        label="The business pays in total (AUD)"
        max={d.invoiceAmount}
        {...bindNumber(amount, setAmount, failure?.fieldErrors?.amount)}
        description={`0 ${d.invoicePaid ? "refunds in full" : "cancels the invoice"}; ${formatMoney(d.invoiceAmount)} keeps it as invoiced.`}
      />
      <TextAreaField
        label="Note to both parties"
        rows={3}
        {...bindText(note, setNote, failure?.fieldErrors?.note)}
      />
      <Button type="submit" isDisabled={propose.isPending || amount === ""}>
        Propose resolution
      </Button>
    </form>
  );
}

function MessageAndEvidence({ detail }: { detail: DisputeDetail }) {
  const d = detail.dispute;
  const post = usePostMessage(d.id);
  const upload = useAddEvidence(d.id);
  const [message, setMessage] = useState("");
  if (d.state === "resolved" || d.state === "withdrawn") return null;
  return (
    <div className="stack-sm">
      <Failure error={post.error ?? upload.error} />
      <form
        className="stack-sm"
        onSubmit={(e) => {
          e.preventDefault();
          post.mutate(message, { onSuccess: () => setMessage("") });
        }}
      >
        <TextAreaField
          label="Message"
          rows={3}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <Button type="submit" variant="outline" isDisabled={post.isPending || message.trim() === ""}>
          Send message
        </Button>
      </form>
      {detail.viewer !== "staff" ? (
        <InputField
          label="Add evidence (PDF, JPEG or PNG, up to 10 MB)"
          type="file"
          accept="application/pdf,image/jpeg,image/png"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) upload.mutate(file);
            e.target.value = "";
          }}
        />
      ) : null}
    </div>
  );
}

/** A dispute's page body for a party or staff (`extra` adds staff's panel). */
export function DisputeView({
  id,
  backHref,
  backLabel,
  extra,
}: {
  id: number;
  backHref: string;
  backLabel: string;
  extra?: (detail: DisputeDetail) => ReactNode;
}) {
  const dispute = useDispute(id);
  const now = useNow(dispute.data?.now);
  if (dispute.isPending) return <Spinner label="Loading dispute" />;
  // Missing, or another party's (the API answers 404 for both): a not-found page, like the app's others.
  if (dispute.isError && isNotFound(dispute.error))
    return (
      <CenterCardPage
        icon="search"
        title="Dispute not found"
        description="This dispute doesn't exist, or it isn't one of yours."
      >
        <LinkButton href={backHref}>Back to disputes</LinkButton>
      </CenterCardPage>
    );
  if (dispute.isError)
    return (
      <TextRetryAlert onRetry={() => void dispute.refetch()}>
        Error loading dispute: {describeFailure(dispute.error).message}
      </TextRetryAlert>
    );
  const detail = dispute.data;
  const d = detail.dispute;
  return (
    <div className="stack-lg dispute-page">
      <div>
        <LinkButton href={backHref} variant="ghost" size="sm">
          ← {backLabel}
        </LinkButton>
      </div>
      <div className="invoice-head">
        <h1 className="page-title">
          Dispute #{d.id} · Invoice #{d.invoiceId}
        </h1>
        <Badge variant={stateBadge[d.state]}>{stateLabels[d.state]}</Badge>
      </div>
      <Countdown dispute={d} now={now} viewer={detail.viewer} />
      <div className="dispute-columns">
        <Card>
          <CardContent className="stack-sm">
            <h2 className="section-title">Invoice</h2>
            <dl className="invoice-facts">
              <div>
                <dt>Business</dt>
                <dd>{d.businessName}</dd>
              </div>
              <div>
                <dt>Agent</dt>
                <dd>{d.agentName}</dd>
              </div>
              <div>
                <dt>Amount now</dt>
                <dd className="invoice-amount" data-testid="dispute-invoice-amount">
                  {formatMoney(detail.invoice.amount)}
                </dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>
                  {detail.invoice.cancelled
                    ? "Cancelled"
                    : detail.invoice.isPaid
                      ? "Paid"
                      : `Due ${formatDate(detail.invoice.dueDate)}`}
                </dd>
              </div>
            </dl>
            <p>{detail.invoice.description}</p>
            <p className="small">
              <strong>{reasonLabels[d.reason]}</strong> (opened by the {d.opener})
            </p>
            {d.outcome ? (
              <p className="small">
                Outcome: <strong>{outcomeLabels[d.outcome]}</strong>
                {d.settledAmount !== null ? ` · the business pays ${formatMoney(d.settledAmount)}` : ""}
              </p>
            ) : null}
            {detail.creditNote ? (
              <p className="small" data-testid="dispute-credit-note">
                Credit note: {formatMoney(detail.creditNote.amount)} (GST {formatMoney(detail.creditNote.gst)}
                ) against the original {formatMoney(detail.creditNote.originalAmount)}.{" "}
                <a href={`/api/disputes/${d.id}/credit-note.pdf`} download>
                  Credit note PDF
                </a>
              </p>
            ) : null}
            {d.invoicePaid && d.state !== "resolved" && d.state !== "withdrawn" ? (
              <p className="muted small">
                The agent's payout for this invoice is on hold until the dispute ends.
              </p>
            ) : null}
          </CardContent>
        </Card>
        {(d.state === "resolved" || d.state === "withdrawn") && detail.viewer !== "staff" ? null : (
          <Card>
            <CardContent className="stack">
              {detail.viewer === "staff" ? extra?.(detail) : <PartyActions detail={detail} />}
              <MessageAndEvidence detail={detail} />
            </CardContent>
          </Card>
        )}
      </div>
      <section className="stack-sm" aria-labelledby="dispute-timeline-title">
        <h2 id="dispute-timeline-title" className="section-title">
          Timeline
        </h2>
        <Timeline detail={detail} />
      </section>
    </div>
  );
}
