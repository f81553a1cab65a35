/**
 * The business profile form (spec §2.8, §5): create at /business/create-profile, edit at
 * /business/profile. Defaults technology, small, sydney; §5 messages checked before sending
 * and shown again from the server's 422; "Profile created!" then the dashboard after 2 s.
 */
import {
  type BusinessProfile,
  type BusinessProfileFields,
  Button,
  Card,
  CardContent,
  type Catalogue,
  describeFailure,
  type FieldErrors,
  Icon,
  industryLabel,
  LinkButton,
  locationLabel,
  SelectField,
  TextAreaField,
  TextField,
  toast,
  useCreateBusinessProfile,
  useUpdateBusinessProfile,
  validateBusinessProfile,
} from "@closr/ui";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";

const REDIRECT_AFTER_MS = 2000;
const dashboard = "/business/dashboard";

const fieldsFrom = (profile: BusinessProfile | null | undefined): BusinessProfileFields => ({
  companyName: profile?.companyName ?? "",
  industry: profile?.industry ?? "technology",
  size: profile?.size ?? "small",
  location: profile?.location ?? "sydney",
  description: profile?.description ?? "",
  website: profile?.website ?? "",
  contactEmail: profile?.contactEmail ?? "",
  contactPhone: profile?.contactPhone ?? "",
});

export function BusinessProfileForm({
  catalogue,
  profile,
}: {
  catalogue: Catalogue;
  /** The profile to edit; none means create. */
  profile?: BusinessProfile | undefined;
}) {
  const editing = profile !== undefined;
  const navigate = useNavigate();
  const create = useCreateBusinessProfile();
  const update = useUpdateBusinessProfile();
  const [fields, setFields] = useState(() => fieldsFrom(profile));
  const [errors, setErrors] = useState<FieldErrors<keyof BusinessProfileFields>>({});
  const [formError, setFormError] = useState<string>();
  const [created, setCreated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => navigate(dashboard), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  const set = (name: keyof BusinessProfileFields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const found = validateBusinessProfile(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError();
      return;
    }
    const input = {
      companyName: fields.companyName.trim(),
      industry: fields.industry as BusinessProfile["industry"],
      size: fields.size as BusinessProfile["size"],
      location: fields.location as BusinessProfile["location"],
      description: fields.description.trim() || null,
      website: fields.website.trim() || null,
      contactEmail: fields.contactEmail.trim() || null,
      contactPhone: fields.contactPhone.trim() || null,
    };
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
    if (profile) {
      update.mutate(
        { id: profile.id, input },
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

  if (created) {
    return (
      <Card className="success-panel">
        <CardContent>
          <span className="icon-bubble" aria-hidden="true">
            <Icon name="check" size={28} />
          </span>
          <h2 className="welcome-title" role="status">
            Profile created!
          </h2>
          <p className="muted">Your business profile is live. Taking you to your dashboard…</p>
          <LinkButton href={dashboard}>Go to Dashboard</LinkButton>
        </CardContent>
      </Card>
    );
  }

  const pending = create.isPending || update.isPending;
  return (
    <Card className="profile-form-card">
      <CardContent>
        <form
          ref={formRef}
          className="form"
          aria-label={editing ? "Edit business profile" : "Create business profile"}
          noValidate
          onSubmit={submit}
        >
          {formError ? (
            <div role="alert" className="alert alert-destructive">
              {formError}
            </div>
          ) : null}
          <div className="form-grid">
            <TextField
              className="span-2"
              label="Company Name"
              name="companyName"
              value={fields.companyName}
              onChange={set("companyName")}
              errorMessage={errors.companyName}
              isRequired
              autoComplete="organization"
            />
            <SelectField
              label="Industry"
              value={fields.industry}
              onChange={(event) => set("industry")(event.target.value)}
              errorMessage={errors.industry}
            >
              {catalogue.industries.map((industry) => (
                <option key={industry} value={industry}>
                  {industryLabel(industry)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Company Size"
              value={fields.size}
              onChange={(event) => set("size")(event.target.value)}
              errorMessage={errors.size}
            >
              {catalogue.sizes.map((size) => (
                <option key={size.value} value={size.value}>
                  {size.label}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Location"
              value={fields.location}
              onChange={(event) => set("location")(event.target.value)}
              errorMessage={errors.location}
            >
              {catalogue.locations.map((location) => (
                <option key={location} value={location}>
                  {locationLabel(location)}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Website"
              name="website"
              type="url"
              placeholder="https://example.com.au"
              value={fields.website}
              onChange={set("website")}
              errorMessage={errors.website}
              autoComplete="url"
            />
            <TextAreaField
              className="span-2"
              label="Description"
              placeholder="What you sell, to whom, and what kind of agents you're looking for"
              value={fields.description}
              onChange={(event) => set("description")(event.target.value)}
              errorMessage={errors.description}
            />
            <TextField
              label="Contact Email"
              name="contactEmail"
              type="email"
              value={fields.contactEmail}
              onChange={set("contactEmail")}
              errorMessage={errors.contactEmail}
              autoComplete="email"
            />
            <TextField
              label="Contact Phone"
              name="contactPhone"
              type="tel"
              value={fields.contactPhone}
              onChange={set("contactPhone")}
              errorMessage={errors.contactPhone}
              autoComplete="tel"
            />
          </div>
          <div className="form-actions">
            <LinkButton href={dashboard} variant="outline">
              Cancel
            </LinkButton>
            <Button type="submit" isPending={pending}>
              {editing ? "Save Changes" : "Create Profile"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
