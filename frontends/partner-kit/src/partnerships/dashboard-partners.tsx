/**
 * Partnership pieces of the dashboards (spec §2.8, §2.9, §9 "dashboards show at most 2"):
 * the caller's real counts for the stat tiles, and a panel with up to 2 active partners, each
 * with a Message link (/messages?with={user id}), plus View All to the partnerships page.
 */

import {
  counterpartName,
  counterpartOf,
  describeFailure,
  isAwaitingCaller,
  type PartnershipSide,
  usePartnerships,
} from "@closr/client";
import {
  Card,
  CardContent,
  formatDate,
  Icon,
  injectStyles,
  LinkButton,
  RetryAlert,
  Skeleton,
} from "@closr/ui";
import { Link } from "react-router";
import { locationLabel } from "../profiles/profile-format.ts";
import { ProfileInitial } from "../profiles/profile-ui.tsx";
import { sideCopy } from "./connect-button.tsx";
import { counterpartField, messagePath } from "./partnership-card.tsx";
import css from "./partnerships.css?inline";

injectStyles("closr-partnerships-styles", css);

/** The most active partners a dashboard lists (spec §9). */
export const DASHBOARD_PARTNER_LIMIT = 2;

/**
 * The caller's partnership counts for stat tiles: numbers once loaded, "–" while loading or
 * after a failure (the panel below shows the error and Retry).
 */
export function usePartnershipCounts(): {
  active: number | "–";
  pending: number | "–";
  pendingOpportunities: number | "–";
  loaded: boolean;
} {
  const open = usePartnerships();
  if (!open.data) return { active: "–", pending: "–", pendingOpportunities: "–", loaded: false };
  return { ...open.data.counts, loaded: true };
}

export function DashboardPartners({ side, title }: { side: PartnershipSide; title: string }) {
  const copy = sideCopy[side];
  const open = usePartnerships();
  const active = (open.data?.items ?? []).filter((p) => p.status === "active");
  const shown = active.slice(0, DASHBOARD_PARTNER_LIMIT);
  const pendingIncoming = (open.data?.items ?? []).filter(isAwaitingCaller).length;

  return (
    <Card className="dashboard-panel">
      <CardContent>
        <div className="dashboard-panel-head">
          <h2>{title}</h2>
          <LinkButton href={copy.partnershipsPath} variant="ghost" size="sm">
            View All <Icon name="arrowRight" size={16} />
          </LinkButton>
        </div>
        {open.isError ? (
          <RetryAlert onRetry={() => void open.refetch()}>
            Couldn't load your partnerships. {describeFailure(open.error).message}
          </RetryAlert>
        ) : !open.data ? (
          <div className="stack-sm" aria-busy="true">
            <Skeleton height="3.5rem" />
            <Skeleton height="3.5rem" />
          </div>
        ) : shown.length === 0 ? (
          <p className="muted">
            No active partnerships yet.{" "}
            <Link to={copy.findPath} className="text-link">
              {side === "business" ? "Find agents" : "Find businesses"}
            </Link>{" "}
            and send a connection request; once it's accepted, your partners show here.
          </p>
        ) : (
          <ul className="partner-rows" aria-label={title}>
            {shown.map((partnership) => {
              const counterpart = counterpartOf(partnership, side);
              const name = counterpartName(partnership, side);
              return (
                <li key={partnership.id} className="partner-row">
                  <ProfileInitial name={name} />
                  <div className="partner-row-text">
                    <p className="partner-row-name">{name}</p>
                    <p className="partner-row-sub">
                      {counterpartField(counterpart)} · {locationLabel(counterpart.profile.location)} · Since{" "}
                      {formatDate(partnership.startDate)}
                    </p>
                  </div>
                  <LinkButton
                    href={messagePath(partnership, side)}
                    variant="outline"
                    size="sm"
                    aria-label={`Message ${name}`}
                  >
                    <Icon name="message" size={16} /> Message
                  </LinkButton>
                </li>
              );
            })}
          </ul>
        )}
        {pendingIncoming > 0 ? (
          <p className="partnership-note">
            <Icon name="bell" size={14} />
            <Link to={`${copy.partnershipsPath}?tab=pending`} className="text-link">
              {pendingIncoming === 1
                ? "1 connection request is waiting for your answer"
                : `${pendingIncoming} connection requests are waiting for your answer`}
            </Link>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
