/** Terms of Service and Privacy Policy (spec §2.12): last updated March 21, 2025. */
import { Card, CardContent, PageHeader } from "@closr/ui";
import type { ReactNode } from "react";
import { Link } from "react-router";

const LAST_UPDATED = "March 21, 2025";

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container narrow section stack-lg">
      <PageHeader title={title} description={`Last updated ${LAST_UPDATED}`} />
      <Card>
        <CardContent className="prose">{children}</CardContent>
      </Card>
    </div>
  );
}

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <h2>What we collect</h2>
      <p>To run the marketplace we collect:</p>
      <ul>
        <li>Account data: email, username and account type</li>
        <li>Profile data: what you publish about your business or your sales work</li>
        <li>Verification data: the documents and details you submit to be verified</li>
        <li>Communications: messages between partners on the platform</li>
        <li>Payment data: invoices and payments, handled by our card payment provider</li>
        <li>Log, device, usage and location data needed to keep the service secure</li>
      </ul>
      <h2>Who may use Closr</h2>
      <p>Closr is not for people under 18, and we do not knowingly collect their data.</p>
      <h2>Questions</h2>
      <p>
        Reach us through the <Link to="/contact">contact page</Link>.
      </p>
    </LegalPage>
  );
}

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <h2>The service</h2>
      <p>
        Closr is a marketplace that connects businesses with independent, commission-based sales agents in
        Australia. Partnerships, commission terms and the work itself are agreed between the business and the
        agent.
      </p>
      <h2>Accounts</h2>
      <p>You must be 18 or over, give accurate information and keep your password safe.</p>
      <h2>Conduct</h2>
      <p>
        Be honest in your profile, reviews and messages. We may suspend accounts that mislead other users or
        break the law.
      </p>
      <h2>Privacy</h2>
      <p>
        How we handle your data is set out in our <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </LegalPage>
  );
}
