/**
 * The agent profile form (spec §2.9, §5, §9): create at /agent/create-profile, edit at
 * /agent/profile. Location default sydney, minimum commission default 10, up to 10 skills
 * from the catalogue; §5 messages checked before sending and shown again from the server's
 * 422; "Profile created!" then the dashboard after 2 s.
 */
import {
  type AgentProfile,
  type AgentProfileFields,
  type Catalogue,
  locationOptions,
  ProfileFormFrame,
  SkillPicker,
  useCreateAgentProfile,
  useProfileForm,
  useUpdateAgentProfile,
  validateAgentProfile,
  webAddressField,
} from "@closr/partner-kit";
import { InputField, SelectField, TextAreaField, TextField } from "@closr/ui";
import { useId } from "react";

const dashboard = "/agent/dashboard";

/** Input props for a whole number from 0 to `max` (years, percent): number type, numeric keyboard. */
const wholeNumber = (max: number) =>
  ({ type: "number", inputMode: "numeric", min: 0, max, step: 1 }) as const;

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
  const form = useProfileForm({
    profileId: profile?.id,
    initial: () => fieldsFrom(profile),
    validate: (values: AgentProfileFields) => validateAgentProfile(values, catalogue.maxSkills),
    toInput: (values: AgentProfileFields) => ({
      fullName: values.fullName.trim(),
      specialization: values.specialization.trim(),
      yearsOfExperience: Number(values.yearsOfExperience),
      location: values.location as AgentProfile["location"],
      minimumCommissionRate: Number(values.minimumCommissionRate),
      bio: values.bio.trim() || null,
      linkedinProfile: webAddressField(values.linkedinProfile),
      skills: values.skills,
    }),
    create: useCreateAgentProfile(),
    update: useUpdateAgentProfile(),
    dashboard,
  });
  const { fields, set, errors, text, native } = form;
  const listId = useId();

  return (
    <ProfileFormFrame
      party="agent"
      createdMessage="Businesses can now find you. Taking you to your dashboard…"
      dashboard={dashboard}
      form={form}
    >
      <TextField label="Full Name" {...text("fullName")} isRequired autoComplete="name" />
      <InputField
        label="Specialisation"
        list={listId}
        {...native("specialization")}
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
        {...wholeNumber(80)}
        {...native("yearsOfExperience")}
        required
      />
      <SelectField label="Location" {...native("location")} options={locationOptions(catalogue.locations)} />
      <InputField
        label="Minimum Commission Rate (%)"
        {...wholeNumber(100)}
        {...native("minimumCommissionRate")}
      />
      <TextField
        label="LinkedIn Profile"
        type="url"
        placeholder="https://www.linkedin.com/in/your-name"
        {...text("linkedinProfile")}
      />
      <TextAreaField
        className="span-2"
        label="Bio"
        placeholder="What you sell, who you sell to, and the results you've delivered"
        {...native("bio")}
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
    </ProfileFormFrame>
  );
}
