/**
 * The dashboard page of either party (spec §2.8 business, §2.9 agent): a spinner while the
 * caller's own profile loads; "Failed to fetch {party} profile." with Retry when it fails; with
 * no profile (404) the welcome state (a card with a button to create the profile and three next
 * steps); with one, the party's home (`home`). The words differ by party (`welcomeCopy`).
 */

import { describeFailure, useCurrentUser } from "@closr/client";
import type { IconName } from "@closr/ui";
import { Alert, Button, IconCard, LinkButton, PageHeader, PageSpinner, Skeleton } from "@closr/ui";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { Party } from "./party-nav.ts";

type Step = { icon: IconName; title: string; text: string };

/** The welcome state's words and the dashboard's title, by party. */
const welcomeCopy: Record<
  Party,
  {
    title: (username: string | undefined) => string;
    description: (username: string | undefined) => string | undefined;
    icon: IconName;
    heading: (username: string | undefined) => ReactNode;
    text: string;
    createLabel: string;
    steps: Step[];
  }
> = {
  business: {
    title: () => "Business Dashboard",
    description: (username) => (username ? `Signed in as ${username}` : undefined),
    icon: "briefcase",
    heading: (username) => <>Welcome to Closr{username ? `, ${username}` : ""}!</>,
    text: "Create your business profile to start finding commission-based sales agents who can grow your revenue.",
    createLabel: "Create Business Profile",
    steps: [
      {
        icon: "user",
        title: "Create your business profile",
        text: "Tell agents what you sell, where and how.",
      },
      {
        icon: "search",
        title: "Find sales agents",
        text: "Search verified agents by specialisation and location.",
      },
      { icon: "users", title: "Start partnerships", text: "Agree on commission and track every deal." },
    ],
  },
  agent: {
    title: (username) => (username ? `Welcome, ${username}!` : "Welcome!"),
    description: () => "Here's where your sales partnerships begin.",
    icon: "target",
    heading: () => "Welcome to Closr!",
    text: "Create your agent profile so businesses can find you, then start browsing opportunities that match your skills.",
    createLabel: "Create Agent Profile",
    steps: [
      {
        icon: "user",
        title: "Create your agent profile",
        text: "Show your specialisation, experience and skills.",
      },
      { icon: "search", title: "Find businesses", text: "Browse businesses with products you want to sell." },
      { icon: "dollar", title: "Get paid", text: "Invoice active partners and track your commission." },
    ],
  },
};

export function PartyDashboardPage<P>({
  party,
  own,
  home,
}: {
  party: Party;
  /** The caller's own profile: null when they have none yet (404). */
  own: UseQueryResult<P | null>;
  home: (profile: P, username: string | undefined) => ReactNode;
}) {
  const { data: user, isPending } = useCurrentUser();
  const copy = welcomeCopy[party];
  const username = user?.username;
  if (own.isPending) return <PageSpinner label="Loading your dashboard" />;
  if (own.isError) {
    return (
      <div className="stack-lg">
        <PageHeader title={copy.title(username)} />
        <Alert>
          <div className="inline-alert">
            <span>
              {`Failed to fetch ${party} profile. `}
              {describeFailure(own.error).message}
            </span>
            <Button variant="outline" size="sm" onPress={() => void own.refetch()}>
              Retry
            </Button>
          </div>
        </Alert>
      </div>
    );
  }
  if (own.data) return home(own.data, username);
  return (
    <div className="stack-lg">
      <PageHeader
        title={copy.title(username)}
        description={party === "agent" && isPending ? <Skeleton width="12rem" /> : copy.description(username)}
      />
      <IconCard
        className="welcome-card"
        icon={copy.icon}
        iconSize={28}
        title={copy.heading(username)}
        text={copy.text}
        textClassName="welcome-text"
      >
        <LinkButton href={`/${party}/create-profile`} size="lg">
          {copy.createLabel}
        </LinkButton>
      </IconCard>
      <ol className="next-steps" aria-label="Getting started">
        {copy.steps.map((step, index) => (
          <li key={step.title} className="card next-step">
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h3>{step.title}</h3>
              <p className="muted">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
