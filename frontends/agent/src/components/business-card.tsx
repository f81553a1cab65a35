/**
 * A business's search card (spec §2.9): company name, industry, size, location, a
 * 100-character description preview, Verified badge, match score and reasons, View profile
 * and Connect (sends a connection request; shows Requested / Partner instead when a partnership
 * is open).
 */
import {
  type BusinessProfile,
  ConnectButton,
  Icon,
  industryLabel,
  locationLabel,
  MatchScore,
  ProfileInitial,
  previewText,
  RatingLine,
  ReasonChips,
  VerifiedBadge,
} from "@closr/ui";
import { Link } from "react-router";

export function BusinessCard({
  business,
  sizeLabels,
  search = "",
}: {
  business: BusinessProfile;
  sizeLabels?: Map<string, string>;
  /** The find page's query string, carried to the detail view for its back link. */
  search?: string;
}) {
  const href = `/agent/businesses/${business.id}${search}`;
  return (
    <article className="card profile-card" aria-label={business.companyName}>
      <div className="profile-card-head">
        <ProfileInitial name={business.companyName} />
        <div className="profile-card-title">
          <h3 className="profile-card-name">{business.companyName}</h3>
          <p className="profile-card-sub">{industryLabel(business.industry)}</p>
        </div>
        <MatchScore match={business.match} />
      </div>
      <div className="profile-facts">
        <span>
          <Icon name="home" size={14} /> {locationLabel(business.location)}
        </span>
        <span>
          <Icon name="users" size={14} /> {sizeLabels?.get(business.size) ?? business.size}
        </span>
        <RatingLine rating={business.rating} />
        <VerifiedBadge status={business.user.verificationStatus} />
      </div>
      {business.description ? <p className="profile-preview">{previewText(business.description)}</p> : null}
      {business.match ? <ReasonChips reasons={business.match.reasons} /> : null}
      <div className="profile-card-actions">
        <Link to={href} className="btn btn-outline btn-sm">
          View profile
        </Link>
        <ConnectButton side="agent" profileId={business.id} name={business.companyName} />
      </div>
    </article>
  );
}
