/**
 * The agent profile form (spec §2.9, §5, §9): create at /agent/create-profile, edit at
 * /agent/profile. Location default sydney, minimum commission default 10, up to 10 skills
 * from the catalogue; §5 messages checked before sending and shown again from the server's
 * 422; "Profile created!" then the dashboard after 2 s.
 */
import {
  type AgentProfile,
  type AgentProfileFields,
  Button,
  Card,
  CardContent,
  type Catalogue,
  describeFailure,
  type FieldErrors,
  Icon,
  InputField,
  LinkButton,
  locationLabel,
  SelectField,
  SkillPicker,
  TextAreaField,
  TextField,
  toast,
  useCreateAgentProfile,
  useUpdateAgentProfile,
  validateAgentProfile,
} from "@closr/ui";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";

const REDIRECT_AFTER_MS = 2000;
const dashboard = "/agent/dashboard";

const fieldsFrom = (profile: AgentProfile | undefined): AgentProfileFields => ({
  fullName: profile?.fullName ?? "",
  specialization: profile?.specialization ?? "",
  yearsOfExperience: profile ? String(profile.yearsOfExperience) : "",
  location: profile?.location ?? "sydney",
  minimumCommissionRate: String(profile?.minimumCommissionRate ?? 10),
  bio: profile?.bio ?? "",
  linkedinProfile: profile?.linkedinProfile ?? "",
  skills: profile?.skills ?? [],
});

export function AgentProfileForm({
  catalogue,
  profile,
}: {
  catalogue: Catalogue;
  profile?: AgentProfile | undefined;
}) {
  const editing = profile !== undefined;
  const navigate = useNavigate();
  const create = useCreateAgentProfile();
  const update = useUpdateAgentProfile();
  const [fields, setFields] = useState(() => fieldsFrom(profile));
  const [errors, setErrors] = useState<FieldErrors<keyof AgentProfileFields>>({});
  const [formError, setFormError] = useState<string>();
  const [created, setCreated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => navigate(dashboard), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  const set = <K extends keyof AgentProfileFields>(name: K, value: AgentProfileFields[K]) => {
    setFields((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const found = validateAgentProfile(fields, catalogue.maxSkills);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError();
      return;
    }
    const input = {
      fullName: fields.fullName.trim(),
      specialization: fields.specialization.trim(),
      yearsOfExperience: Number(fields.yearsOfExperience),
      location: fields.location as AgentProfile["location"],
      minimumCommissionRate: Number(fields.minimumCommissionRate),
      bio: fields.bio.trim() || null,
      linkedinProfile: fields.linkedinProfile.trim() || null,
      skills: fields.skills,
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
          <p className="muted">Businesses can now find you. Taking you to your dashboard…</p>
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
          aria-label={editing ? "Edit agent profile" : "Create agent profile"}
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
              label="Full Name"
              name="fullName"
              value={fields.fullName}
              onChange={(value) => set("fullName", value)}
              errorMessage={errors.fullName}
              isRequired
              autoComplete="name"
            />
            <InputField
              label="Specialization"
              list={listId}
              value={fields.specialization}
              onChange={(event) => set("specialization", event.target.value)}
              errorMessage={errors.specialization}
              description="Pick a suggestion or type your own"
              required
            />
            <datalist id={listId}>
              {catalogue.specializations.map((value) => (
                <option key={value} value={value} />
              ))}
            </datalist>
            <InputField
              label="Years of Experience"
              type="number"
              inputMode="numeric"
              min={0}
              max={80}
              step={1}
              value={fields.yearsOfExperience}
              onChange={(event) => set("yearsOfExperience", event.target.value)}
              errorMessage={errors.yearsOfExperience}
              required
            />
            <SelectField
              label="Location"
              value={fields.location}
              onChange={(event) => set("location", event.target.value)}
              errorMessage={errors.location}
            >
              {catalogue.locations.map((location) => (
                <option key={location} value={location}>
                  {locationLabel(location)}
                </option>
              ))}
            </SelectField>
            <InputField
              label="Minimum Commission Rate (%)"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={fields.minimumCommissionRate}
              onChange={(event) => set("minimumCommissionRate", event.target.value)}
              errorMessage={errors.minimumCommissionRate}
            />
            <TextField
              label="LinkedIn Profile"
              name="linkedinProfile"
              type="url"
              placeholder="https://www.linkedin.com/in/your-name"
              value={fields.linkedinProfile}
              onChange={(value) => set("linkedinProfile", value)}
              errorMessage={errors.linkedinProfile}
            />
            <TextAreaField
              className="span-2"
              label="Bio"
              placeholder="What you sell, who you sell to, and the results you've delivered"
              value={fields.bio}
              onChange={(event) => set("bio", event.target.value)}
              errorMessage={errors.bio}
            />
            <div className="span-2">
              <SkillPicker
                skills={catalogue.skills}
                selected={fields.skills}
                max={catalogue.maxSkills}
                onChange={(skills) => set("skills", skills)}
                errorMessage={errors.skills}
              />
            </div>
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
