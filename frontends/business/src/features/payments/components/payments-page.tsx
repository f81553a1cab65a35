/**
 * Business payments (/business/payments, spec §2.8): "Please log in to access payment features."
 * when signed out; tabs Invoices (cards with Pay Now → the pay view with Back to Invoices),
 * Payment Methods and Payment History (Date, Invoice, Amount, Status, Transaction ID). Invoice
 * labels Paid, Due, Overdue. Amounts "$1,234.50"; dates en-AU.
 */
import {
  Alert,
  Badge,
  type BadgeVariant,
  Button,
  Card,
  CardContent,
  DisputesTab,
  describeFailure,
  formatDate,
  formatMoney,
  injectStyles,
  LinkButton,
  OpenDisputeButton,
  PageHeader,
  PageSpinner,
  Spinner,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  useCurrentUser,
} from "@closr/ui";
import { useEffect, useState } from "react";
import type { Key } from "react-aria-components";
import { useSearchParams } from "react-router";
import {
  type Invoice,
  invoiceLabel,
  type Payment,
  useInvoices,
  usePaymentHistory,
} from "../api/payments-api.ts";
import { PayView } from "./pay-view.tsx";
import { PaymentMethodsTab } from "./payment-methods-tab.tsx";
import css from "./payments.css?inline";

/** Its stylesheet joins the page when the page first shows (it styles shared class names). */
const STYLE_ID = "closr-business-payments-styles";

const invoiceBadge: Record<Invoice["status"], BadgeVariant> = {
  paid: "success",
  overdue: "destructive",
  pending: "outline",
  refunded: "secondary",
};

/** Spec §4: completed default style, processing secondary, anything else outline. */
export const paymentBadge = (status: Payment["status"]): BadgeVariant =>
  status === "completed" ? "default" : status === "processing" ? "secondary" : "outline";

const paymentStatusLabel = (status: Payment["status"]) => status.charAt(0).toUpperCase() + status.slice(1);

function InvoiceCard({ invoice, onPay }: { invoice: Invoice; onPay: () => void }) {
  return (
    <Card className="invoice-card">
      <CardContent className="stack-sm">
        <div className="invoice-head">
          <h3 className="invoice-title">
            Invoice #{invoice.id} - {invoice.agentName ?? `Agent #${invoice.agentId}`}
          </h3>
          <Badge variant={invoiceBadge[invoice.status]}>{invoiceLabel(invoice)}</Badge>
        </div>
        <p className="invoice-amount">{formatMoney(invoice.amount)}</p>
        <p>{invoice.description}</p>
        <p className="muted small">
          Created {formatDate(invoice.createdAt)} ·{" "}
          {invoice.isPaid ? `Paid ${formatDate(invoice.paidAt)}` : `Due ${formatDate(invoice.dueDate)}`}
        </p>
        {invoice.isPaid ? (
          <div>
            <a
              className="btn btn-outline btn-sm"
              href={`/api/invoices/${invoice.id}/tax-invoice.pdf`}
              download
            >
              {invoice.gstRegistered ? "Tax invoice" : "Invoice"} PDF
            </a>
          </div>
        ) : (
          <div>
            <Button onPress={onPay} aria-label={`Pay Now invoice #${invoice.id}`}>
              Pay Now
            </Button>
          </div>
        )}
        <div>
          <OpenDisputeButton invoiceId={invoice.id} isPaid={invoice.isPaid} basePath="/business/payments" />
        </div>
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
        <Alert variant="info">
          Create your business profile to receive invoices.{" "}
          <LinkButton href="/business/create-profile" variant="outline" size="sm">
            Create Business Profile
          </LinkButton>
        </Alert>
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

function HistoryTab() {
  const history = usePaymentHistory();
  if (history.isPending) return <Spinner label="Loading payment history" />;
  if (history.isError)
    return <Alert>Error loading payment history: {describeFailure(history.error).message}</Alert>;
  if (history.data.items.length === 0) return <p className="muted empty-note">No payments yet.</p>;
  return (
    <Card>
      <CardContent className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Invoice</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Transaction ID</th>
            </tr>
          </thead>
          <tbody>
            {history.data.items.map((payment) => (
              <tr key={payment.id}>
                <td>{formatDate(payment.createdAt)}</td>
                <td>#{payment.invoiceId}</td>
                <td>{formatMoney(payment.amount)}</td>
                <td>
                  <Badge variant={paymentBadge(payment.status)}>{paymentStatusLabel(payment.status)}</Badge>
                </td>
                <td className="mono">{payment.transactionId ?? "N/A"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

export function PaymentsPage() {
  useEffect(() => injectStyles(STYLE_ID, css), []);
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const [paying, setPaying] = useState<Invoice | null>(null);
  const tab =
    (["invoices", "methods", "history", "disputes"] as const).find((t) => t === params.get("tab")) ??
    "invoices";

  if (user.isPending) return <PageSpinner />;
  if (!user.data) return <Alert variant="info">Please log in to access payment features.</Alert>;

  return (
    <div className="stack-lg payments-page">
      <PageHeader
        title="Payments"
        description="Pay your agents' invoices and keep track of what you have paid."
      />
      {paying ? (
        <PayView invoice={paying} onBack={() => setPaying(null)} />
      ) : (
        <Tabs
          selectedKey={tab}
          onSelectionChange={(key: Key) =>
            setParams(key === "invoices" ? {} : { tab: String(key) }, { replace: true })
          }
        >
          <TabList aria-label="Payments">
            <Tab id="invoices">Invoices</Tab>
            <Tab id="methods">Payment Methods</Tab>
            <Tab id="history">Payment History</Tab>
            <Tab id="disputes">Disputes</Tab>
          </TabList>
          <TabPanel id="invoices">
            <InvoicesTab onPay={setPaying} />
          </TabPanel>
          <TabPanel id="methods">
            <PaymentMethodsTab />
          </TabPanel>
          <TabPanel id="history">
            <HistoryTab />
          </TabPanel>
          <TabPanel id="disputes">
            <DisputesTab basePath="/business/payments" viewer="business" />
          </TabPanel>
        </Tabs>
      )}
    </div>
  );
}
