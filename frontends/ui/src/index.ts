/**
 * @closr/ui: the shared design system and run-time pieces. Shared as a Module Federation
 * singleton, so the shell and every remote use one API client, one query cache and one
 * toast store.
 */

export * from "./account/account-api.ts";
export { SettingsLayout, settingsNavItems } from "./account/settings-layout.tsx";
export { apiClient } from "./api/client.ts";
export { ApiError, describeFailure, type FieldErrors, isProblem, toApiError } from "./api/problem.ts";
export {
  Button,
  type ButtonProps,
  type ButtonVariant,
  LinkButton,
  type LinkButtonProps,
} from "./components/button.tsx";
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
} from "./components/card.tsx";
export { CountBadge, countName, countText } from "./components/count-badge.tsx";
export { Dialog, DialogTrigger } from "./components/dialog.tsx";
export { Icon, type IconName } from "./components/icons.tsx";
export { Menu, MenuItem, MenuSeparator } from "./components/menu.tsx";
export { ComingSoon, PageHeader, SideMenuLayout } from "./components/page.tsx";
export { RadioGroup, type RadioOption } from "./components/radio-group.tsx";
export { Tab, TabList, TabPanel, Tabs } from "./components/tabs.tsx";
export { TextField, type TextFieldProps } from "./components/text-field.tsx";
export { federationShared, type RemoteName, remoteNames } from "./federation/shared.ts";
export { formatDate, formatMoney, formatTime } from "./lib/format.ts";
export type {
  NavBadge,
  NavItem,
  RegisterContext,
  RegisterRemote,
  RemoteModule,
} from "./lib/remote-module.ts";
export {
  getUnreadCount,
  unreadCountKey,
  unreadCountQueryOptions,
  useUnreadCount,
} from "./messages/unread.ts";
export { ConnectButton, sideCopy } from "./partnerships/connect-button.tsx";
export {
  DASHBOARD_PARTNER_LIMIT,
  DashboardPartners,
  usePartnershipCounts,
} from "./partnerships/dashboard-partners.tsx";
export {
  ActivePartnershipCard,
  counterpartProfilePath,
  messagePath,
  PendingPartnershipCard,
  percentLabel,
} from "./partnerships/partnership-card.tsx";
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
  useChangePartnership,
  useConnect,
  usePartnershipStandings,
  usePartnerships,
  usePendingIncomingCount,
} from "./partnerships/partnerships-api.ts";
export { PartnershipsPage } from "./partnerships/partnerships-page.tsx";
export { FindLayout, type FindLayoutProps } from "./profiles/find-layout.tsx";
export {
  ProfileCreatedPanel,
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
  locationLabel,
  previewText,
  skillCategories,
  validateAgentProfile,
  validateBusinessProfile,
} from "./profiles/profile-format.ts";
export { makeProfilePages, type ProfilePagesOptions } from "./profiles/profile-pages.tsx";
export {
  CheckboxField,
  FilterPanel,
  InputField,
  KeywordSearch,
  MatchPanel,
  MatchScore,
  Pagination,
  ProfileInitial,
  ReasonChips,
  ResultGridSkeleton,
  SelectField,
  SkillChips,
  StatTile,
  TextAreaField,
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
  useUpdateAgentProfile,
  useUpdateBusinessProfile,
} from "./profiles/profiles-api.ts";
export { SearchResults, type SearchResultsProps } from "./profiles/search-results.tsx";
export { SkillPicker } from "./profiles/skill-picker.tsx";
export { TopMatches, type TopMatchesProps } from "./profiles/top-matches.tsx";
export { pageFrom, pick, type SearchPatch, useUrlSearch } from "./profiles/use-url-search.ts";
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
} from "./session/session-api.ts";
export {
  type LoginFields,
  type RegisterFields,
  validateLogin,
  validateRegister,
} from "./session/validation.ts";
export { ToastRegion } from "./toast/toast-region.tsx";
export {
  dismissToast,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  type Toast,
  toast,
  toastStore,
} from "./toast/toast-store.ts";
