/**
 * Business payments (/business/payments, spec §2.8): "Please log in to access payment features."
 * when signed out; tabs Invoices (cards with Pay Now → the pay view with Back to Invoices),
 * Payment Methods and Payment History (Date, Invoice, Amount, Status, Transaction ID). Invoice
 * labels Paid, Due, Overdue. Amounts "$1,234.50"; dates en-AU.
 */

import { describeFailure, SignedInPage } from "@closr/client";
import {
  disputesTab,
  InvoiceHead,
  InvoicePdfLink,
  OpenDisputeButton,
  PaymentsTable,
} from "@closr/partner-kit";
import {
  Alert,
  Button,
  Card,
  CardContent,
  deferred,
  formatDate,
  formatMoney,
  injectStyles,
  PageSpinner,
  PageTabs,
  Spinner,
  TextLinkAlert,
  usePageTab,
} from "@closr/ui";
import { useInsertionEffect, useState } from "react";
import { type Invoice, invoiceLabel, useInvoices, usePaymentHistory } from "../api/payments-api.ts";
import { PaymentMethodsTab } from "./payment-methods-tab.tsx";
import css from "./payments.css?inline";

/** Paying an invoice (the card form, Stripe's Elements in Stripe mode): its own chunk, loaded on Pay Now. */
const PayView = deferred(
  "business/pay",
  () => import("./pay-view.tsx").then((m) => m.PayView),
  <PageSpinner label="Loading payment" />,
);

/** Its stylesheet joins the page when the page first shows (it styles shared class names). */
const STYLE_ID = "closr-business-payments-styles";

function InvoiceCard({ invoice, onPay }: { invoice: Invoice; onPay: () => void }) {
  return (
    <Card className="invoice-card">
      <CardContent className="stack-sm">
        <InvoiceHead
          invoice={invoice}
          party={invoice.agentName ?? `Agent #${invoice.agentId}`}
          label={invoiceLabel(invoice)}
        />
        <p className="invoice-amount">{formatMoney(invoice.amount)}</p>
        <p>{invoice.description}</p>
        <p className="muted small">
          Created {formatDate(invoice.createdAt)} ·{" "}
          {invoice.isPaid ? `Paid ${formatDate(invoice.paidAt)}` : `Due ${formatDate(invoice.dueDate)}`}
        </p>
        {invoice.isPaid ? (
          <div>
            <InvoicePdfLink invoice={invoice} />
          </div>
        ) : invoice.status === "cancelled" || invoice.status === "disputed" ? null : (
          <div>
            <Button
              onPress={onPay}
              onHoverStart={PayView.prefetch}
              onFocus={PayView.prefetch}
              onPressStart={PayView.prefetch}
              aria-label={`Pay Now invoice #${invoice.id}`}
            >
              Pay Now
            </Button>
          </div>
        )}
        {/* The invoice's life cycle refuses a dispute while disputed, once cancelled or refunded (ADR 0049). */}
        {invoice.status === "disputed" ||
        invoice.status === "cancelled" ||
        invoice.status === "refunded" ? null : (
          <div>
            <OpenDisputeButton invoiceId={invoice.id} isPaid={invoice.isPaid} basePath="/business/payments" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function InvoicesTab({ onPay }: { onPay: (invoice: Invoice) => void }) {
  const invoices = useInvoices();
  if (invoices.isPending) return <Spinner label="Loading invoices" />;
  if (invoices.isError) {
    const { message } = describeFailure(invoices.error);
    if ((invoices.error as { problem?: { status?: number } }).problem?.status === 404)
      return (
        <TextLinkAlert href="/business/create-profile" label="Create Business Profile">
          Create your business profile to receive invoices.
        </TextLinkAlert>
      );
    return <Alert>Error loading invoices: {message}</Alert>;
  }
  if (invoices.data.items.length === 0)
    return <p className="muted empty-note">No invoices yet. Invoices your agents raise will appear here.</p>;
  return (
    <div className="invoice-grid">
      {invoices.data.items.map((invoice) => (
        <InvoiceCard key={invoice.id} invoice={invoice} onPay={() => onPay(invoice)} />
      ))}
    </div>
  );
}

// On the server (ADR 0053) no effect runs: the stylesheet is recorded when this module loads, and
// the served page carries it in <head> (the same <style id> the browser's injectStyles then skips).
if (typeof document === "undefined") injectStyles(STYLE_ID, css);

function HistoryTab() {
  const history = usePaymentHistory();
  if (history.isPending) return <Spinner label="Loading payment history" />;
  if (history.isError)
    return <Alert>Error loading payment history: {describeFailure(history.error).message}</Alert>;
  if (history.data.items.length === 0) return <p className="muted empty-note">No payments yet.</p>;
  return (
    <Card>
      <CardContent>
        <PaymentsTable payments={history.data.items} withInvoice />
      </CardContent>
    </Card>
  );
}

export function PaymentsPage() {
  // Before the page's first paint (an insertion effect), so it never shows unstyled and shifts.
  useInsertionEffect(() => injectStyles(STYLE_ID, css), []);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [tab] = usePageTab(["invoices", "methods", "history", "disputes"]);

  return (
    <SignedInPage
      feature="payment"
      className="payments-page"
      title="Payments"
      description="Pay your agents' invoices and keep track of what you have paid."
    >
      {paying ? (
        <PayView invoice={paying} onBack={() => setPaying(null)} />
      ) : (
        <PageTabs
          label="Payments"
          tab={tab}
          tabs={[
            { id: "invoices", title: "Invoices", panel: <InvoicesTab onPay={setPaying} /> },
            { id: "methods", title: "Payment Methods", panel: <PaymentMethodsTab /> },
            { id: "history", title: "Payment History", panel: <HistoryTab /> },
            disputesTab("business", "/business/payments"),
          ]}
        />
      )}
    </SignedInPage>
  );
}
