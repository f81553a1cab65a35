/**
 * The Create Invoice tab (spec §2.9, §5 Invoice form, §8): Business select ("Select a business"
 * first), Partnership select (disabled until a business is chosen; "Partnership since 3 Mar 2026":
 * only active partnerships are listed, so the status says nothing, and an id means nothing to a
 * person, issue 46), Amount ($) step 0.01 min 0.01, Due Date (the signed agreement's
 * payment terms ahead, else 30 days), Description. Choosing another business resets the
 * partnership; choosing clears that field's error. After success the form resets.
 *
 * With a signed agreement the agent types the sale value and the amount follows the commission
 * the server works out; while the quote for the value just typed is on its way the last one stays
 * on screen (the fields keep focus), the expected commission says it is being worked out, and the
 * form cannot be sent, so an amount computed from a half-typed value is never invoiced (issue 46).
 */

import { formFailure, usePartnerships } from "@closr/client";
import { useCommissionQuote } from "@closr/partner-kit";
import {
  Button,
  bindNumber,
  bindText,
  Card,
  CardContent,
  formatDate,
  formatMoney,
  InputField,
  MoneyField,
  SelectField,
  TextAreaField,
  TextLinkAlert,
  toast,
} from "@closr/ui";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { usePayoutAccount } from "../../payouts/api/payouts-api.ts";
import { defaultDueDate, type InvoiceFormErrors, validateInvoiceForm } from "../api/invoice-form.ts";
import { useCreateInvoice } from "../api/invoices-api.ts";

export function CreateInvoiceForm({ onCreated }: { onCreated: () => void }) {
  const partnerships = usePartnerships();
  const create = useCreateInvoice();
  const payouts = usePayoutAccount();
  const payoutsReady = payouts.data?.status === "enabled";
  const [businessId, setBusinessId] = useState(0);
  const [partnershipId, setPartnershipId] = useState(0);
  const [amount, setAmount] = useState("");
  const [dueDate, setDueDate] = useState(() => defaultDueDate());
  const [dueTouched, setDueTouched] = useState(false);
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<InvoiceFormErrors>({});
  // Issue 17: with a signed agreement the agent enters the sale value and the commission is computed.
  const [saleAmount, setSaleAmount] = useState("");
  const [saleDate, setSaleDate] = useState(() => formatDate(new Date(), "yyyy-MM-dd"));
  const [reason, setReason] = useState("");
  const [amountTouched, setAmountTouched] = useState(false);
  const saleValue =
    saleAmount.trim() === "" || !Number.isFinite(Number(saleAmount)) ? null : Number(saleAmount);
  const quote = useCommissionQuote(partnershipId, saleValue);
  const agreement = quote.data ?? null;
  // A placeholder is the quote of an earlier sale value: shown, never used as this value's commission.
  const quoteIsCurrent = quote.isSuccess && !quote.isPlaceholderData;
  const computed = agreement && saleValue !== null && quoteIsCurrent ? agreement.commission : null;
  const workingOut = agreement !== null && saleValue !== null && !quoteIsCurrent;
  useEffect(() => {
    if (computed !== null && !amountTouched) setAmount(computed.toFixed(2));
  }, [computed, amountTouched]);
  const termsDays = agreement?.paymentTermsDays;
  useEffect(() => {
    if (termsDays !== undefined && !dueTouched) setDueDate(defaultDueDate(new Date(), termsDays));
  }, [termsDays, dueTouched]);
  const clearError = (field: keyof InvoiceFormErrors) => setErrors(({ [field]: _cleared, ...rest }) => rest);
  const aboveComputed = computed !== null && Number(amount) > computed + 1e-9;

  // The invoice screen keeps only active partnerships (spec §7).
  const active = useMemo(
    () => (partnerships.data?.items ?? []).filter((p) => p.status === "active"),
    [partnerships.data],
  );
  const businesses = useMemo(() => {
    const byId = new Map<number, string>();
    for (const p of active) byId.set(p.businessId, p.business.companyName);
    return [...byId]
      .sort((a, b) => a[1].localeCompare(b[1]))
      .map(([id, name]) => ({ value: String(id), label: name }));
  }, [active]);
  const forBusiness = active.filter((p) => p.businessId === businessId);

  const reset = () => {
    setBusinessId(0);
    setPartnershipId(0);
    setAmount("");
    setDueDate(defaultDueDate());
    setDueTouched(false);
    setDescription("");
    setErrors({});
    setSaleAmount("");
    setReason("");
    setAmountTouched(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateInvoiceForm({ businessId, partnershipId, amount, description, dueDate });
    if (workingOut) found.saleAmount = "Wait a moment: the commission on this sale is being worked out";
    if (aboveComputed && reason.trim().length < 3)
      found.aboveCommissionReason = "Explain why the amount is above the computed commission";
    setErrors(found);
    if (Object.keys(found).length) return;
    create.mutate(
      {
        businessId,
        partnershipId,
        amount: Number(amount),
        description: description.trim(),
        dueDate,
        ...(agreement && saleValue !== null ? { saleAmount: saleValue } : {}),
        ...(agreement ? { saleDate } : {}),
        ...(aboveComputed ? { aboveCommissionReason: reason.trim() } : {}),
      },
      {
        onSuccess: () => {
          toast({
            title: "Invoice created",
            description: "The invoice has been created successfully",
            variant: "success",
          });
          reset();
          onCreated();
        },
        onError: formFailure(setErrors, "Failed to create invoice"),
      },
    );
  };

  return (
    <Card>
      <CardContent>
        <form className="stack invoice-form" onSubmit={submit} noValidate aria-label="Create invoice">
          {payouts.isSuccess && !payoutsReady ? (
            <TextLinkAlert href="/agent/payouts" label="Set up payouts">
              Set up payouts before raising your first invoice.
            </TextLinkAlert>
          ) : null}
          <SelectField
            label="Business"
            value={businessId}
            onChange={(e) => {
              setBusinessId(Number(e.target.value));
              setPartnershipId(0);
              clearError("businessId");
            }}
            errorMessage={errors.businessId}
            options={[{ value: "0", label: "Select a business" }, ...businesses]}
          />
          <SelectField
            label="Partnership"
            value={partnershipId}
            disabled={businessId === 0}
            onChange={(e) => {
              setPartnershipId(Number(e.target.value));
              clearError("partnershipId");
            }}
            errorMessage={errors.partnershipId}
            description="Only active partnerships are shown. You can only create invoices for active partnerships."
            options={[
              { value: "0", label: "Select a partnership" },
              ...forBusiness.map((p) => ({
                value: String(p.id),
                label: `Partnership since ${formatDate(p.createdAt)}`,
              })),
            ]}
          />
          {agreement ? (
            <section className="stack invoice-agreement" aria-label="Agreement commission">
              <p className="muted small">
                Signed agreement (version {agreement.version}): {agreement.summary}. Term from{" "}
                {formatDate(agreement.startDate)}
                {agreement.endDate ? ` to ${formatDate(agreement.endDate)}` : ""}; invoices due in{" "}
                {agreement.paymentTermsDays} days.
              </p>
              <div className="invoice-form-row">
                <MoneyField
                  label="Sale value ($)"
                  placeholder="0.00"
                  {...bindNumber(saleAmount, setSaleAmount, errors.saleAmount)}
                  description="The value of the sale you closed, excluding GST."
                />
                <InputField
                  label="Sale date"
                  type="date"
                  {...bindText(saleDate, setSaleDate, errors.saleDate)}
                  description="Must fall within the agreement's term."
                />
              </div>
              <p className="invoice-expected" aria-live="polite">
                Expected commission:{" "}
                <strong>
                  {computed !== null
                    ? formatMoney(computed)
                    : workingOut
                      ? "working it out…"
                      : "enter the sale value"}
                </strong>
              </p>
            </section>
          ) : null}
          <div className="invoice-form-row">
            <MoneyField
              label="Amount ($)"
              min={0.01}
              placeholder="0.00"
              value={amount}
              onValueChange={(value) => {
                setAmount(value);
                setAmountTouched(true);
              }}
              errorMessage={errors.amount}
              description={
                payouts.data?.gstRegistered
                  ? "Excluding GST: 10% GST is added on top."
                  : "No GST is added (you are not registered for GST)."
              }
            />
            <InputField
              label="Due Date"
              type="date"
              {...bindText(
                dueDate,
                (value) => {
                  setDueDate(value);
                  setDueTouched(true);
                },
                errors.dueDate,
              )}
            />
          </div>
          {aboveComputed ? (
            <TextAreaField
              label="Reason for the higher amount"
              placeholder="e.g. Includes the launch bonus agreed by email on 3 March"
              {...bindText(reason, setReason, errors.aboveCommissionReason)}
              description="The amount is above the commission the agreement computes."
            />
          ) : null}
          <TextAreaField
            label="Description"
            placeholder="Describe the services provided"
            {...bindText(description, setDescription, errors.description)}
          />
          {active.length === 0 && partnerships.isSuccess ? (
            <p className="muted small">
              You have no active partnerships yet. Once a business accepts your connection request you can
              invoice it here.
            </p>
          ) : null}
          <div>
            <Button type="submit" isPending={create.isPending}>
              {create.isPending ? "Creating Invoice..." : "Create Invoice"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
