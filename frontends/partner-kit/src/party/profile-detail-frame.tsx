/**
 * The frame of a counterpart's profile page (spec §2.8 /business/agents/:id, §2.9
 * /agent/businesses/:id), written once for both parties: a back link to the viewer's find page
 * with the same query string, a spinner, "{Counterpart} not found." (or "Couldn't load this
 * {counterpart}." with Retry), then the head card (initial, name, subtitle, Verified badge, match
 * score), the page's own sections, the reputation panel (issue 22), the match panel and a Details card ending in Connect. The
 * page supplies only what differs: `subtitle`, `sections` and `details` (the <dt>/<dd> rows).
 */

import { ApiError, describeFailure } from "@closr/client";
import { Alert, Button, Card, CardContent, Icon, PageSpinner } from "@closr/ui";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { ConnectButton } from "../partnerships/connect-button.tsx";
import { MatchPanel, MatchScore, VerifiedBadge } from "../profiles/profile-ui.tsx";
import type { Match } from "../profiles/profiles-api.ts";
import { ReputationPanel } from "../reviews/reputation-panel.tsx";
import { otherParty, type Party, partyAreas } from "./party-nav.ts";

type ShownProfile = {
  id: number;
  userId: number;
  match?: Match | undefined;
  user: { verificationStatus: string; verifiedBadge?: boolean };
};

const capitalised = (word: string) => `${word.slice(0, 1).toUpperCase()}${word.slice(1)}`;

export function ProfileDetailFrame<P extends ShownProfile>({
  viewer,
  id,
  query,
  name,
  subtitle,
  sections,
  details,
}: {
  /** The caller's party; the profile shown is the other one's. */
  viewer: Party;
  /** The id from the URL (invalid when not a whole number ≥ 1). */
  id: number;
  query: UseQueryResult<P>;
  name: (profile: P) => string;
  subtitle: (profile: P) => ReactNode;
  /** The main column's cards after the head (About, Skills…). */
  sections: (profile: P) => ReactNode;
  /** The Details card's <dt>/<dd> rows. */
  details: (profile: P) => ReactNode;
}) {
  const { search } = useLocation();
  const counterpart = otherParty(viewer);
  const back = `/${viewer}/${partyAreas[viewer].find.path}${search}`;
  const validId = id > 0;
  const profile = query.data;
  return (
    <div className="stack-lg">
      <Link to={back} className="back-link">
        <Icon name="arrowRight" size={16} /> Back to results
      </Link>
      {query.isPending && validId ? <PageSpinner label="Loading profile" /> : null}
      {query.isError || !validId ? (
        <Alert>
          <div className="inline-alert">
            <span>
              {query.error && !(query.error instanceof ApiError && query.error.problem.status === 404)
                ? `Couldn't load this ${counterpart}. ${describeFailure(query.error).message}`
                : `${capitalised(counterpart)} not found.`}
            </span>
            {query.isError ? (
              <Button variant="outline" size="sm" onPress={() => void query.refetch()}>
                Retry
              </Button>
            ) : null}
          </div>
        </Alert>
      ) : null}
      {profile ? (
        <div className="detail-layout">
          <div className="stack-lg">
            <Card className="detail-head">
              <CardContent>
                <span className="profile-initial profile-initial-lg" aria-hidden="true">
                  {name(profile).slice(0, 1).toUpperCase()}
                </span>
                <div className="detail-head-text">
                  <h1 className="detail-name">{name(profile)}</h1>
                  <p className="muted">{subtitle(profile)}</p>
                </div>
                <div className="row">
                  <VerifiedBadge
                    status={profile.user.verificationStatus}
                    shown={profile.user.verifiedBadge}
                  />
                  <MatchScore match={profile.match} />
                </div>
              </CardContent>
            </Card>
            {sections(profile)}
            <ReputationPanel userId={profile.userId} />
          </div>
          <div className="detail-side">
            <MatchPanel match={profile.match} otherSide={counterpart} />
            <Card className="detail-section">
              <CardContent>
                <h2>Details</h2>
                <dl className="detail-list">{details(profile)}</dl>
                <ConnectButton side={viewer} profileId={profile.id} name={name(profile)} size="md" block />
              </CardContent>
            </Card>
          </div>
        </div>
      ) : null}
    </div>
  );
}
