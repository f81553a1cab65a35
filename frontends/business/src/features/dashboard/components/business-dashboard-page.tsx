/**
 * The business dashboard (spec §2.8): with no business profile (404) the welcome state with
 * a button to create one; with a profile, the greeting, stat tiles, a search panel and the
 * top 3 agent matches. Partnerships arrive in a later issue, so their counts are an honest 0.
 */
import {
  Alert,
  Button,
  Card,
  CardContent,
  describeFailure,
  Icon,
  LinkButton,
  PageHeader,
  PageSpinner,
  useCurrentUser,
  useOwnBusinessProfile,
} from "@closr/ui";
import { BusinessHome } from "./business-home.tsx";

const nextSteps = [
  {
    icon: "user" as const,
    title: "Create your business profile",
    text: "Tell agents what you sell, where and how.",
  },
  {
    icon: "search" as const,
    title: "Find sales agents",
    text: "Search verified agents by specialisation and location.",
  },
  { icon: "users" as const, title: "Start partnerships", text: "Agree on commission and track every deal." },
];

export function BusinessDashboardPage() {
  const { data: user } = useCurrentUser();
  const own = useOwnBusinessProfile();
  if (own.isPending) return <PageSpinner label="Loading your dashboard" />;
  if (own.isError) {
    return (
      <div className="stack-lg">
        <PageHeader title="Business Dashboard" />
        <Alert>
          <div className="inline-alert">
            <span>Failed to fetch business profile. {describeFailure(own.error).message}</span>
            <Button variant="outline" size="sm" onPress={() => void own.refetch()}>
              Retry
            </Button>
          </div>
        </Alert>
      </div>
    );
  }
  if (own.data) return <BusinessHome profile={own.data} />;
  return (
    <div className="stack-lg">
      <PageHeader
        title="Business Dashboard"
        description={user ? `Signed in as ${user.username}` : undefined}
      />
      <Card className="welcome-card">
        <CardContent>
          <span className="icon-bubble" aria-hidden="true">
            <Icon name="briefcase" size={28} />
          </span>
          <h2 className="welcome-title">Welcome to Closr{user ? `, ${user.username}` : ""}!</h2>
          <p className="welcome-text">
            Create your business profile to start finding commission-based sales agents who can grow your
            revenue.
          </p>
          <LinkButton href="/business/create-profile" size="lg">
            Create Business Profile
          </LinkButton>
        </CardContent>
      </Card>
      <ol className="next-steps" aria-label="Getting started">
        {nextSteps.map((step, index) => (
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
