/** The business's opportunity pages (issue 44), one chunk for the area's four routes. */
export { OpportunitiesPage } from "./opportunities-page.tsx";
export { OpportunityApplicantsPage } from "./opportunity-applicants-page.tsx";
export { EditOpportunityPage, NewOpportunityPage } from "./opportunity-editor-page.tsx";
