/**
 * /settings (issue 15): Account (change email, confirmed at the new address; the time zone dates are
 * shown, printed and e-mailed in, issue 46), Security (change
 * password with the current one; other sessions end; sessions list; sign out everywhere),
 * Notifications (per email kind), Privacy (download my data, delete my account).
 * /settings/billing belongs to Subscriptions and renders inside the same SettingsLayout.
 */

import { describeFailure, formFailure, useCurrentUser } from "@closr/client";
import {
  Alert,
  australianTimeZones,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardTitle,
  CheckboxField,
  Dialog,
  FormFields,
  formatDate,
  PageSpinner,
  SelectField,
  toast,
  useFormValues,
} from "@closr/ui";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { PushSettingsCard } from "../../../pwa/push-settings-card.tsx";
import {
  type NotificationPreferences,
  useChangeEmail,
  useChangePassword,
  useDeleteAccount,
  useNotificationPreferences,
  useRequestDataExport,
  useSessions,
  useSetTimeZone,
  useSignOutEverywhere,
  useUpdateNotificationPreferences,
} from "../api/account-api.ts";
import { SettingsLayout } from "./settings-layout.tsx";

type Errors = Record<string, string | undefined>;

const emailFields = [
  { name: "newEmail", label: "New email", type: "email", autoComplete: "email" },
  { name: "password", label: "Current password", type: "password", autoComplete: "current-password" },
] as const;

export function AccountSettingsPage() {
  const { data: user } = useCurrentUser();
  const change = useChangeEmail();
  const [values, setValues] = useState({ newEmail: "", password: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.newEmail.trim()))
      found.newEmail = "Please enter a valid email";
    else if (values.newEmail.trim().toLowerCase() === user?.email.toLowerCase())
      found.newEmail = "This is already your email";
    if (!values.password) found.password = "Password is required";
    setErrors(found);
    setNotice(null);
    if (Object.values(found).some(Boolean)) return;
    change.mutate(
      { newEmail: values.newEmail.trim(), password: values.password },
      {
        onSuccess: (result) => {
          setNotice(result.message);
          setValues({ newEmail: "", password: "" });
        },
        onError: (error) => {
          const { fieldErrors, message } = describeFailure(error);
          setErrors({ newEmail: fieldErrors.newEmail, password: fieldErrors.password });
          if (!fieldErrors.password && !fieldErrors.newEmail) setNotice(message);
        },
      },
    );
  };
  return (
    <SettingsLayout title="Account" description="Your sign-in details.">
      <Card>
        <CardContent>
          <dl className="detail-list">
            <dt>Username</dt>
            <dd>{user?.username}</dd>
            <dt>Email</dt>
            <dd>
              {user?.email} {user?.emailVerified ? "(verified)" : "(not verified yet)"}
            </dd>
            <dt>Account type</dt>
            <dd>{user?.userType === "business" ? "Business" : "Sales agent"}</dd>
          </dl>
        </CardContent>
      </Card>
      <TimeZoneCard zone={user?.timeZone} />
      <Card>
        <CardContent>
          <CardTitle>Change email</CardTitle>
          <CardDescription>
            We send a confirmation link to the new address; your email changes once you open it.
          </CardDescription>
          <form className="form" onSubmit={onSubmit} noValidate aria-label="Change email">
            {notice ? <Alert variant="info">{notice}</Alert> : null}
            <FormFields
              fields={emailFields}
              values={values}
              errors={errors}
              onChange={(name) => (v) => setValues((s) => ({ ...s, [name]: v }))}
            />
            <Button type="submit" isPending={change.isPending}>
              Send confirmation link
            </Button>
          </form>
        </CardContent>
      </Card>
    </SettingsLayout>
  );
}

/** The zones offered: the Australian ones, then the user's own if it is another (set at sign-up abroad). */
export const timeZoneOptions = (current: string | undefined) => {
  const options = australianTimeZones.map(({ zone, label }) => ({ value: zone, label }));
  return current && !options.some((o) => o.value === current)
    ? [...options, { value: current, label: current.replace(/_/g, " ") }]
    : options;
};

/** Settings → Account: the zone every date is shown, printed and e-mailed in; saved when chosen. */
function TimeZoneCard({ zone }: { zone: string | undefined }) {
  const save = useSetTimeZone();
  const current = save.isPending ? save.variables : zone;
  return (
    <Card>
      <CardContent>
        <CardTitle>Time zone</CardTitle>
        <CardDescription>
          Dates on Closr, in emails and on the tax invoices you issue are shown in this time zone.
        </CardDescription>
        <SelectField
          label="Time zone"
          name="timeZone"
          value={current ?? "Australia/Sydney"}
          options={timeZoneOptions(current)}
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate(event.target.value, {
              onSuccess: () => toast({ title: "Time zone saved", variant: "success" }),
              onError: (error) =>
                toast({
                  title: "Time zone not saved",
                  description: describeFailure(error).message,
                  variant: "destructive",
                }),
            })
          }
        />
      </CardContent>
    </Card>
  );
}

/** A short description of a browser from its User-Agent. */
function deviceName(userAgent: string | null) {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Chrome\//.test(userAgent)
      ? "Chrome"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const os = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}

const passwordFields = [
  { name: "currentPassword", label: "Current password", type: "password", autoComplete: "current-password" },
  { name: "newPassword", label: "New password", type: "password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm new password", type: "password", autoComplete: "new-password" },
] as const;

export function SecuritySettingsPage() {
  const change = useChangePassword();
  const sessions = useSessions();
  const everywhere = useSignOutEverywhere();
  const navigate = useNavigate();
  const [values, setValues] = useState({ currentPassword: "", newPassword: "", confirmPassword: "" });
  const [errors, setErrors] = useState<Errors>({});
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((s) => ({ ...s, [field]: value }));
    setErrors((s) => ({ ...s, [field]: undefined }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!values.currentPassword) found.currentPassword = "Current password is required";
    if (values.newPassword.length < 8) found.newPassword = "Password must be at least 8 characters";
    if (values.confirmPassword !== values.newPassword) found.confirmPassword = "Passwords do not match";
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: (result) => {
          setValues({ currentPassword: "", newPassword: "", confirmPassword: "" });
          toast({
            title: "Password changed",
            description:
              result.endedSessions > 0
                ? `Signed out of ${result.endedSessions} other ${result.endedSessions === 1 ? "session" : "sessions"}.`
                : "Your other sessions were signed out.",
            variant: "success",
          });
        },
        onError: formFailure(setErrors, "Password not changed", "no-field-error"),
      },
    );
  };
  return (
    <SettingsLayout title="Security" description="Your password and the devices signed in to your account.">
      <Card>
        <CardContent>
          <CardTitle>Change password</CardTitle>
          <CardDescription>Every other device is signed out when you change it.</CardDescription>
          <form className="form" onSubmit={onSubmit} noValidate aria-label="Change password">
            <FormFields fields={passwordFields} values={values} errors={errors} onChange={set} />
            <Button type="submit" isPending={change.isPending}>
              Change password
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <CardTitle>Where you're signed in</CardTitle>
          {sessions.isPending ? <PageSpinner label="Loading sessions" /> : null}
          {sessions.data ? (
            <ul className="session-list" aria-label="Signed-in devices">
              {sessions.data.items.map((s) => (
                <li key={s.id} className="session-item">
                  <strong>{deviceName(s.userAgent)}</strong>
                  {s.current ? <span className="badge badge-secondary">This device</span> : null}
                  <span className="muted">Signed in {formatDate(s.createdAt)}</span>
                </li>
              ))}
            </ul>
          ) : null}
          <Button
            variant="outline"
            isPending={everywhere.isPending}
            onPress={() =>
              everywhere.mutate(undefined, {
                onSuccess: () => {
                  toast({
                    title: "Signed out everywhere",
                    description: "Every session has ended.",
                    variant: "success",
                  });
                  navigate("/auth", { replace: true });
                },
              })
            }
          >
            Sign out everywhere
          </Button>
        </CardContent>
      </Card>
    </SettingsLayout>
  );
}

const kinds: { key: keyof NotificationPreferences; label: string }[] = [
  { key: "connectionRequests", label: "Connection requests" },
  { key: "acceptances", label: "Accepted and declined requests" },
  { key: "invoices", label: "Invoices" },
  { key: "payments", label: "Payments" },
  { key: "messagesDigest", label: "Messages digest" },
];

export function NotificationSettingsPage() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  return (
    <SettingsLayout
      title="Notifications"
      description="Choose which emails we send you. Security emails are always sent."
    >
      <Card>
        <CardContent>
          {preferences.isPending ? <PageSpinner label="Loading preferences" /> : null}
          {preferences.data ? (
            <fieldset className="stack">
              <legend className="visually-hidden">Email notifications</legend>
              {kinds.map((kind) => (
                <CheckboxField
                  key={kind.key}
                  label={kind.label}
                  checked={preferences.data[kind.key]}
                  onChange={(checked) =>
                    update.mutate(
                      { [kind.key]: checked },
                      { onSuccess: () => toast({ title: "Preferences saved", variant: "success" }) },
                    )
                  }
                />
              ))}
            </fieldset>
          ) : null}
        </CardContent>
      </Card>
      <PushSettingsCard />
    </SettingsLayout>
  );
}

const deleteFields = [
  { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
] as const;

export function PrivacySettingsPage() {
  const exportData = useRequestDataExport();
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { values, errors, setErrors, set } = useFormValues({ password: "" });
  const password = values.password;
  const setError = (message: string | undefined) => setErrors({ password: message });
  return (
    <SettingsLayout title="Privacy" description="Your rights to a copy of your data and to erasure.">
      <Card>
        <CardContent>
          <CardTitle>Download my data</CardTitle>
          <CardDescription>
            We prepare a JSON file with everything Closr holds about you (profile, partnerships, invoices,
            payments, messages, verification) and email you a download link valid for 1 hour.
          </CardDescription>
          {exportData.data ? <Alert variant="info">{exportData.data.message}</Alert> : null}
          <Button variant="outline" isPending={exportData.isPending} onPress={() => exportData.mutate()}>
            Download my data
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <CardTitle>Delete my account</CardTitle>
          <CardDescription>
            Your personal data is erased and you are signed out everywhere. Invoices and payments are kept, as
            Australian tax law requires; your partners still see them.
          </CardDescription>
          <Button variant="destructive" onPress={() => setOpen(true)}>
            Delete my account
          </Button>
          <Dialog title="Delete your account?" isOpen={open} onOpenChange={setOpen} role="alertdialog">
            <form
              className="form"
              noValidate
              aria-label="Confirm account deletion"
              onSubmit={(event) => {
                event.preventDefault();
                if (!password) {
                  setError("Password is required");
                  return;
                }
                remove.mutate(password, {
                  onSuccess: () => {
                    setOpen(false);
                    toast({
                      title: "Account deleted",
                      description: "Your account was deleted.",
                      variant: "success",
                    });
                    navigate("/", { replace: true });
                  },
                  onError: (failure) => {
                    const { fieldErrors, message } = describeFailure(failure);
                    setError(fieldErrors.password ?? message);
                  },
                });
              }}
            >
              <p>This cannot be undone. Enter your password to confirm.</p>
              <FormFields fields={deleteFields} values={values} errors={errors} onChange={set} />
              <div className="button-row">
                <Button variant="outline" onPress={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" variant="destructive" isPending={remove.isPending}>
                  Delete my account
                </Button>
              </div>
            </form>
          </Dialog>
        </CardContent>
      </Card>
    </SettingsLayout>
  );
}
