/**
 * A profile's search card, either side (spec §2.8, §2.9): initial, name and subtitle with the
 * match score, the facts row (the side's own facts, then rating and Verified badge, then any
 * `badges`), a description preview, the side's extras (skills), the match reasons, and View
 * profile and Connect.
 */

import type { PartnershipSide } from "@closr/client";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ConnectButton } from "../partnerships/connect-button.tsx";
import { previewText } from "./profile-format.ts";
import { MatchScore, ProfileInitial, RatingLine, ReasonChips, VerifiedBadge } from "./profile-ui.tsx";
import type { Match } from "./profiles-api.ts";

export function ProfileCard({
  side,
  profile,
  name,
  subtitle,
  description,
  href,
  facts,
  badges,
  children,
}: {
  /** The caller's side (who connects). */
  side: PartnershipSide;
  profile: {
    id: number;
    match?: Match | undefined;
    rating?: { average: number | null; count: number } | undefined;
    user: { verificationStatus: string; verifiedBadge?: boolean };
  };
  name: string;
  subtitle: ReactNode;
  description: string | null | undefined;
  /** The detail view's path. */
  href: string;
  /** The side's facts, before the rating. */
  facts: ReactNode;
  /** Badges after the Verified badge. */
  badges?: ReactNode;
  /** Shown between the preview and the match reasons. */
  children?: ReactNode;
}) {
  return (
    <article className="card profile-card" aria-label={name}>
      <div className="profile-card-head">
        <ProfileInitial name={name} />
        <div className="profile-card-title">
          <h3 className="profile-card-name">{name}</h3>
          <p className="profile-card-sub">{subtitle}</p>
        </div>
        <MatchScore match={profile.match} />
      </div>
      <div className="profile-facts">
        {facts}
        <RatingLine rating={profile.rating} />
        <VerifiedBadge status={profile.user.verificationStatus} shown={profile.user.verifiedBadge} />
        {badges}
      </div>
      {description ? <p className="profile-preview">{previewText(description)}</p> : null}
      {children}
      {profile.match ? <ReasonChips reasons={profile.match.reasons} /> : null}
      <div className="profile-card-actions">
        <Link to={href} className="btn btn-outline btn-sm">
          View profile
        </Link>
        <ConnectButton side={side} profileId={profile.id} name={name} />
      </div>
    </article>
  );
}
