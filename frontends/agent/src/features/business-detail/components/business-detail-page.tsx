/**
 * /agent/businesses/:id — one business profile for an agent: every public field, the match
 * panel, the Verified badge, and a back link to the results (same query string). The frame is
 * @closr/partner-kit's ProfileDetailFrame; this page gives the business's sections and details.
 */

import {
  industryLabel,
  locationLabel,
  ProfileDetailFrame,
  useBusinessProfile,
  useCatalogue,
} from "@closr/partner-kit";
import { Card, CardContent } from "@closr/ui";
import { useParams } from "react-router";

export function BusinessDetailPage() {
  const id = Number(useParams().id);
  const business = useBusinessProfile(id);
  const catalogue = useCatalogue();
  return (
    <ProfileDetailFrame
      viewer="agent"
      id={id}
      query={business}
      name={(profile) => profile.companyName}
      subtitle={(profile) => (
        <>
          {industryLabel(profile.industry)} · {locationLabel(profile.location)}
        </>
      )}
      sections={(profile) => (
        <Card className="detail-section">
          <CardContent>
            <h2>About</h2>
            <p>{profile.description?.trim() || "This business hasn't added a description yet."}</p>
          </CardContent>
        </Card>
      )}
      details={(profile) => (
        <>
          <dt>Industry</dt>
          <dd>{industryLabel(profile.industry)}</dd>
          <dt>Company size</dt>
          <dd>{catalogue.data?.sizes.find((size) => size.value === profile.size)?.label ?? profile.size}</dd>
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
        </>
      )}
    />
  );
}
