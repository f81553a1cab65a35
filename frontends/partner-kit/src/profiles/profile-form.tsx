/**
 * The state and submit flow both profile forms share (spec §2.8, §2.9, §5): fields with their
 * errors, §5 checks before sending, the server's 422 shown per field and in a form alert, the
 * first invalid field focused, toasts ("Profile created!" / "Error creating profile", or
 * "Profile updated" / "Error updating profile"), and after creation the success panel, then the
 * dashboard after 2 s.
 */

import { describeFailure, type FieldErrors } from "@closr/client";
import { Button, bindText, Card, CardContent, IconCard, LinkButton, toast } from "@closr/ui";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";

/** Spec §9: redirect 2 s after profile creation. */
const REDIRECT_AFTER_MS = 2000;

/** What the form needs of a TanStack mutation (create or update). */
export interface ProfileMutation<Variables> {
  mutate(variables: Variables, options: { onSuccess: () => void; onError: (error: unknown) => void }): void;
  readonly isPending: boolean;
}

export interface ProfileFormOptions<Fields extends object, Input> {
  /** The profile being edited; undefined means create. */
  readonly profileId: number | undefined;
  readonly initial: () => Fields;
  /** §5 checks; an empty object means valid. */
  readonly validate: (fields: Fields) => FieldErrors<Extract<keyof Fields, string>>;
  /** The request body from valid fields. */
  readonly toInput: (fields: Fields) => Input;
  readonly create: ProfileMutation<Input>;
  readonly update: ProfileMutation<{ id: number; input: Input }>;
  /** Where to go after creation ("/agent/dashboard"). */
  readonly dashboard: string;
}

export function useProfileForm<Fields extends object, Input>(options: ProfileFormOptions<Fields, Input>) {
  type Field = Extract<keyof Fields, string>;
  const { profileId, create, update, dashboard } = options;
  const editing = profileId !== undefined;
  const navigate = useNavigate();
  const [fields, setFields] = useState(options.initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string>();
  const [created, setCreated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => navigate(dashboard), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [created, navigate, dashboard]);

  const set = <K extends Field>(name: K, value: Fields[K]) => {
    setFields((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const found = options.validate(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError();
      return;
    }
    const input = options.toInput(fields);
    const onError = (error: unknown) => {
      const { fieldErrors, message } = describeFailure(error);
      setErrors(fieldErrors);
      setFormError(message);
      toast({
        title: editing ? "Error updating profile" : "Error creating profile",
        description: message,
        variant: "destructive",
      });
      focusFirstError();
    };
    if (profileId !== undefined) {
      update.mutate(
        { id: profileId, input },
        { onSuccess: () => toast({ title: "Profile updated", variant: "success" }), onError },
      );
    } else {
      create.mutate(input, {
        onSuccess: () => {
          toast({ title: "Profile created!", variant: "success" });
          setCreated(true);
        },
        onError,
      });
    }
  };

  /** Props binding a text field (value in, text out) to the field `name`: name, value, change, error. */
  type TextKey = { [K in Field]: Fields[K] extends string ? K : never }[Field];
  const text = <K extends TextKey>(name: K) => ({
    name,
    value: fields[name] as string,
    onChange: (value: string) => set(name, value as Fields[K]),
    errorMessage: errors[name],
  });
  /** The same for a native input, select or text area (its change event carries the text). */
  const native = <K extends TextKey>(name: K) =>
    bindText(fields[name] as string, (value) => set(name, value as Fields[K]), errors[name]);

  return {
    editing,
    fields,
    set,
    text,
    native,
    errors,
    formError,
    created,
    pending: create.isPending || update.isPending,
    submit,
    formRef,
  };
}

/** "Profile created!" with a line of its own and Go to Dashboard (shown until the redirect). */
export function ProfileCreatedPanel({ message, dashboard }: { message: string; dashboard: string }) {
  return (
    <IconCard
      className="success-panel"
      icon="check"
      iconSize={28}
      title="Profile created!"
      titleRole="status"
      text={message}
    >
      <LinkButton href={dashboard}>Go to Dashboard</LinkButton>
    </IconCard>
  );
}

/**
 * The profile form's frame, the same for both parties (spec §2.8, §2.9): "Profile created!"
 * once created; otherwise the card with the form ("Create|Edit {party} profile"), the form-level
 * alert, the page's fields in a two-column grid, and Cancel (to the dashboard) with Create
 * Profile or Save Changes. `form` is what useProfileForm returns.
 */
export function ProfileFormFrame({
  party,
  createdMessage,
  dashboard,
  form,
  children,
}: {
  party: "business" | "agent";
  /** The line under "Profile created!". */
  createdMessage: string;
  dashboard: string;
  form: Pick<
    ReturnType<typeof useProfileForm>,
    "editing" | "created" | "formError" | "pending" | "submit" | "formRef"
  >;
  /** The form's fields. */
  children: ReactNode;
}) {
  if (form.created) return <ProfileCreatedPanel message={createdMessage} dashboard={dashboard} />;
  return (
    <Card className="profile-form-card">
      <CardContent>
        <form
          ref={form.formRef}
          className="form"
          aria-label={form.editing ? `Edit ${party} profile` : `Create ${party} profile`}
          noValidate
          onSubmit={form.submit}
        >
          {form.formError ? (
            <div role="alert" className="alert alert-destructive">
              {form.formError}
            </div>
          ) : null}
          <div className="form-grid">{children}</div>
          <div className="form-actions">
            <LinkButton href={dashboard} variant="outline">
              Cancel
            </LinkButton>
            <Button type="submit" isPending={form.pending}>
              {form.editing ? "Save Changes" : "Create Profile"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
