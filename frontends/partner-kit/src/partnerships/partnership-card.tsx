/**
 * Partnership cards for both sides (spec §2.8, §2.9, §4, §8):
 * - ActivePartnershipCard: the counterpart's initial, name, specialization or industry,
 *   location, experience ("8 years", agents), start date (N/A if none), the partnership's
 *   commission rate, Show more/Show less (bio or description, commission structure, duration),
 *   Message (/messages?with={counterpart user id}), Contact (mailto, else the profile page) and
 *   End Partnership behind a confirm dialog (irreversible).
 * - PendingPartnershipCard: incoming → Reject and Accept; outgoing → "Awaiting response" and
 *   Withdraw request.
 * The counterpart's public rating comes from their reviews (issue 22; "No reviews yet" without).
 */

import {
  counterpartName,
  counterpartOf,
  describeFailure,
  isProblemType,
  type Partnership,
  type PartnershipChange,
  type PartnershipSide,
  useChangePartnership,
} from "@closr/client";
import {
  Badge,
  Button,
  Dialog,
  DialogTrigger,
  formatDate,
  Icon,
  injectStyles,
  LinkButton,
  toast,
} from "@closr/ui";
import { useId, useState } from "react";
import { experienceLabel, industryLabel, locationLabel, previewText } from "../profiles/profile-format.ts";
import { ProfileInitial, RatingLine, VerifiedBadge } from "../profiles/profile-ui.tsx";
import css from "./partnerships.css?inline";

injectStyles("closr-partnerships-styles", css);

type CardProps = {
  partnership: Partnership;
  /** The caller's side; the card shows the other party. */
  side: PartnershipSide;
  /** Called with the server's detail when accepting fails on a plan's partnership limit. */
  onPlanLimit?: (detail: string) => void;
};

/** "12.5%" from a percent number. */
export const percentLabel = (rate: number) => `${Number(rate.toFixed(2))}%`;

/** What the counterpart does, under its name: an agent's specialization, a business's industry label. */
export function counterpartField(counterpart: ReturnType<typeof counterpartOf>): string {
  return counterpart.kind === "agent"
    ? counterpart.profile.specialization
    : industryLabel(counterpart.profile.industry);
}

/** The counterpart's profile page for the caller. */
export function counterpartProfilePath(partnership: Partnership, side: PartnershipSide): string {
  return side === "business"
    ? `/business/agents/${partnership.agentId}`
    : `/agent/businesses/${partnership.businessId}`;
}

/** The partnership's commission agreement page (issue 17). */
export function agreementPath(partnership: Partnership, side: PartnershipSide): string {
  return `/${side}/${side === "business" ? "active-agents" : "current-partners"}/${partnership.id}/agreement`;
}

/** /messages with the counterpart's USER id preselected. */
export function messagePath(partnership: Partnership, side: PartnershipSide): string {
  return `/messages?with=${counterpartOf(partnership, side).profile.user.id}`;
}

/** Runs a status change with the §8 toasts; `onDone` after success. */
function useChange(onPlanLimit: CardProps["onPlanLimit"]) {
  const change = useChangePartnership();
  const run = (partnership: Partnership, status: PartnershipChange, onDone?: () => void) =>
    change.mutate(
      { id: partnership.id, status },
      {
        onSuccess: () => {
          toast({ title: "Partnership updated", variant: "success" });
          onDone?.();
        },
        onError: (error) => {
          const message = describeFailure(error).message;
          toast({ title: "Update failed", description: message, variant: "destructive" });
          if (isProblemType(error, "plan-limit-reached")) onPlanLimit?.(message);
        },
      },
    );
  return { run, pendingStatus: change.isPending ? change.variables?.status : undefined };
}

function CounterpartHead({ partnership, side }: { partnership: Partnership; side: PartnershipSide }) {
  const counterpart = counterpartOf(partnership, side);
  const name = counterpartName(partnership, side);
  return (
    <>
      <div className="partnership-card-head">
        <ProfileInitial name={name} />
        <div className="partnership-card-title">
          <h3 className="partnership-card-name">{name}</h3>
          <p className="profile-card-sub">{counterpartField(counterpart)}</p>
        </div>
        <VerifiedBadge
          status={counterpart.profile.user.verificationStatus}
          shown={counterpart.profile.user.verifiedBadge}
        />
      </div>
      <div className="profile-facts">
        <span>
          <Icon name="home" size={14} /> {locationLabel(counterpart.profile.location)}
        </span>
        {counterpart.kind === "agent" ? (
          <span>
            <Icon name="briefcase" size={14} /> {experienceLabel(counterpart.profile.yearsOfExperience)}
          </span>
        ) : null}
      </div>
    </>
  );
}

function aboutText(partnership: Partnership, side: PartnershipSide): string | null {
  const counterpart = counterpartOf(partnership, side);
  const text = counterpart.kind === "agent" ? counterpart.profile.bio : counterpart.profile.description;
  return text?.trim() ? text.trim() : null;
}

/** An active partnership (spec §2.8 "Active cards"). */
export function ActivePartnershipCard({ partnership, side, onPlanLimit }: CardProps) {
  const [expanded, setExpanded] = useState(false);
  const moreId = useId();
  const { run, pendingStatus } = useChange(onPlanLimit);
  const name = counterpartName(partnership, side);
  const counterpart = counterpartOf(partnership, side);
  const about = aboutText(partnership, side);
  const contactEmail = counterpart.kind === "business" ? counterpart.profile.contactEmail : null;
  const since = formatDate(partnership.startDate);
  const rate = percentLabel(partnership.commissionRate);

  return (
    <article className="card partnership-card" aria-label={name}>
      <CounterpartHead partnership={partnership} side={side} />
      <p className="partnership-rating">
        <RatingLine rating={counterpart.profile.rating} />
      </p>
      <dl className="partnership-terms">
        <div>
          <dt>Start date</dt>
          <dd>{since}</dd>
        </div>
        <div>
          <dt>Commission rate</dt>
          <dd>{rate}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="partnership-toggle"
        aria-expanded={expanded}
        aria-controls={moreId}
        onClick={() => setExpanded((value) => !value)}
      >
        {expanded ? "Show less" : "Show more"}
      </button>
      <div id={moreId} className="partnership-more" hidden={!expanded}>
        <div>
          <h4>{counterpart.kind === "agent" ? "About the agent" : "About the business"}</h4>
          <p>{about ?? (counterpart.kind === "agent" ? "No bio yet." : "No description yet.")}</p>
        </div>
        <div>
          <h4>Commission structure</h4>
          <p>
            {rate} commission on sales {side === "agent" ? "you close" : "the agent closes"} for{" "}
            {side === "agent" ? partnership.business.companyName : "your business"}.
          </p>
        </div>
        <div>
          <h4>Duration</h4>
          <p>
            Since {since}, {partnership.endDate ? `ends ${formatDate(partnership.endDate)}` : "no end date"}
          </p>
        </div>
      </div>
      <div className="partnership-actions">
        <LinkButton href={messagePath(partnership, side)} size="sm">
          <Icon name="message" size={16} /> Message
        </LinkButton>
        <LinkButton href={agreementPath(partnership, side)} variant="outline" size="sm">
          <Icon name="file" size={16} /> Agreement
        </LinkButton>
        {contactEmail ? (
          <a href={`mailto:${contactEmail}`} className="btn btn-outline btn-sm">
            Contact
          </a>
        ) : (
          <LinkButton href={counterpartProfilePath(partnership, side)} variant="outline" size="sm">
            View profile
          </LinkButton>
        )}
        <DialogTrigger>
          <Button variant="outline" size="sm" className="btn-danger-text">
            End Partnership
          </Button>
          <Dialog title="End Partnership" role="alertdialog">
            {(close) => (
              <>
                <p className="dialog-text">
                  Are you sure you want to end your partnership with {name}? This action cannot be undone: to
                  work together again, one of you will need to send a new connection request.
                </p>
                <div className="dialog-actions">
                  <Button variant="outline" onPress={close} isDisabled={pendingStatus === "terminated"}>
                    Cancel
                  </Button>
                  <Button
                    variant="destructive"
                    isPending={pendingStatus === "terminated"}
                    onPress={() => run(partnership, "terminated", close)}
                  >
                    End Partnership
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </DialogTrigger>
      </div>
    </article>
  );
}

/** A pending request (spec §2.8 "Pending cards"): the receiver answers, the sender may withdraw. */
export function PendingPartnershipCard({ partnership, side, onPlanLimit }: CardProps) {
  const { run, pendingStatus } = useChange(onPlanLimit);
  const name = counterpartName(partnership, side);
  const about = aboutText(partnership, side);
  const incoming = partnership.direction === "incoming";
  const busy = pendingStatus !== undefined;

  return (
    <article className="card partnership-card" aria-label={name}>
      <CounterpartHead partnership={partnership} side={side} />
      <div>
        <Badge variant={incoming ? "default" : "outline"}>
          {incoming ? "Request received" : "Request sent"}
        </Badge>
      </div>
      {about ? <p className="profile-preview">{previewText(about)}</p> : null}
      <dl className="partnership-terms">
        <div>
          <dt>Requested</dt>
          <dd>{formatDate(partnership.createdAt)}</dd>
        </div>
        <div>
          <dt>Commission rate</dt>
          <dd>{percentLabel(partnership.commissionRate)}</dd>
        </div>
      </dl>
      {incoming ? null : (
        <p className="partnership-note">
          <Icon name="bell" size={14} /> Awaiting response
        </p>
      )}
      <div className="partnership-actions">
        <LinkButton href={counterpartProfilePath(partnership, side)} variant="ghost" size="sm">
          View profile
        </LinkButton>
        {incoming ? (
          <>
            <Button
              variant="outline"
              size="sm"
              isDisabled={busy && pendingStatus !== "rejected"}
              isPending={pendingStatus === "rejected"}
              onPress={() => run(partnership, "rejected")}
            >
              Reject
            </Button>
            <Button
              size="sm"
              isDisabled={busy && pendingStatus !== "active"}
              isPending={pendingStatus === "active"}
              onPress={() => run(partnership, "active")}
            >
              Accept
            </Button>
          </>
        ) : (
          <Button
            variant="outline"
            size="sm"
            isPending={pendingStatus === "withdrawn"}
            onPress={() => run(partnership, "withdrawn")}
          >
            Withdraw request
          </Button>
        )}
      </div>
    </article>
  );
}
