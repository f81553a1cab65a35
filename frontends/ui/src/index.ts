/**
 * @closr/ui: Closr's design system (src/design-system) and the marketplace features both
 * sides share (src/features). Shared as a Module Federation singleton, so the shell and every
 * remote use one API client, one query cache and one toast store. Every name exported here is
 * the package's public surface: moving a file must not change it.
 */

// Run time shared by the shell and every remote: the API client, federation, formatting.
export { apiClient, setApiTransport } from "./api/client.ts";
export { ApiError, describeFailure, type FieldErrors, isProblem, toApiError } from "./api/problem.ts";
// Design system: components, fields, layout, toasts and the style helper.
export {
  Button,
  type ButtonProps,
  type ButtonVariant,
  LinkButton,
  type LinkButtonProps,
} from "./design-system/components/button.tsx";
export {
  Alert,
  Badge,
  type BadgeVariant,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  PageSpinner,
  Skeleton,
  Spinner,
  TitledCard,
} from "./design-system/components/card.tsx";
export { CountBadge, countName, countText } from "./design-system/components/count-badge.tsx";
export { Dialog, DialogTrigger } from "./design-system/components/dialog.tsx";
export { EmptyState } from "./design-system/components/empty-state.tsx";
export { type Fact, Facts } from "./design-system/components/facts.tsx";
export { Icon, type IconName } from "./design-system/components/icons.tsx";
export { Menu, MenuItem, MenuSeparator } from "./design-system/components/menu.tsx";
export { type PageTab, PageTabs, usePageTab } from "./design-system/components/page-tabs.tsx";
export { RetryAlert, TextLinkAlert, TextRetryAlert } from "./design-system/components/retry-alert.tsx";
export { ScrollTable } from "./design-system/components/scroll-table.tsx";
export { Tab, TabList, TabPanel, Tabs } from "./design-system/components/tabs.tsx";
export { type FormFieldSpec, FormFields, useFormValues } from "./design-system/fields/form-fields.tsx";
export { MoneyField } from "./design-system/fields/money-field.tsx";
export {
  bindNumber,
  bindText,
  CheckboxField,
  InputField,
  NumberField,
  SelectField,
  type SelectOption,
  TextAreaField,
} from "./design-system/fields/native-fields.tsx";
export { RadioGroup, type RadioOption } from "./design-system/fields/radio-group.tsx";
export { TextField, type TextFieldProps } from "./design-system/fields/text-field.tsx";
export { injectStyles } from "./design-system/inject-styles.ts";
export { CenterCardPage, ComingSoon, IconCard, PageHeader } from "./design-system/layout/page.tsx";
export { failureToast, formFailure } from "./design-system/toast/form-failure.ts";
export { ToastRegion } from "./design-system/toast/toast-region.tsx";
export {
  dismissToast,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  type Toast,
  toast,
  toastStore,
} from "./design-system/toast/toast-store.ts";
// Marketplace features shared by both sides: account, session, messages, partnerships, profiles.
export * from "./features/account/account-api.ts";
export { SettingsLayout, settingsNavItems } from "./features/account/settings-layout.tsx";
export { AgreementPage } from "./features/agreements/agreement-page.tsx";
export {
  type Agreement,
  type CommissionQuote,
  useAgreement,
  useCommissionQuote,
} from "./features/agreements/agreements-api.ts";
export {
  DisputeListItem,
  DisputesTab,
  DisputeView,
  OpenDisputeButton,
  PartyDisputePage,
  ProposeResolutionForm,
} from "./features/disputes/disputes.tsx";
// Disputes (issue 17).
export * from "./features/disputes/disputes-api.ts";
export {
  getUnreadCount,
  unreadCountKey,
  unreadCountQueryOptions,
  useUnreadCount,
} from "./features/messages/unread.ts";
export { ConnectButton, sideCopy } from "./features/partnerships/connect-button.tsx";
export {
  DASHBOARD_PARTNER_LIMIT,
  DashboardPartners,
  usePartnershipCounts,
} from "./features/partnerships/dashboard-partners.tsx";
export {
  ActivePartnershipCard,
  agreementPath,
  counterpartProfilePath,
  messagePath,
  PendingPartnershipCard,
  percentLabel,
} from "./features/partnerships/partnership-card.tsx";
export {
  counterpartName,
  counterpartOf,
  isAwaitingCaller,
  isProblemType,
  OPEN_PARTNERSHIPS_PAGE_SIZE,
  type Partnership,
  type PartnershipChange,
  type PartnershipPage,
  type PartnershipSide,
  type PartnershipStatus,
  partnershipsKey,
  useActivePartnershipCount,
  useChangePartnership,
  useConnect,
  usePartnershipStandings,
  usePartnerships,
  usePendingIncomingCount,
} from "./features/partnerships/partnerships-api.ts";
export { PartnershipsPage } from "./features/partnerships/partnerships-page.tsx";
export { CreateProfileHint } from "./features/party/create-profile-hint.tsx";
export { isNoProfile, NoProfileState } from "./features/party/no-profile-state.tsx";
export { PartyDashboardPage } from "./features/party/party-dashboard-page.tsx";
export { type FindFilter, locationFilter, PartyFindPage } from "./features/party/party-find-page.tsx";
export { PartyFrame } from "./features/party/party-frame.tsx";
export { PartyHome } from "./features/party/party-home.tsx";
export {
  otherParty,
  type Party,
  PartyLayout,
  type PartyPages,
  partyAreas,
  partyNavItems,
  partyRemoteModule,
  registerPartyRemote,
} from "./features/party/party-remote.tsx";
export { ProfileDetailFrame } from "./features/party/profile-detail-frame.tsx";
export { QuickSearchPanel, quickSearchHref } from "./features/party/quick-search-panel.tsx";
export {
  type Billing,
  billingKey,
  fetchBilling,
  planTitle,
  statusLabel,
  useBilling,
} from "./features/payments/billing-api.ts";
export {
  disputesTab,
  InvoiceHead,
  InvoicePdfLink,
  invoiceBadge,
} from "./features/payments/invoice-parts.tsx";
export {
  authenticateLocalCard,
  type CardInput,
  confirmLocalCard,
  LocalCardForm,
  type LocalPaymentEndpoint,
  type PaymentIntent,
  validateCard,
} from "./features/payments/local-card-form.tsx";
export {
  announce,
  announceException,
  messages as paymentMessages,
  type Outcome,
} from "./features/payments/payment-outcome.ts";
export {
  type Payment,
  PaymentsTable,
  paymentBadge,
  paymentLabel,
  paymentStatusLabel,
} from "./features/payments/payments-table.tsx";
export { PastDueBanner, PlanStatus } from "./features/payments/plan-status.tsx";
export { FindLayout, type FindLayoutProps } from "./features/profiles/find-layout.tsx";
export { ProfileCard } from "./features/profiles/profile-card.tsx";
export {
  ProfileCreatedPanel,
  ProfileFormFrame,
  type ProfileFormOptions,
  type ProfileMutation,
  useProfileForm,
} from "./features/profiles/profile-form.tsx";
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
} from "./features/profiles/profile-format.ts";
export { makeProfilePages, type ProfilePagesOptions } from "./features/profiles/profile-pages.tsx";
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
} from "./features/profiles/profile-ui.tsx";
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
} from "./features/profiles/profiles-api.ts";
export { SearchResults, type SearchResultsProps } from "./features/profiles/search-results.tsx";
export { SkillPicker } from "./features/profiles/skill-picker.tsx";
export { TopMatches, type TopMatchesProps } from "./features/profiles/top-matches.tsx";
export { pageFrom, pick, type SearchPatch, useUrlSearch } from "./features/profiles/use-url-search.ts";
export {
  ReputationPanel,
  ReviewBody,
  ReviewFormActions,
  responseTimeLabel,
  Stars,
} from "./features/reviews/reputation-panel.tsx";
export {
  type CreateReviewInput,
  type MyReviews,
  type Reputation,
  type Review,
  reviewsKey,
  useMyReviews,
  useReviewActions,
  useUserReviews,
} from "./features/reviews/reviews-api.ts";
export {
  currentUserKey,
  currentUserQueryOptions,
  dashboardPath,
  getCurrentUser,
  type LoginInput,
  type RegisterInput,
  type UserType,
  useCurrentUser,
  useLogin,
  useLogout,
  useRegister,
} from "./features/session/session-api.ts";
export { SideMenuLayout } from "./features/session/side-menu-layout.tsx";
export { SignedInPage } from "./features/session/signed-in-page.tsx";
export {
  type LoginFields,
  type RegisterFields,
  validateLogin,
  validateRegister,
} from "./features/session/validation.ts";
export { federationShared, type RemoteName, remoteNames } from "./federation/shared.ts";
export { datePatterns, formatDate, formatDateTime, formatMoney, formatTime } from "./lib/format.ts";
export type {
  NavBadge,
  NavItem,
  RegisterContext,
  RegisterRemote,
  RemoteModule,
} from "./lib/remote-module.ts";
