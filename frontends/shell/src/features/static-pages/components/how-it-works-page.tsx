/** How It Works (spec §2.12): five steps for businesses, five for agents, six platform features. */
import { type IconName, LinkButton, PageHeader } from "@closr/ui";
import { FeatureGrid } from "../../../components/marketing.tsx";

const businessSteps = [
  "Create your business account and profile",
  "Search verified agents by specialisation, location and experience",
  "Send a connection request and agree on commission",
  "Track the partnership, deals and invoices",
  "Pay invoices securely and review your agents",
];

const agentSteps = [
  "Create your agent account and profile with your skills",
  "Get verified to stand out in search",
  "Browse businesses and send connection requests",
  "Close deals and raise invoices against active partnerships",
  "Get paid and build your reputation through reviews",
];

const features: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "shield",
    title: "Verification",
    text: "Background checks for businesses and agents, badge in 2-3 business days.",
  },
  {
    icon: "target",
    title: "Smart matching",
    text: "Industry, experience and skills bring the right people together.",
  },
  {
    icon: "message",
    title: "Secure messaging",
    text: "Talk to partners on the platform, with history kept together.",
  },
  { icon: "scale", title: "Dispute resolution", text: "Mediation helps both sides reach a fair outcome." },
  {
    icon: "star",
    title: "Ratings and reviews",
    text: "Reputation earned in the open, from real partnerships.",
  },
  {
    icon: "users",
    title: "Partnership management",
    text: "Requests, active partnerships, invoices and payments in one place.",
  },
];

function StepList({ title, steps }: { title: string; steps: string[] }) {
  return (
    <section className="card split-card" aria-label={title}>
      <h2 className="admin-card-title">{title}</h2>
      <ol className="check-list">
        {steps.map((step, index) => (
          <li key={step}>
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
            {step}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function HowItWorksPage() {
  return (
    <div className="container section stack-lg">
      <PageHeader
        title="How It Works"
        description="Closr connects Australian businesses with commission-based sales agents, from first search to final payout."
      />
      <div className="split">
        <StepList title="For businesses" steps={businessSteps} />
        <StepList title="For agents" steps={agentSteps} />
      </div>
      <FeatureGrid items={features} />
      <div className="row center">
        <LinkButton href="/auth?tab=signup" size="lg">
          Get Started
        </LinkButton>
      </div>
    </div>
  );
}
