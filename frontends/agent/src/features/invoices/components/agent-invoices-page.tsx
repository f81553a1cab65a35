/**
 * Agent Invoices (/agent/invoices, spec §2.9): "Please log in to access invoice features." when
 * signed out; tabs "Create Invoice" (default) and "Your Invoices" with Pending and Paid sections,
 * each card "Invoice #{id} - {company}" with its badge, dates, amount, description and an
 * expandable "Payment Details" table loaded the first time it opens.
 */

import { describeFailure, SignedInPage } from "@closr/client";
import {
  disputesTab,
  InvoiceHead,
  InvoicePdfLink,
  isNoProfile,
  NoProfileState,
  OpenDisputeButton,
  PaymentsTable,
} from "@closr/partner-kit";
import {
  Alert,
  Button,
  Card,
  CardContent,
  EmptyState,
  Facts,
  formatDate,
  formatMoney,
  PageTabs,
  Spinner,
  usePageTab,
} from "@closr/ui";
import { useState } from "react";
import { EarningsTab } from "../../payouts/components/earnings-tab.tsx";
import { offersFeeTaxInvoice } from "../api/invoice-documents.ts";
import { type Invoice, useInvoicePayments, useInvoices } from "../api/invoices-api.ts";
import { CreateInvoiceForm } from "./create-invoice-form.tsx";
import { useInvoicesStyles } from "./invoices-styles.ts";

const statusLabel: Record<Invoice["status"], string> = {
  paid: "Paid",
  overdue: "Overdue",
  pending: "Pending",
  refunded: "Refunded",
  partly_refunded: "Partly refunded",
  disputed: "Disputed",
  cancelled: "Cancelled",
};

function PaymentDetails({ invoiceId }: { invoiceId: number }) {
  const [open, setOpen] = useState(false);
  const payments = useInvoicePayments(invoiceId, open);
  return (
    <div className="payment-details">
      <Button variant="ghost" size="sm" onPress={() => setOpen(!open)} aria-expanded={open}>
        {open ? "▾" : "▸"} Payment Details
      </Button>
      {open ? (
        payments.isPending ? (
          <Spinner label="Loading payments" />
        ) : payments.isError ? (
          <Alert>Error loading invoice: {describeFailure(payments.error).message}</Alert>
        ) : payments.data.length === 0 ? (
          <p className="muted small">No payments recorded for this invoice.</p>
        ) : (
          <PaymentsTable payments={payments.data} />
        )
      ) : null}
    </div>
  );
}

function InvoiceCard({ invoice }: { invoice: Invoice }) {
  return (
    <Card className="invoice-card" data-testid={`invoice-${invoice.id}`}>
      <CardContent className="stack-sm">
        <InvoiceHead
          invoice={invoice}
          party={invoice.businessName ?? `Business #${invoice.businessId}`}
          label={statusLabel[invoice.status]}
        />
        <Facts
          className="invoice-facts"
          facts={[
            ["Created", formatDate(invoice.createdAt)],
            invoice.isPaid ? ["Paid", formatDate(invoice.paidAt)] : ["Due", formatDate(invoice.dueDate)],
            ["Amount", formatMoney(invoice.amount), "invoice-amount"],
          ]}
        />
        <dl className="invoice-breakdown" aria-label={`Invoice #${invoice.id} breakdown`}>
          {invoice.gstRegistered ? (
            <>
              <dt>Subtotal (excl. GST)</dt>
              <dd>{formatMoney(invoice.subtotal)}</dd>
              <dt>GST (10%)</dt>
              <dd>{formatMoney(invoice.gst)}</dd>
            </>
          ) : null}
          <dt>Platform fee</dt>
          <dd>−{formatMoney(invoice.platformFee)}</dd>
          <dt>You receive</dt>
          <dd className="strong">{formatMoney(invoice.agentNet)}</dd>
          {invoice.refundedAmount > 0 ? (
            <>
              <dt>Refunded to the business</dt>
              <dd>{formatMoney(invoice.refundedAmount)}</dd>
            </>
          ) : null}
        </dl>
        <div>
          <p className="muted small">Description</p>
          <p>{invoice.description}</p>
        </div>
        {invoice.isPaid ? (
          <div className="invoice-documents">
            <InvoicePdfLink invoice={invoice} />
            {offersFeeTaxInvoice(invoice) ? (
              <a
                className="btn btn-outline btn-sm"
                href={`/api/invoices/${invoice.id}/fee-tax-invoice.pdf`}
                download
              >
                Platform fee tax invoice PDF
              </a>
            ) : null}
          </div>
        ) : null}
        {/* The invoice's life cycle refuses a dispute while disputed, once cancelled or refunded (ADR 0049). */}
        {invoice.status === "disputed" ||
        invoice.status === "cancelled" ||
        invoice.status === "refunded" ? null : (
          <div className="invoice-documents">
            <OpenDisputeButton invoiceId={invoice.id} isPaid={invoice.isPaid} basePath="/agent/invoices" />
          </div>
        )}
        <PaymentDetails invoiceId={invoice.id} />
      </CardContent>
    </Card>
  );
}

function InvoiceSection({ title, invoices, empty }: { title: string; invoices: Invoice[]; empty: string }) {
  return (
    <section className="stack" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      {invoices.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <div className="invoice-grid">
          {invoices.map((invoice) => (
            <InvoiceCard key={invoice.id} invoice={invoice} />
          ))}
        </div>
      )}
    </section>
  );
}

function YourInvoices() {
  const invoices = useInvoices();
  if (invoices.isPending) return <Spinner label="Loading invoices" />;
  if (invoices.isError)
    return <Alert>Error loading invoices: {describeFailure(invoices.error).message}</Alert>;
  const items = invoices.data.items;
  if (items.length === 0)
    return (
      <EmptyState
        title="No invoices yet"
        text="No invoices found. Create your first invoice to get started."
        action={{ href: "/agent/invoices", label: "Create Invoice" }}
      />
    );
  return (
    <div className="stack-lg">
      <InvoiceSection title="Pending" invoices={items.filter((i) => !i.isPaid)} empty="No pending invoices" />
      <InvoiceSection title="Paid" invoices={items.filter((i) => i.isPaid)} empty="No paid invoices" />
    </div>
  );
}

export function AgentInvoicesPage() {
  useInvoicesStyles();
  const [tab, setTab] = usePageTab(["create", "invoices", "earnings", "disputes"]);
  const invoices = useInvoices();
  const noProfile = invoices.isError && isNoProfile(invoices.error);

  return (
    <SignedInPage
      feature="invoice"
      className="invoices-page"
      title="Agent Invoices"
      description="Invoice the businesses you have active partnerships with."
    >
      {noProfile ? (
        <NoProfileState party="agent" unlocks="invoice the businesses you partner with" />
      ) : (
        <PageTabs
          label="Invoices"
          tab={tab}
          tabs={[
            {
              id: "create",
              title: "Create Invoice",
              panel: <CreateInvoiceForm onCreated={() => setTab("invoices")} />,
            },
            { id: "invoices", title: "Your Invoices", panel: <YourInvoices /> },
            { id: "earnings", title: "Earnings", panel: <EarningsTab /> },
            disputesTab("agent", "/agent/invoices"),
          ]}
        />
      )}
    </SignedInPage>
  );
}
