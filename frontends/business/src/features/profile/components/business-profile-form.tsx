/**
 * The business profile form (spec §2.8, §5): create at /business/create-profile, edit at
 * /business/profile. Defaults technology, small, sydney; §5 messages checked before sending
 * and shown again from the server's 422; "Profile created!" then the dashboard after 2 s.
 */
import {
  type BusinessProfile,
  type BusinessProfileFields,
  type Catalogue,
  industryOptions,
  locationOptions,
  ProfileFormFrame,
  useCreateBusinessProfile,
  useProfileForm,
  useUpdateBusinessProfile,
  validateBusinessProfile,
  webAddressField,
} from "@closr/partner-kit";
import { SelectField, TextAreaField, TextField } from "@closr/ui";

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
  const form = useProfileForm({
    profileId: profile?.id,
    initial: () => fieldsFrom(profile),
    validate: validateBusinessProfile,
    toInput: (values: BusinessProfileFields) => ({
      companyName: values.companyName.trim(),
      industry: values.industry as BusinessProfile["industry"],
      size: values.size as BusinessProfile["size"],
      location: values.location as BusinessProfile["location"],
      description: values.description.trim() || null,
      website: webAddressField(values.website),
      contactEmail: values.contactEmail.trim() || null,
      contactPhone: values.contactPhone.trim() || null,
    }),
    create: useCreateBusinessProfile(),
    update: useUpdateBusinessProfile(),
    dashboard,
  });
  const { text, native } = form;

  return (
    <ProfileFormFrame
      party="business"
      createdMessage="Your business profile is live. Taking you to your dashboard…"
      dashboard={dashboard}
      form={form}
    >
      <TextField
        className="span-2"
        label="Company Name"
        {...text("companyName")}
        isRequired
        autoComplete="organization"
      />
      <SelectField label="Industry" {...native("industry")} options={industryOptions(catalogue.industries)} />
      <SelectField
        label="Company Size"
        {...native("size")}
        options={catalogue.sizes.map((size) => ({ value: size.value, label: size.label }))}
      />
      <SelectField label="Location" {...native("location")} options={locationOptions(catalogue.locations)} />
      <TextField
        label="Website"
        type="url"
        placeholder="https://example.com.au"
        {...text("website")}
        autoComplete="url"
      />
      <TextAreaField
        className="span-2"
        label="Description"
        placeholder="What you sell, to whom, and what kind of agents you're looking for"
        {...native("description")}
      />
      <TextField label="Contact Email" type="email" {...text("contactEmail")} autoComplete="email" />
      <TextField label="Contact Phone" type="tel" {...text("contactPhone")} autoComplete="tel" />
    </ProfileFormFrame>
  );
}
