/**
 * @closr/ui: Closr's design system — tokens and styles (`@closr/ui/styles.css`, loaded once by the
 * shell), components on react-aria-components, fields, page frames, tabs, badges, the data table,
 * empty / error / loading states, toasts and en-AU formatting. Shared as a Module Federation
 * singleton (one toast store, one set of components); it reads no API and knows no feature
 * (ADR 0048). Every name exported here is the package's public surface.
 */

// The one formatting module (ADR 0059), re-exported so every app shares @closr/ui's copy (and its
// display zone): frontends import formatting from here, never from @closr/format directly.
export {
  australianTimeZones,
  calendarDate,
  datePatterns,
  defaultTimeZone,
  displayTimeZone,
  formatCents,
  formatDate,
  formatDateTime,
  formatElapsed,
  formatFromNow,
  formatLongDate,
  formatMoney,
  formatTime,
  isTimeZone,
  setDisplayTimeZone,
  shiftCalendarDate,
  withDisplayTimeZone,
} from "@closr/format";
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
export { Dialog, DialogTrigger, preloadDialog } from "./design-system/components/dialog.tsx";
export { EmptyState } from "./design-system/components/empty-state.tsx";
export { type Fact, Facts } from "./design-system/components/facts.tsx";
export { Icon, type IconName } from "./design-system/components/icons.tsx";
export { Menu, MenuItem, MenuSeparator } from "./design-system/components/menu.tsx";
export { deferredPage, PageSkeleton } from "./design-system/components/page-skeleton.tsx";
export { type PageTab, PageTabs, usePageTab } from "./design-system/components/page-tabs.tsx";
export { RetryAlert, TextLinkAlert, TextRetryAlert } from "./design-system/components/retry-alert.tsx";
export { ScrollTable } from "./design-system/components/scroll-table.tsx";
export { Tab, TabList, TabPanel, Tabs } from "./design-system/components/tabs.tsx";
export {
  type DeferredComponent,
  DrawnDeferred,
  deferred,
  preloadDeferred,
  settleDeferred,
} from "./design-system/deferred.tsx";
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
export { useSubmitOnce } from "./design-system/fields/use-submit-once.ts";
export {
  injectStyles,
  readRunningRemoteFrom,
  recordedStyles,
  recordedStylesFor,
  recordingStylesOf,
} from "./design-system/inject-styles.ts";
export { CenterCardPage, ComingSoon, IconCard, PageHeader } from "./design-system/layout/page.tsx";
export { ToastRegion } from "./design-system/toast/toast-region.tsx";
export {
  dismissToast,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  type Toast,
  toast,
  toastStore,
} from "./design-system/toast/toast-store.ts";
