/**
 * @closr/client: the run-time plumbing every federated app BUNDLES (not a Module Federation
 * singleton, ADR 0048): the API client (openapi-fetch over the contract) and its problems, the
 * session queries, the query keys and hooks the shell and the remotes both read (unread count,
 * open partnerships, billing), the QueryClient factory, the connected frames (side menu with live
 * badges, signed-in page) and the shell-remote contract. It holds no module-level state: every
 * cache lives in the QueryClient the caller creates and provides, so each app's copy of this
 * package reads the same data through the shell's one QueryClientProvider.
 * Stripe.js helpers are the separate entry `@closr/client/stripe`; the build-time federation
 * config is under src/federation, imported by relative path from each vite.config.ts.
 */
export { apiClient } from "./api/client.ts";
export { failureToast, formFailure } from "./api/form-failure.ts";
export { ApiError, describeFailure, type FieldErrors, isProblem, toApiError } from "./api/problem.ts";
export {
  type Billing,
  billingKey,
  fetchBilling,
  planTitle,
  statusLabel,
  useBilling,
} from "./billing/billing-api.ts";
export { PastDueBanner, PlanStatus } from "./billing/plan-status.tsx";
export { sharedRouterNames } from "./federation/react-router-shared.ts";
export {
  isServerShared,
  type ServerSharedModule,
  serverSharedModules,
} from "./federation/server-shared.ts";
export { federationShared, type RemoteName, remoteAreaOf, remoteNames } from "./federation/shared.ts";
export {
  getUnreadCount,
  unreadCountKey,
  unreadCountQueryOptions,
  useUnreadCount,
} from "./messages/unread.ts";
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
} from "./partnerships/partnerships-api.ts";
export { createQueryClient } from "./query/query-client.ts";
export type {
  NavBadge,
  NavItem,
  RegisterContext,
  RegisterRemote,
  RemoteModule,
} from "./remote-module.ts";
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
export { SideMenuLayout } from "./session/side-menu-layout.tsx";
export { SignedInPage } from "./session/signed-in-page.tsx";
export {
  type LoginFields,
  type RegisterFields,
  validateLogin,
  validateRegister,
} from "./session/validation.ts";
