/**
 * The Create Invoice tab (spec §2.9, §5 Invoice form, §8): Business select ("Select a business"
 * first), Partnership select (disabled until a business is chosen; "Partnership #{id} (status)";
 * only active partnerships), Amount ($) step 0.01 min 0.01, Due Date (30 days ahead by default),
 * Description. Choosing another business resets the partnership. After success the form resets.
 */
import {
  Alert,
  Button,
  Card,
  CardContent,
  describeFailure,
  InputField,
  LinkButton,
  SelectField,
  TextAreaField,
  toast,
  usePartnerships,
} from "@closr/ui";
import { type FormEvent, useMemo, useState } from "react";
import { usePayoutAccount } from "../../payouts/api/payouts-api.ts";
import { useCreateInvoice } from "../api/invoices-api.ts";
import { defaultDueDate, type InvoiceFormErrors, validateInvoiceForm } from "../invoice-form.ts";

export function CreateInvoiceForm({ onCreated }: { onCreated: () => void }) {
  const partnerships = usePartnerships();
  const create = useCreateInvoice();
  const payouts = usePayoutAccount();
  const payoutsReady = payouts.data?.status === "enabled";
  const [businessId, setBusinessId] = useState(0);
  const [partnershipId, setPartnershipId] = useState(0);
  const [amount, setAmount] = useState("");
  const [dueDate, setDueDate] = useState(defaultDueDate);
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<InvoiceFormErrors>({});

  // The invoice screen keeps only active partnerships (spec §7).
  const active = useMemo(
    () => (partnerships.data?.items ?? []).filter((p) => p.status === "active"),
    [partnerships.data],
  );
  const businesses = useMemo(() => {
    const byId = new Map<number, string>();
    for (const p of active) byId.set(p.businessId, p.business.companyName);
    return [...byId].sort((a, b) => a[1].localeCompare(b[1]));
  }, [active]);
  const forBusiness = active.filter((p) => p.businessId === businessId);

  const reset = () => {
    setBusinessId(0);
    setPartnershipId(0);
    setAmount("");
    setDueDate(defaultDueDate());
    setDescription("");
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateInvoiceForm({ businessId, partnershipId, amount, description, dueDate });
    setErrors(found);
    if (Object.keys(found).length) return;
    create.mutate(
      { businessId, partnershipId, amount: Number(amount), description: description.trim(), dueDate },
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
        onError: (error) => {
          const { fieldErrors, message } = describeFailure(error);
          setErrors(fieldErrors as InvoiceFormErrors);
          toast({ title: "Failed to create invoice", description: message, variant: "destructive" });
        },
      },
    );
  };

  return (
    <Card>
      <CardContent>
        <form className="stack invoice-form" onSubmit={submit} noValidate aria-label="Create invoice">
          {payouts.isSuccess && !payoutsReady ? (
            <Alert variant="info">
              Set up payouts before raising your first invoice.{" "}
              <LinkButton href="/agent/payouts" variant="outline" size="sm">
                Set up payouts
              </LinkButton>
            </Alert>
          ) : null}
          <SelectField
            label="Business"
            value={businessId}
            onChange={(e) => {
              setBusinessId(Number(e.target.value));
              setPartnershipId(0);
            }}
            errorMessage={errors.businessId}
          >
            <option value={0}>Select a business</option>
            {businesses.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Partnership"
            value={partnershipId}
            disabled={businessId === 0}
            onChange={(e) => setPartnershipId(Number(e.target.value))}
            errorMessage={errors.partnershipId}
            description="Only active partnerships are shown. You can only create invoices for active partnerships."
          >
            <option value={0}>Select a partnership</option>
            {forBusiness.map((p) => (
              <option key={p.id} value={p.id}>
                Partnership #{p.id} ({p.status})
              </option>
            ))}
          </SelectField>
          <div className="invoice-form-row">
            <InputField
              label="Amount ($)"
              type="number"
              step={0.01}
              min={0.01}
              inputMode="decimal"
              placeholder="0.00"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
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
              value={dueDate}
              onChange={(e) => setDueDate(e.target.value)}
              errorMessage={errors.dueDate}
            />
          </div>
          <TextAreaField
            label="Description"
            placeholder="Describe the services provided"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            errorMessage={errors.description}
          />
          {active.length === 0 && partnerships.isSuccess ? (
            <p className="muted small">
              You have no active partnerships yet. Once a business accepts your connection request you can
              invoice it here.
            </p>
          ) : null}
          <div>
            <Button type="submit" isDisabled={create.isPending}>
              {create.isPending ? "Creating Invoice..." : "Create Invoice"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
