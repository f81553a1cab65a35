/**
 * /business/agents/:id — one agent's public profile for a business: every public field,
 * the match panel, the Verified badge, and a back link to the results (same query string).
 */
import {
  Alert,
  ApiError,
  Button,
  Card,
  CardContent,
  ConnectButton,
  describeFailure,
  experienceLabel,
  Icon,
  locationLabel,
  MatchPanel,
  MatchScore,
  PageSpinner,
  SkillChips,
  useAgentProfile,
  useCatalogue,
  VerifiedBadge,
} from "@closr/ui";
import { useMemo } from "react";
import { Link, useLocation, useParams } from "react-router";

export function AgentDetailPage() {
  const { id } = useParams();
  const { search } = useLocation();
  const agent = useAgentProfile(Number(id));
  const catalogue = useCatalogue();
  const emojiByName = useMemo(
    () => new Map(catalogue.data?.skills.map((skill) => [skill.name, skill.emoji]) ?? []),
    [catalogue.data],
  );
  const back = `/business/find-agents${search}`;

  return (
    <div className="stack-lg">
      <Link to={back} className="back-link">
        <Icon name="arrowRight" size={16} /> Back to results
      </Link>
      {agent.isPending && Number(id) > 0 ? <PageSpinner label="Loading profile" /> : null}
      {agent.isError || !(Number(id) > 0) ? (
        <Alert>
          <div className="inline-alert">
            <span>
              {agent.error && !(agent.error instanceof ApiError && agent.error.problem.status === 404)
                ? `Couldn't load this agent. ${describeFailure(agent.error).message}`
                : "Agent not found."}
            </span>
            {agent.isError ? (
              <Button variant="outline" size="sm" onPress={() => void agent.refetch()}>
                Retry
              </Button>
            ) : null}
          </div>
        </Alert>
      ) : null}
      {agent.data ? (
        <div className="detail-layout">
          <div className="stack-lg">
            <Card className="detail-head">
              <CardContent>
                <span className="profile-initial profile-initial-lg" aria-hidden="true">
                  {agent.data.fullName.slice(0, 1).toUpperCase()}
                </span>
                <div className="detail-head-text">
                  <h1 className="detail-name">{agent.data.fullName}</h1>
                  <p className="muted">
                    {agent.data.specialization} · {locationLabel(agent.data.location)}
                  </p>
                </div>
                <div className="row">
                  <VerifiedBadge status={agent.data.user.verificationStatus} />
                  <MatchScore match={agent.data.match} />
                </div>
              </CardContent>
            </Card>
            <Card className="detail-section">
              <CardContent>
                <h2>About</h2>
                <p>{agent.data.bio?.trim() || "This agent hasn't written a bio yet."}</p>
              </CardContent>
            </Card>
            <Card className="detail-section">
              <CardContent>
                <h2>Skills</h2>
                {agent.data.skills.length > 0 ? (
                  <SkillChips skills={agent.data.skills} emojiByName={emojiByName} />
                ) : (
                  <p className="muted">No skills listed yet.</p>
                )}
              </CardContent>
            </Card>
          </div>
          <div className="detail-side">
            <MatchPanel match={agent.data.match} otherSide="agent" />
            <Card className="detail-section">
              <CardContent>
                <h2>Details</h2>
                <dl className="detail-list">
                  <dt>Specialization</dt>
                  <dd>{agent.data.specialization}</dd>
                  <dt>Experience</dt>
                  <dd>{experienceLabel(agent.data.yearsOfExperience)}</dd>
                  <dt>Location</dt>
                  <dd>{locationLabel(agent.data.location)}</dd>
                  <dt>Minimum commission</dt>
                  <dd>{agent.data.minimumCommissionRate}%</dd>
                  <dt>LinkedIn</dt>
                  <dd>
                    {agent.data.linkedinProfile ? (
                      <a
                        href={agent.data.linkedinProfile}
                        target="_blank"
                        rel="noreferrer"
                        className="text-link"
                      >
                        LinkedIn profile
                      </a>
                    ) : (
                      "Not provided"
                    )}
                  </dd>
                </dl>
                <ConnectButton
                  side="business"
                  profileId={agent.data.id}
                  name={agent.data.fullName}
                  size="md"
                  block
                />
              </CardContent>
            </Card>
          </div>
        </div>
      ) : null}
    </div>
  );
}
