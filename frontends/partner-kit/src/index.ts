/**
 * @closr/partner-kit: the marketplace screens and pieces both sides use — agreements, disputes,
 * partnership cards and pages, the party (business / agent) remote frame, invoice and payment
 * parts, profiles and search, reviews. A plain workspace library that each app BUNDLES (not a
 * Module Federation singleton, ADR 0048): a remote takes a new version when its team rebuilds it.
 * Its components draw with @closr/ui and read data with @closr/client.
 */
export {
  type Agreement,
  type CommissionModel,
  type CommissionQuote,
  modelGuidance,
  modelLabels,
  territoryLabels,
  useAgreement,
  useCommissionQuote,
} from "./agreements/agreements-api.ts";
export {
  type CommissionModelDraft,
  CommissionModelFields,
  useCommissionModelDraft,
} from "./agreements/commission-model-fields.tsx";
export {
  DisputeListItem,
  DisputesTab,
  DisputeView,
  OpenDisputeButton,
  ProposeResolutionForm,
} from "./disputes/disputes.tsx";
export * from "./disputes/disputes-api.ts";
export * from "./opportunities/opportunity-format.ts";
export { injectOpportunityStyles, OpportunityTerms } from "./opportunities/opportunity-terms.tsx";
export { ConnectButton, sideCopy } from "./partnerships/connect-button.tsx";
export {
  DASHBOARD_PARTNER_LIMIT,
  DashboardPartners,
  usePartnershipCounts,
} from "./partnerships/dashboard-partners.tsx";
export {
  ActivePartnershipCard,
  agreementPath,
  counterpartProfilePath,
  messagePath,
  PendingPartnershipCard,
  percentLabel,
} from "./partnerships/partnership-card.tsx";
export { PartnershipsPage } from "./partnerships/partnerships-page.tsx";
export { CreateProfileHint } from "./party/create-profile-hint.tsx";
export { isNoProfile, NoProfileState } from "./party/no-profile-state.tsx";
export { PartyDashboardPage } from "./party/party-dashboard-page.tsx";
export { type FindFilter, locationFilter, PartyFindPage } from "./party/party-find-page.tsx";
export { PartyFrame } from "./party/party-frame.tsx";
export { PartyHome } from "./party/party-home.tsx";
export {
  otherParty,
  type Party,
  PartyLayout,
  type PartyPages,
  partyAreas,
  partyNavItems,
  partyRemoteModule,
  registerPartyRemote,
} from "./party/party-remote.tsx";
export { ProfileDetailFrame } from "./party/profile-detail-frame.tsx";
export { QuickSearchPanel, quickSearchHref } from "./party/quick-search-panel.tsx";
export {
  disputesTab,
  InvoiceHead,
  InvoicePdfLink,
  invoiceBadge,
} from "./payments/invoice-parts.tsx";
export {
  authenticateLocalCard,
  type CardInput,
  confirmLocalCard,
  LocalCardForm,
  type LocalPaymentEndpoint,
  type PaymentIntent,
  validateCard,
} from "./payments/local-card-form.tsx";
export {
  announce,
  announceException,
  messages as paymentMessages,
  type Outcome,
} from "./payments/payment-outcome.ts";
export {
  type Payment,
  PaymentsTable,
  paymentBadge,
  paymentLabel,
  paymentStatusLabel,
} from "./payments/payments-table.tsx";
export { FindLayout, type FindLayoutProps } from "./profiles/find-layout.tsx";
export { ProfileCard } from "./profiles/profile-card.tsx";
export {
  ProfileCreatedPanel,
  ProfileFormFrame,
  type ProfileFormOptions,
  type ProfileMutation,
  useProfileForm,
} from "./profiles/profile-form.tsx";
export {
  type AgentProfileFields,
  BIO_PREVIEW_LENGTH,
  type BusinessProfileFields,
  commissionOptionLabel,
  countLabel,
  experienceBandLabel,
  experienceLabel,
  industryLabel,
  industryOptions,
  locationLabel,
  locationOptions,
  previewText,
  skillCategories,
  validateAgentProfile,
  validateBusinessProfile,
  webAddressField,
} from "./profiles/profile-format.ts";
export { makeProfilePages, type ProfilePagesOptions } from "./profiles/profile-pages.tsx";
export {
  FilterPanel,
  KeywordSearch,
  MatchPanel,
  MatchScore,
  Pagination,
  ProfileInitial,
  RatingLine,
  ReasonChips,
  ResultGridSkeleton,
  SkillChips,
  StatTile,
  VerifiedBadge,
} from "./profiles/profile-ui.tsx";
export {
  type AgentProfile,
  type AgentSearch,
  type BusinessProfile,
  type BusinessSearch,
  type BusinessSize,
  type Catalogue,
  type CreateAgentProfileInput,
  type CreateBusinessProfileInput,
  catalogueQueryOptions,
  type ExperienceBand,
  type Industry,
  type Location,
  type Match,
  ownAgentProfileKey,
  ownBusinessProfileKey,
  PAGE_SIZE,
  type ProfilePage,
  type Skill,
  type UpdateAgentProfileInput,
  type UpdateBusinessProfileInput,
  useAgentProfile,
  useAgentSearch,
  useBusinessProfile,
  useBusinessSearch,
  useCatalogue,
  useCreateAgentProfile,
  useCreateBusinessProfile,
  useOwnAgentProfile,
  useOwnBusinessProfile,
  useSizeLabels,
  useSkillEmojis,
  useUpdateAgentProfile,
  useUpdateBusinessProfile,
} from "./profiles/profiles-api.ts";
export { SearchResults, type SearchResultsProps } from "./profiles/search-results.tsx";
export { SkillPicker } from "./profiles/skill-picker.tsx";
export { TopMatches, type TopMatchesProps } from "./profiles/top-matches.tsx";
export { pageFrom, pick, type SearchPatch, useUrlSearch } from "./profiles/use-url-search.ts";
export {
  ReputationPanel,
  ReviewBody,
  ReviewFormActions,
  responseTimeLabel,
  Stars,
} from "./reviews/reputation-panel.tsx";
export {
  type CreateReviewInput,
  type MyReviews,
  type Reputation,
  type Review,
  reviewsKey,
  useMyReviews,
  useReviewActions,
  useUserReviews,
} from "./reviews/reviews-api.ts";
