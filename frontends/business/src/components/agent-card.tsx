/**
 * An agent's search card (spec §2.8): name, specialization, location, experience, minimum
 * commission, up to 4 skills, a 100-character bio preview, Verified badge, match score and
 * reasons, View profile and Connect (sends a connection request; shows Requested / Partner instead
 * when a partnership is open).
 */
import {
  type AgentProfile,
  Badge,
  ConnectButton,
  experienceLabel,
  Icon,
  locationLabel,
  MatchScore,
  ProfileInitial,
  previewText,
  RatingLine,
  ReasonChips,
  SkillChips,
  VerifiedBadge,
} from "@closr/ui";
import { Link } from "react-router";

export function AgentCard({
  agent,
  emojiByName,
  search = "",
}: {
  agent: AgentProfile;
  emojiByName?: Map<string, string>;
  /** The find page's query string, carried to the detail view for its back link. */
  search?: string;
}) {
  const href = `/business/agents/${agent.id}${search}`;
  return (
    <article className="card profile-card" aria-label={agent.fullName}>
      <div className="profile-card-head">
        <ProfileInitial name={agent.fullName} />
        <div className="profile-card-title">
          <h3 className="profile-card-name">{agent.fullName}</h3>
          <p className="profile-card-sub">{agent.specialization}</p>
        </div>
        <MatchScore match={agent.match} />
      </div>
      <div className="profile-facts">
        <span>
          <Icon name="home" size={14} /> {locationLabel(agent.location)}
        </span>
        <span>
          <Icon name="briefcase" size={14} /> {experienceLabel(agent.yearsOfExperience)}
        </span>
        <span>
          <Icon name="dollar" size={14} /> Min. {agent.minimumCommissionRate}% commission
        </span>
        <RatingLine rating={agent.rating} />
        <VerifiedBadge status={agent.user.verificationStatus} />
        {agent.featured ? <Badge variant="default">Featured</Badge> : null}
      </div>
      {agent.bio ? <p className="profile-preview">{previewText(agent.bio)}</p> : null}
      <SkillChips skills={agent.skills} limit={4} {...(emojiByName ? { emojiByName } : {})} />
      {agent.match ? <ReasonChips reasons={agent.match.reasons} /> : null}
      <div className="profile-card-actions">
        <Link to={href} className="btn btn-outline btn-sm">
          View profile
        </Link>
        <ConnectButton side="business" profileId={agent.id} name={agent.fullName} />
      </div>
    </article>
  );
}
