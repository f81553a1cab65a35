/**
 * The landing page (spec §1): hero, the platform's promises (#features), sections for
 * businesses and agents, success stories placeholder (#testimonials) and a closing call.
 */

import { dashboardPath, useCurrentUser } from "@closr/client";
import { Badge, Icon, type IconName, LinkButton } from "@closr/ui";
import type { ReactNode } from "react";
import { CheckList, FeatureGrid } from "../../../components/marketing.tsx";

const promises: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "shield",
    title: "Verified Profiles",
    text: "Background checks for both businesses and agents, so you know who you're dealing with.",
  },
  {
    icon: "target",
    title: "Smart Matching",
    text: "Matches by industry, experience and skills put the right agents in front of the right businesses.",
  },
  {
    icon: "star",
    title: "Transparent Ratings & Reviews",
    text: "Honest ratings and reviews from real partnerships build reputations you can trust.",
  },
  {
    icon: "dollar",
    title: "Commission Tracking",
    text: "Invoices, payments and commissions tracked in one place, from first deal to payout.",
  },
  {
    icon: "message",
    title: "Built-in Messaging",
    text: "Talk to partners on the platform, with your conversation history kept together.",
  },
  {
    icon: "scale",
    title: "Dispute Resolution",
    text: "If a partnership hits a snag, our mediation helps both sides reach a fair outcome.",
  },
  {
    icon: "lock",
    title: "Secure Platform",
    text: "Secure sessions, encrypted connections and payments handled by a trusted provider.",
  },
];

const businessPoints = [
  "Reach experienced, commission-only sales agents across Australia",
  "Pay for results: commission on closed deals, not salaries",
  "Filter by specialisation, location, experience and commission",
  "Manage partnerships, invoices and payments in one dashboard",
];

const agentPoints = [
  "Find businesses with products you believe in",
  "Set your minimum commission and showcase your skills",
  "Build a reputation through verified reviews",
  "Raise invoices and get paid for every deal you close",
];

const steps = [
  { title: "Create your account", text: "Sign up as a business or a sales agent in under a minute." },
  {
    title: "Build your profile",
    text: "Tell the other side what you offer, where you work and how you sell.",
  },
  { title: "Get verified", text: "Earn the verified badge within 2-3 business days." },
  { title: "Connect and partner", text: "Send connection requests and agree on commission terms." },
];

export function LandingPage() {
  const { data: user } = useCurrentUser();
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-copy">
            <Badge variant="secondary">Australia's marketplace for commission-based sales</Badge>
            <h1 className="hero-title">
              Connect with verified sales agents who are <span className="accent">paid to close</span>
            </h1>
            <p className="hero-lead">
              Closr connects Australian businesses with independent, commission-based sales agents, and gives
              both sides the tools to run the partnership: matching, messaging, invoices and payments.
            </p>
            <div className="row">
              {user ? (
                <LinkButton href={dashboardPath(user.userType)} size="lg">
                  Go to Dashboard
                  <Icon name="arrowRight" size={18} />
                </LinkButton>
              ) : (
                <>
                  <LinkButton href="/auth?tab=signup" size="lg">
                    Find Sales Agents
                  </LinkButton>
                  <LinkButton href="/auth?tab=signup&type=agent" size="lg" variant="outline">
                    Join as Sales Agent
                  </LinkButton>
                </>
              )}
            </div>
            <p className="hero-note">
              <Icon name="shield" size={18} />
              Verification badge within 2-3 business days
            </p>
          </div>
          <div className="hero-visual" aria-hidden="true">
            <div className="hero-panel">
              <div className="hero-panel-row">
                <span className="avatar avatar-lg">S</span>
                <div>
                  <p className="hero-panel-name">Senior B2B agent</p>
                  <p className="muted">Enterprise SaaS · Sydney</p>
                </div>
                <Badge variant="success">Verified</Badge>
              </div>
              <div className="hero-panel-stats">
                <div>
                  <strong>10+ yrs</strong>
                  <span>Experience</span>
                </div>
                <div>
                  <strong>15%</strong>
                  <span>Commission</span>
                </div>
                <div>
                  <strong>B2B</strong>
                  <span>Focus</span>
                </div>
              </div>
              <div className="hero-panel-cta">
                <Icon name="check" size={18} /> Partnership request accepted
              </div>
            </div>
          </div>
        </div>
      </section>

      <section id="features" className="section" aria-labelledby="features-title">
        <div className="container">
          <div className="section-head">
            <SectionTitle id="features" eyebrow="How it works">
              Everything a commission partnership needs
            </SectionTitle>
            <p className="section-lead">
              From the first search to the final payout, Closr keeps both sides safe and in sync.
            </p>
          </div>
          <ol className="steps">
            {steps.map((step, index) => (
              <li key={step.title} className="step">
                <span className="step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
          <FeatureGrid items={promises} />
        </div>
      </section>

      <SplitSection
        id="for-businesses"
        tinted
        eyebrow="For businesses"
        title="Grow sales without growing payroll"
        points={businessPoints}
        actions={
          <LinkButton href="/auth?tab=signup" size="lg">
            Create Business Account
          </LinkButton>
        }
        card={{
          title: "What you pay",
          text: "Commission on results, agreed with each agent. Straight commission typically runs 10-30%; base plus commission 5-15%.",
          href: "/pricing",
          link: "See plans",
        }}
      />

      <SplitSection
        id="for-agents"
        reverse
        eyebrow="For sales agents"
        title="Sell what you believe in, on your terms"
        points={agentPoints}
        actions={
          <div className="row">
            <LinkButton href="/auth?tab=signup&type=agent" size="lg">
              Create Agent Profile
            </LinkButton>
            <LinkButton href="/commission-guides" size="lg" variant="outline">
              Commission guides
            </LinkButton>
          </div>
        }
        card={{
          title: "Get verified",
          text: "Verified agents stand out in search. Submit your details once and receive your badge within 2-3 business days.",
          href: "/verification",
          link: "About verification",
        }}
      />

      <section id="testimonials" className="section section-tinted" aria-labelledby="testimonials-title">
        <div className="container narrow center-text">
          <SectionTitle id="testimonials" eyebrow="Success stories">
            Real stories are on their way
          </SectionTitle>
          <p className="section-lead">
            Closr is new. As businesses and agents close deals together, their real success stories will
            appear here as the platform grows.
          </p>
        </div>
      </section>

      {user ? null : (
        <section className="section cta-band" aria-labelledby="cta-title">
          <div className="container center-text">
            <h2 id="cta-title" className="section-title">
              Ready to close more deals?
            </h2>
            <p className="section-lead">Join Closr today. It takes less than a minute.</p>
            <div className="row center">
              <LinkButton href="/auth?tab=signup" size="lg" variant="secondary">
                Get Started
              </LinkButton>
            </div>
          </div>
        </section>
      )}
    </>
  );
}

/** A landing section's eyebrow, then its h2 (id `{id}-title`, the section's aria-labelledby). */
function SectionTitle({ id, eyebrow, children }: { id: string; eyebrow: string; children: ReactNode }) {
  return (
    <>
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={`${id}-title`} className="section-title">
        {children}
      </h2>
    </>
  );
}

/**
 * A landing section for one side: title, check list and actions beside a card (its heading, a
 * muted sentence and an outline link). `tinted` shades the band; `reverse` puts the card first
 * on wide screens.
 */
function SplitSection({
  id,
  tinted = false,
  reverse = false,
  eyebrow,
  title,
  points,
  actions,
  card,
}: {
  id: string;
  tinted?: boolean;
  reverse?: boolean;
  eyebrow: string;
  title: string;
  points: readonly string[];
  actions: ReactNode;
  card: { title: string; text: string; href: string; link: string };
}) {
  return (
    <section
      id={id}
      className={tinted ? "section section-tinted" : "section"}
      aria-labelledby={`${id}-title`}
    >
      <div className={reverse ? "container split split-reverse" : "container split"}>
        <div>
          <SectionTitle id={id} eyebrow={eyebrow}>
            {title}
          </SectionTitle>
          <CheckList points={points} />
          {actions}
        </div>
        <div className="split-card card">
          <h3>{card.title}</h3>
          <p className="muted">{card.text}</p>
          <LinkButton href={card.href} variant="outline">
            {card.link}
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
