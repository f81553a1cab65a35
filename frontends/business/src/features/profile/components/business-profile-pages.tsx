/** /business/create-profile and /business/profile (shared page logic: @closr/partner-kit makeProfilePages). */
import { makeProfilePages, useOwnBusinessProfile } from "@closr/partner-kit";
import { BusinessProfileForm } from "./business-profile-form.tsx";

export const { CreateProfilePage: CreateBusinessProfilePage, EditProfilePage: EditBusinessProfilePage } =
  makeProfilePages({
    side: "business",
    useOwnProfile: () => useOwnBusinessProfile(),
    Form: BusinessProfileForm,
    create: {
      title: "Create Business Profile",
      description: "Tell agents about your company so the right people find you.",
    },
    edit: { title: "Business Profile", description: "Keep your company details up to date." },
  });
