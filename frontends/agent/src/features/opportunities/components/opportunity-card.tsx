/**
 * An opportunity as the agent's search results show it (issue 44): title (linking to its detail
 * page), the business and its industry, the match score with up to 3 reasons, and its terms.
 */
import {
  industryLabel,
  MatchScore,
  type Opportunity,
  OpportunityTerms,
  ReasonChips,
} from "@closr/partner-kit";
import { Link } from "react-router";

export function OpportunityCard({ opportunity }: { opportunity: Opportunity }) {
  return (
    <article className="card opportunity-card" aria-label={opportunity.title}>
      <div className="opportunity-card-head">
        <h2 className="opportunity-card-title">
          <Link to={`/agent/opportunities/${opportunity.id}`} className="text-link">
            {opportunity.title}
          </Link>
        </h2>
        <MatchScore match={opportunity.match} />
      </div>
      <p className="muted">
        {opportunity.business.companyName} · {industryLabel(opportunity.business.industry)}
      </p>
      <ReasonChips reasons={opportunity.match?.reasons ?? []} />
      <OpportunityTerms opportunity={opportunity} />
    </article>
  );
}
