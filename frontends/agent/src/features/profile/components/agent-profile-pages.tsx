/** /agent/create-profile and /agent/profile (shared page logic: @closr/partner-kit makeProfilePages). */
import { makeProfilePages, useOwnAgentProfile } from "@closr/partner-kit";
import { AgentProfileForm } from "./agent-profile-form.tsx";

export const { CreateProfilePage: CreateAgentProfilePage, EditProfilePage: EditAgentProfilePage } =
  makeProfilePages({
    side: "agent",
    useOwnProfile: () => useOwnAgentProfile(),
    Form: AgentProfileForm,
    create: {
      title: "Create Agent Profile",
      description: "Show businesses what you sell, where and how well.",
    },
    edit: { title: "Agent Profile", description: "Keep your details and skills up to date." },
  });
