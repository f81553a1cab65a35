/**
 * /business/agents/:id — one agent's public profile for a business: every public field,
 * the match panel, the Verified badge, and a back link to the results (same query string). The
 * frame is @closr/partner-kit's ProfileDetailFrame; this page gives the agent's sections and details.
 */

import {
  experienceLabel,
  locationLabel,
  ProfileDetailFrame,
  SkillChips,
  useAgentProfile,
  useSkillEmojis,
} from "@closr/partner-kit";
import { Card, CardContent } from "@closr/ui";
import { useParams } from "react-router";

export function AgentDetailPage() {
  const id = Number(useParams().id);
  const agent = useAgentProfile(id);
  const emojiByName = useSkillEmojis();
  return (
    <ProfileDetailFrame
      viewer="business"
      id={id}
      query={agent}
      name={(profile) => profile.fullName}
      subtitle={(profile) => (
        <>
          {profile.specialization} · {locationLabel(profile.location)}
        </>
      )}
      sections={(profile) => (
        <>
          <Card className="detail-section">
            <CardContent>
              <h2>About</h2>
              <p>{profile.bio?.trim() || "This agent hasn't written a bio yet."}</p>
            </CardContent>
          </Card>
          <Card className="detail-section">
            <CardContent>
              <h2>Skills</h2>
              {profile.skills.length > 0 ? (
                <SkillChips skills={profile.skills} emojiByName={emojiByName} />
              ) : (
                <p className="muted">No skills listed yet.</p>
              )}
            </CardContent>
          </Card>
        </>
      )}
      details={(profile) => (
        <>
          <dt>Specialisation</dt>
          <dd>{profile.specialization}</dd>
          <dt>Experience</dt>
          <dd>{experienceLabel(profile.yearsOfExperience)}</dd>
          <dt>Location</dt>
          <dd>{locationLabel(profile.location)}</dd>
          <dt>Minimum commission</dt>
          <dd>{profile.minimumCommissionRate}%</dd>
          <dt>LinkedIn</dt>
          <dd>
            {profile.linkedinProfile ? (
              <a href={profile.linkedinProfile} target="_blank" rel="noreferrer" className="text-link">
                LinkedIn profile
              </a>
            ) : (
              "Not provided"
            )}
          </dd>
        </>
      )}
    />
  );
}
