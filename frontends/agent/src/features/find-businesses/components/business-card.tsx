/**
 * A business's search card (spec §2.9): company name, industry, size, location, a
 * 100-character description preview, Verified badge, match score and reasons, View profile
 * and Connect (sends a connection request; shows Requested / Partner instead when a partnership
 * is open).
 */
import { type BusinessProfile, industryLabel, locationLabel, ProfileCard } from "@closr/partner-kit";
import { Icon } from "@closr/ui";

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
  return (
    <ProfileCard
      side="agent"
      profile={business}
      name={business.companyName}
      subtitle={industryLabel(business.industry)}
      description={business.description}
      href={`/agent/businesses/${business.id}${search}`}
      facts={
        <>
          <span>
            <Icon name="home" size={14} /> {locationLabel(business.location)}
          </span>
          <span>
            <Icon name="users" size={14} /> {sizeLabels?.get(business.size) ?? business.size}
          </span>
        </>
      }
    />
  );
}
