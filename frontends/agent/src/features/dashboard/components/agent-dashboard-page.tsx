/**
 * The agent dashboard (spec §2.9): a greeting with the username; with no agent profile (404)
 * the welcome panel linking to /agent/create-profile; with one, the stat tiles, partners,
 * a filter panel to /agent/find-businesses and the top 3 business matches.
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
  Skeleton,
  useCurrentUser,
  useOwnAgentProfile,
} from "@closr/ui";
import { AgentHome } from "./agent-home.tsx";

const nextSteps = [
  {
    icon: "user" as const,
    title: "Create your agent profile",
    text: "Show your specialisation, experience and skills.",
  },
  {
    icon: "search" as const,
    title: "Find businesses",
    text: "Browse businesses with products you want to sell.",
  },
  { icon: "dollar" as const, title: "Get paid", text: "Invoice active partners and track your commission." },
];

export function AgentDashboardPage() {
  const { data: user, isPending } = useCurrentUser();
  const own = useOwnAgentProfile();
  if (own.isPending) return <PageSpinner label="Loading your dashboard" />;
  if (own.isError) {
    return (
      <div className="stack-lg">
        <PageHeader title={user ? `Welcome, ${user.username}!` : "Welcome!"} />
        <Alert>
          <div className="inline-alert">
            <span>Failed to fetch agent profile. {describeFailure(own.error).message}</span>
            <Button variant="outline" size="sm" onPress={() => void own.refetch()}>
              Retry
            </Button>
          </div>
        </Alert>
      </div>
    );
  }
  if (own.data) return <AgentHome profile={own.data} username={user?.username ?? own.data.user.username} />;
  return (
    <div className="stack-lg">
      <PageHeader
        title={user ? `Welcome, ${user.username}!` : "Welcome!"}
        description={isPending ? <Skeleton width="12rem" /> : "Here's where your sales partnerships begin."}
      />
      <Card className="welcome-card">
        <CardContent>
          <span className="icon-bubble" aria-hidden="true">
            <Icon name="target" size={28} />
          </span>
          <h2 className="welcome-title">Welcome to Closr!</h2>
          <p className="welcome-text">
            Create your agent profile so businesses can find you, then start browsing opportunities that match
            your skills.
          </p>
          <LinkButton href="/agent/create-profile" size="lg">
            Create Agent Profile
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
