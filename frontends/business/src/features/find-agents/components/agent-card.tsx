/**
 * An agent's search card (spec §2.8): name, specialization, location, experience, minimum
 * commission, up to 4 skills, a 100-character bio preview, Verified badge, match score and
 * reasons, View profile and Connect (sends a connection request; shows Requested / Partner instead
 * when a partnership is open).
 */
import {
  type AgentProfile,
  experienceLabel,
  locationLabel,
  ProfileCard,
  SkillChips,
} from "@closr/partner-kit";
import { Badge, Icon } from "@closr/ui";

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
  return (
    <ProfileCard
      side="business"
      profile={agent}
      name={agent.fullName}
      subtitle={agent.specialization}
      description={agent.bio}
      href={`/business/agents/${agent.id}${search}`}
      facts={
        <>
          <span>
            <Icon name="home" size={14} /> {locationLabel(agent.location)}
          </span>
          <span>
            <Icon name="briefcase" size={14} /> {experienceLabel(agent.yearsOfExperience)}
          </span>
          <span>
            <Icon name="dollar" size={14} /> Min. {agent.minimumCommissionRate}% commission
          </span>
        </>
      }
      badges={agent.featured ? <Badge variant="default">Featured</Badge> : null}
    >
      <SkillChips skills={agent.skills} limit={4} {...(emojiByName ? { emojiByName } : {})} />
    </ProfileCard>
  );
}
