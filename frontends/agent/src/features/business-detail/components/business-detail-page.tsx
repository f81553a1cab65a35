/**
 * /agent/businesses/:id — one business profile for an agent: every public field, the match
 * panel, the Verified badge, and a back link to the results (same query string).
 */
import {
  Alert,
  ApiError,
  Button,
  Card,
  CardContent,
  ConnectButton,
  describeFailure,
  Icon,
  industryLabel,
  locationLabel,
  MatchPanel,
  MatchScore,
  PageSpinner,
  useBusinessProfile,
  useCatalogue,
  VerifiedBadge,
} from "@closr/ui";
import { Link, useLocation, useParams } from "react-router";

export function BusinessDetailPage() {
  const { id } = useParams();
  const { search } = useLocation();
  const business = useBusinessProfile(Number(id));
  const catalogue = useCatalogue();
  const back = `/agent/find-businesses${search}`;
  const validId = Number(id) > 0;
  const profile = business.data;
  const sizeLabel =
    catalogue.data?.sizes.find((size) => size.value === profile?.size)?.label ?? profile?.size;

  return (
    <div className="stack-lg">
      <Link to={back} className="back-link">
        <Icon name="arrowRight" size={16} /> Back to results
      </Link>
      {business.isPending && validId ? <PageSpinner label="Loading profile" /> : null}
      {business.isError || !validId ? (
        <Alert>
          <div className="inline-alert">
            <span>
              {business.error &&
              !(business.error instanceof ApiError && business.error.problem.status === 404)
                ? `Couldn't load this business. ${describeFailure(business.error).message}`
                : "Business not found."}
            </span>
            {business.isError ? (
              <Button variant="outline" size="sm" onPress={() => void business.refetch()}>
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
                  {profile.companyName.slice(0, 1).toUpperCase()}
                </span>
                <div className="detail-head-text">
                  <h1 className="detail-name">{profile.companyName}</h1>
                  <p className="muted">
                    {industryLabel(profile.industry)} · {locationLabel(profile.location)}
                  </p>
                </div>
                <div className="row">
                  <VerifiedBadge status={profile.user.verificationStatus} />
                  <MatchScore match={profile.match} />
                </div>
              </CardContent>
            </Card>
            <Card className="detail-section">
              <CardContent>
                <h2>About</h2>
                <p>{profile.description?.trim() || "This business hasn't added a description yet."}</p>
              </CardContent>
            </Card>
          </div>
          <div className="detail-side">
            <MatchPanel match={profile.match} otherSide="business" />
            <Card className="detail-section">
              <CardContent>
                <h2>Details</h2>
                <dl className="detail-list">
                  <dt>Industry</dt>
                  <dd>{industryLabel(profile.industry)}</dd>
                  <dt>Company size</dt>
                  <dd>{sizeLabel}</dd>
                  <dt>Location</dt>
                  <dd>{locationLabel(profile.location)}</dd>
                  <dt>Website</dt>
                  <dd>
                    {profile.website ? (
                      <a href={profile.website} target="_blank" rel="noreferrer" className="text-link">
                        {profile.website.replace(/^https?:\/\//, "")}
                      </a>
                    ) : (
                      "Not provided"
                    )}
                  </dd>
                  <dt>Contact email</dt>
                  <dd>
                    {profile.contactEmail ? (
                      <a href={`mailto:${profile.contactEmail}`} className="text-link">
                        {profile.contactEmail}
                      </a>
                    ) : (
                      "Not provided"
                    )}
                  </dd>
                  <dt>Contact phone</dt>
                  <dd>{profile.contactPhone ?? "Not provided"}</dd>
                </dl>
                <ConnectButton
                  side="agent"
                  profileId={profile.id}
                  name={profile.companyName}
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
