/**
 * /verification (spec §2.5): the "Get Verified" landing with a Business and an Agent card, the
 * 3-step process and a closing call to action. Apply opens a dialog with Business and Agent tabs,
 * only the user's own type enabled; visitors see "Authentication Required". While the latest
 * request is pending the form is replaced by "Verification in Progress" (status, submitted and
 * reviewed dates); agents also see the rejection reason. A change request reopens the form.
 */

import { useCurrentUser } from "@closr/client";
import {
  Badge,
  type BadgeVariant,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  formatDate,
  Icon,
  LinkButton,
  PageHeader,
  Tab,
  TabList,
  TabPanel,
  Tabs,
} from "@closr/ui";
import { useState } from "react";
import { useVerificationRequests, type VerificationRequest } from "../api/verification.ts";
import { ApplyForm } from "./apply-form.tsx";
import "./verification.css";

type Kind = "business" | "agent";

const statusBadge: Record<VerificationRequest["status"], { label: string; variant: BadgeVariant }> = {
  submitted: { label: "Submitted", variant: "secondary" },
  under_review: { label: "Under Review", variant: "default" },
  changes_requested: { label: "Changes Requested", variant: "outline" },
  approved: { label: "Approved", variant: "success" },
  rejected: { label: "Rejected", variant: "destructive" },
};

const cards: { kind: Kind; title: string; description: string; points: string[] }[] = [
  {
    kind: "business",
    title: "Business Verification",
    description: "Show agents you are a real, registered Australian business.",
    points: [
      "ABN checked against the Australian Business Register",
      "Business registration document",
      "Proof of address",
      "Company logo (optional)",
    ],
  },
  {
    kind: "agent",
    title: "Agent Verification",
    description: "Show businesses who you are and what you have achieved.",
    points: [
      "Identity document",
      "LinkedIn profile and experience",
      "Professional certificates (optional)",
      "Profile photo (optional)",
    ],
  },
];

const steps = [
  {
    title: "Submit your documents",
    text: "Apply with your details and documents (PDF, JPG or PNG, up to 10 MB each).",
  },
  { title: "We review them", text: "Our team checks your documents within 2-3 business days." },
  { title: "Get your badge", text: "Your profile shows the Verified badge to everyone searching." },
];

/** The status panel's heading per request status. */
const panelTitle: Record<VerificationRequest["status"], string> = {
  submitted: "Verification in Progress",
  under_review: "Verification in Progress",
  changes_requested: "Changes Requested",
  approved: "You're Verified",
  rejected: "Verification Not Approved",
};

const isPending = (status: VerificationRequest["status"]) =>
  status === "submitted" || status === "under_review";

function StatusPanel({ request, userType }: { request: VerificationRequest; userType: Kind }) {
  const badge = statusBadge[request.status];
  const title = panelTitle[request.status];
  return (
    <Card className="verification-status" role="region" aria-label="Your verification">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="verification-facts">
          <div>
            <dt>Status</dt>
            <dd>
              <Badge variant={badge.variant}>{badge.label}</Badge>
            </dd>
          </div>
          <div>
            <dt>Submitted</dt>
            <dd>{formatDate(request.submittedAt)}</dd>
          </div>
          {request.reviewedAt ? (
            <div>
              <dt>Reviewed</dt>
              <dd>{formatDate(request.reviewedAt)}</dd>
            </div>
          ) : null}
        </dl>
        {request.status === "rejected" && userType === "agent" && request.adminNotes ? (
          <p className="verification-reason">
            <strong>Reason:</strong> {request.adminNotes}
          </p>
        ) : null}
        {request.status === "changes_requested" && request.adminNotes ? (
          <p className="verification-reason">
            <strong>What to change:</strong> {request.adminNotes}
          </p>
        ) : null}
        {isPending(request.status) ? (
          <p className="muted">
            We review requests within 2-3 business days. We'll email you when it's decided.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function VerificationPage() {
  const { data: user } = useCurrentUser();
  const requests = useVerificationRequests(Boolean(user));
  const latest = requests.data?.[0];
  const [open, setOpen] = useState<Kind | null>(null);

  const dialogBody = (close: () => void) => {
    if (!user)
      return (
        <div className="auth-required">
          <p>
            <strong>Authentication Required</strong>
          </p>
          <p>Please log in or sign up to apply for verification.</p>
          <LinkButton href="/auth">Log in or Sign up</LinkButton>
        </div>
      );
    if (latest && (isPending(latest.status) || latest.status === "approved"))
      return <StatusPanel request={latest} userType={user.userType} />;
    const changesFor = latest?.status === "changes_requested" ? latest : undefined;
    const own: Kind = user.userType;
    return (
      <Tabs defaultSelectedKey={own} disabledKeys={own === "business" ? ["agent"] : ["business"]}>
        <TabList aria-label="Verification type">
          <Tab id="business">Business</Tab>
          <Tab id="agent">Agent</Tab>
        </TabList>
        <TabPanel id="business">
          {own === "business" ? <ApplyForm kind="business" changesFor={changesFor} onDone={close} /> : null}
        </TabPanel>
        <TabPanel id="agent">
          {own === "agent" ? <ApplyForm kind="agent" changesFor={changesFor} onDone={close} /> : null}
        </TabPanel>
      </Tabs>
    );
  };

  return (
    <div className="container section verification-page">
      <PageHeader
        title="Get Verified"
        description="Verified profiles earn more trust, more connections and better partnerships. The badge arrives within 2-3 business days."
      />
      {user && latest ? <StatusPanel request={latest} userType={user.userType} /> : null}
      <div className="verification-cards">
        {cards.map((card) => (
          <Card key={card.kind}>
            <CardHeader>
              <CardTitle>{card.title}</CardTitle>
              <CardDescription>{card.description}</CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="verification-points">
                {card.points.map((point) => (
                  <li key={point}>
                    <Icon name="check" /> {point}
                  </li>
                ))}
              </ul>
              <Button onPress={() => setOpen(card.kind)} block>
                {latest?.status === "changes_requested" && user?.userType === card.kind
                  ? "Update and Resubmit"
                  : `Apply for ${card.kind === "business" ? "Business" : "Agent"} Verification`}
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>
      <section className="verification-steps" aria-labelledby="verification-steps-title">
        <h2 id="verification-steps-title">How verification works</h2>
        <ol>
          {steps.map((step, index) => (
            <li key={step.title}>
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <Card className="verification-cta">
        <CardContent>
          <h2>Ready to stand out?</h2>
          <p>Verified businesses and agents are the first ones people contact.</p>
          <Button onPress={() => setOpen(user?.userType ?? "business")}>Get Verified Now</Button>
        </CardContent>
      </Card>
      <Dialog
        title={open === "agent" ? "Agent Verification" : "Business Verification"}
        isOpen={open !== null}
        onOpenChange={(isOpen) => !isOpen && setOpen(null)}
      >
        {(close) => (
          <div className="verification-dialog">
            {user && user.userType !== open && open !== null ? (
              <p className="field-error" role="alert">
                Access Denied: Only {open} accounts can apply for {open} verification. Your account is
                registered as {user.userType === "agent" ? "an agent" : "a business"}.
              </p>
            ) : null}
            {dialogBody(close)}
            <Button variant="ghost" onPress={close}>
              Close
            </Button>
          </div>
        )}
      </Dialog>
    </div>
  );
}
