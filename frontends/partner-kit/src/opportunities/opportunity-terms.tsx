/**
 * An opportunity's terms as a card shows them to either side (issue 44): commission (the model in
 * one line), territory, customer type and agents (places filled of wanted), plus the expected
 * deal size when the business gave one (AUD dollars). Injects the opportunity screens' styles.
 */
import { formatMoney, injectStyles } from "@closr/ui";
import { territoryLabels } from "../agreements/agreements-api.ts";
import css from "./opportunities.css?inline";
import { customerTypeLabels, modelSummary, type Opportunity } from "./opportunity-format.ts";

/** Adds the opportunity screens' styles to the page (once), for a screen without `OpportunityTerms`. */
export const injectOpportunityStyles = () => injectStyles("closr-opportunities-styles", css);

injectOpportunityStyles();

export function OpportunityTerms({ opportunity }: { opportunity: Opportunity }) {
  return (
    <dl className="opportunity-terms">
      <div>
        <dt>Commission</dt>
        <dd>{modelSummary(opportunity.model)}</dd>
      </div>
      <div>
        <dt>Territory</dt>
        <dd>{opportunity.territory.map((t) => territoryLabels[t]).join(", ")}</dd>
      </div>
      <div>
        <dt>Customers</dt>
        <dd>{customerTypeLabels[opportunity.customerType]}</dd>
      </div>
      <div>
        <dt>Agents</dt>
        <dd>
          {opportunity.placesFilled} of {opportunity.placesWanted} filled
        </dd>
      </div>
      {opportunity.expectedDealSize !== null ? (
        <div>
          <dt>Expected deal size</dt>
          <dd>{formatMoney(opportunity.expectedDealSize)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
