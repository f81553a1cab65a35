/**
 * The create and edit pages of a profile, shared by both sides: /<side>/create-profile and
 * /<side>/profile show the same form, creating or editing. Someone who already has a profile
 * is sent from create to edit, and the reverse. Load failures read "Failed to fetch
 * <side> profile" (spec §7) with Retry.
 */

import { describeFailure } from "@closr/client";
import { PageHeader, PageSpinner, RetryAlert } from "@closr/ui";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ComponentType, useRef } from "react";
import { Navigate } from "react-router";
import { type Catalogue, useCatalogue } from "./profiles-api.ts";

export interface ProfilePagesOptions<P extends { id: number }> {
  readonly side: "business" | "agent";
  /** The caller's own profile: null when none yet. */
  readonly useOwnProfile: () => UseQueryResult<P | null>;
  readonly Form: ComponentType<{ catalogue: Catalogue; profile?: P }>;
  readonly create: { readonly title: string; readonly description: string };
  readonly edit: { readonly title: string; readonly description: string };
}

/** Builds the create and edit page components for one side. */
export function makeProfilePages<P extends { id: number }>(options: ProfilePagesOptions<P>) {
  const { side, useOwnProfile, Form } = options;

  function useFormData() {
    const catalogue = useCatalogue();
    const own = useOwnProfile();
    return {
      catalogue: catalogue.data,
      own: own.data,
      isPending: catalogue.isPending || own.isPending,
      error: catalogue.error ?? own.error,
      retry: () => {
        if (catalogue.error) void catalogue.refetch();
        if (own.error) void own.refetch();
      },
    };
  }

  function LoadFailure({ error, retry }: { error: unknown; retry: () => void }) {
    return (
      <RetryAlert onRetry={retry}>
        Failed to fetch {side} profile. {describeFailure(error).message}
      </RetryAlert>
    );
  }

  function CreateProfilePage() {
    const { catalogue, own, isPending, error, retry } = useFormData();
    // Remember that the profile did not exist on arrival, so creating it shows the success panel.
    const sawNoProfile = useRef(false);
    if (own === null) sawNoProfile.current = true;
    if (own && !sawNoProfile.current) return <Navigate to={`/${side}/profile`} replace />;
    return (
      <div className="stack-lg">
        <PageHeader title={options.create.title} description={options.create.description} />
        {error ? <LoadFailure error={error} retry={retry} /> : null}
        {isPending && !error ? <PageSpinner label="Loading form" /> : null}
        {catalogue && own !== undefined && !error ? <Form catalogue={catalogue} /> : null}
      </div>
    );
  }

  function EditProfilePage() {
    const { catalogue, own, isPending, error, retry } = useFormData();
    if (own === null) return <Navigate to={`/${side}/create-profile`} replace />;
    return (
      <div className="stack-lg">
        <PageHeader title={options.edit.title} description={options.edit.description} />
        {error ? <LoadFailure error={error} retry={retry} /> : null}
        {isPending && !error ? <PageSpinner label="Loading profile" /> : null}
        {catalogue && own ? <Form key={own.id} catalogue={catalogue} profile={own} /> : null}
      </div>
    );
  }

  return { CreateProfilePage, EditProfilePage };
}
