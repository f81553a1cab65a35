/**
 * /business/create-profile and /business/profile: the same form, creating or editing.
 * A business that already has a profile is sent from create to edit, and the reverse.
 */
import {
  Alert,
  Button,
  describeFailure,
  PageHeader,
  PageSpinner,
  useCatalogue,
  useOwnBusinessProfile,
} from "@closr/ui";
import { useRef } from "react";
import { Navigate } from "react-router";
import { BusinessProfileForm } from "./business-profile-form.tsx";

function useFormData() {
  const catalogue = useCatalogue();
  const own = useOwnBusinessProfile();
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
        <span>Failed to fetch business profile. {describeFailure(error).message}</span>
        <Button variant="outline" size="sm" onPress={retry}>
          Retry
        </Button>
      </div>
    </Alert>
  );
}

export function CreateBusinessProfilePage() {
  const { catalogue, own, isPending, error, retry } = useFormData();
  // Remember that the profile did not exist on arrival, so creating it shows the success panel.
  const sawNoProfile = useRef(false);
  if (own === null) sawNoProfile.current = true;
  if (own && !sawNoProfile.current) return <Navigate to="/business/profile" replace />;
  return (
    <div className="stack-lg">
      <PageHeader
        title="Create Business Profile"
        description="Tell agents about your company so the right people find you."
      />
      {error ? <LoadFailure error={error} retry={retry} /> : null}
      {isPending && !error ? <PageSpinner label="Loading form" /> : null}
      {catalogue && own !== undefined && !error ? <BusinessProfileForm catalogue={catalogue} /> : null}
    </div>
  );
}

export function EditBusinessProfilePage() {
  const { catalogue, own, isPending, error, retry } = useFormData();
  if (own === null) return <Navigate to="/business/create-profile" replace />;
  return (
    <div className="stack-lg">
      <PageHeader title="Business Profile" description="Keep your company details up to date." />
      {error ? <LoadFailure error={error} retry={retry} /> : null}
      {isPending && !error ? <PageSpinner label="Loading profile" /> : null}
      {catalogue && own ? <BusinessProfileForm key={own.id} catalogue={catalogue} profile={own} /> : null}
    </div>
  );
}
