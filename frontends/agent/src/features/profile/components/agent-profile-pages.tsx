/**
 * /agent/create-profile and /agent/profile: the same form, creating or editing.
 * An agent that already has a profile is sent from create to edit, and the reverse.
 */
import {
  Alert,
  Button,
  describeFailure,
  PageHeader,
  PageSpinner,
  useCatalogue,
  useOwnAgentProfile,
} from "@closr/ui";
import { useRef } from "react";
import { Navigate } from "react-router";
import { AgentProfileForm } from "./agent-profile-form.tsx";

function useFormData() {
  const catalogue = useCatalogue();
  const own = useOwnAgentProfile();
  const error = catalogue.error ?? own.error;
  const retry = () => {
    if (catalogue.error) void catalogue.refetch();
    if (own.error) void own.refetch();
  };
  return {
    catalogue: catalogue.data,
    own: own.data,
    isPending: catalogue.isPending || own.isPending,
    error,
    retry,
  };
}

function LoadFailure({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Alert>
      <div className="inline-alert">
        <span>Failed to fetch agent profile. {describeFailure(error).message}</span>
        <Button variant="outline" size="sm" onPress={retry}>
          Retry
        </Button>
      </div>
    </Alert>
  );
}

export function CreateAgentProfilePage() {
  const { catalogue, own, isPending, error, retry } = useFormData();
  // Remember that the profile did not exist on arrival, so creating it shows the success panel.
  const sawNoProfile = useRef(false);
  if (own === null) sawNoProfile.current = true;
  if (own && !sawNoProfile.current) return <Navigate to="/agent/profile" replace />;
  return (
    <div className="stack-lg">
      <PageHeader
        title="Create Agent Profile"
        description="Show businesses what you sell, where and how well."
      />
      {error ? <LoadFailure error={error} retry={retry} /> : null}
      {isPending && !error ? <PageSpinner label="Loading form" /> : null}
      {catalogue && own !== undefined && !error ? <AgentProfileForm catalogue={catalogue} /> : null}
    </div>
  );
}

export function EditAgentProfilePage() {
  const { catalogue, own, isPending, error, retry } = useFormData();
  if (own === null) return <Navigate to="/agent/create-profile" replace />;
  return (
    <div className="stack-lg">
      <PageHeader title="Agent Profile" description="Keep your details and skills up to date." />
      {error ? <LoadFailure error={error} retry={retry} /> : null}
      {isPending && !error ? <PageSpinner label="Loading profile" /> : null}
      {catalogue && own ? <AgentProfileForm key={own.id} catalogue={catalogue} profile={own} /> : null}
    </div>
  );
}
