/**
 * Payment Methods tab (spec §2.8, §5 Payment method): an add form (type, name, last four; expiry
 * only for a credit card; default) and the list with Set default and Delete. Only type, name,
 * last four and expiry are stored, never a card number.
 */

import { describeFailure, failureToast, formFailure } from "@closr/client";
import {
  Alert,
  Badge,
  Button,
  bindText,
  CheckboxField,
  InputField,
  NumberField,
  SelectField,
  Spinner,
  TitledCard,
  toast,
} from "@closr/ui";
import { type FormEvent, useState } from "react";
import {
  type NewPaymentMethod,
  type PaymentMethod,
  useAddPaymentMethod,
  useDeletePaymentMethod,
  usePaymentMethods,
  useSetDefaultPaymentMethod,
} from "../api/payments-api.ts";

const typeLabels = { credit_card: "Credit card", bank_transfer: "Bank transfer", paypal: "PayPal" } as const;
const typeOptions = Object.entries(typeLabels).map(([value, label]) => ({ value, label }));
type Expiry = "expiryMonth" | "expiryYear";
type Field = "name" | "lastFour" | Expiry;

/** A credit card's expiry inputs: whole numbers within bounds, cut to as many digits as "MM"/"YYYY". */
const expiryFields = [
  { key: "expiryMonth", label: "Expiry month", min: 1, max: 12, placeholder: "MM" },
  { key: "expiryYear", label: "Expiry year", min: 2000, max: 2100, placeholder: "YYYY" },
] as const;
const noExpiry: Record<Expiry, string> = { expiryMonth: "", expiryYear: "" };

/** Spec §5 messages, checked before sending (the server checks the same). */
export function validateMethod(form: { name: string; lastFour: string }) {
  const errors: Partial<Record<Field, string>> = {};
  if (form.name.trim().length < 3) errors.name = "Name must be at least 3 characters";
  if (form.lastFour.length > 4) errors.lastFour = "Only last 4 digits";
  else if (!/^\d{4}$/.test(form.lastFour)) errors.lastFour = "Last 4 digits required";
  return errors;
}

export function PaymentMethodsTab() {
  const methods = usePaymentMethods();
  const add = useAddPaymentMethod();
  const remove = useDeletePaymentMethod();
  const setDefault = useSetDefaultPaymentMethod();
  const [type, setType] = useState<NewPaymentMethod["type"]>("credit_card");
  const [name, setName] = useState("");
  const [lastFour, setLastFour] = useState("");
  const [expiry, setExpiry] = useState(noExpiry);
  const [isDefault, setIsDefault] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateMethod({ name, lastFour });
    setErrors(found);
    if (Object.keys(found).length) return;
    const card = type === "credit_card";
    add.mutate(
      {
        type,
        name: name.trim(),
        lastFour,
        expiryMonth: card && expiry.expiryMonth ? Number(expiry.expiryMonth) : null,
        expiryYear: card && expiry.expiryYear ? Number(expiry.expiryYear) : null,
        isDefault,
      },
      {
        onSuccess: () => {
          toast({ title: "Payment method added", variant: "success" });
          setName("");
          setLastFour("");
          setExpiry(noExpiry);
          setIsDefault(false);
        },
        onError: formFailure(setErrors, "Failed to add payment method"),
      },
    );
  };

  const del = (method: PaymentMethod) =>
    remove.mutate(method.id, {
      onSuccess: () => toast({ title: "Payment method deleted", variant: "success" }),
      onError: failureToast("Failed to delete payment method"),
    });
  const makeDefault = (method: PaymentMethod) =>
    setDefault.mutate(method.id, {
      onSuccess: () => toast({ title: "Default payment method updated", variant: "success" }),
      onError: failureToast("Failed to update default payment method"),
    });

  return (
    <div className="payments-columns">
      <TitledCard title="Add Payment Method">
        <form className="stack" onSubmit={submit} noValidate aria-label="Add payment method">
          <SelectField
            label="Type"
            value={type}
            onChange={(e) => setType(e.target.value as NewPaymentMethod["type"])}
            options={typeOptions}
          />
          <InputField
            label="Name"
            placeholder="e.g. Company Visa"
            {...bindText(name, setName, errors.name)}
          />
          <InputField
            label="Last 4 digits"
            inputMode="numeric"
            placeholder="1234"
            value={lastFour}
            onChange={(e) => setLastFour(e.target.value.replace(/\D/g, "").slice(0, 5))}
            errorMessage={errors.lastFour}
          />
          {type === "credit_card" ? (
            <div className="card-form-row">
              {expiryFields.map(({ key, label, min, max, placeholder }) => (
                <NumberField
                  key={key}
                  label={label}
                  min={min}
                  max={max}
                  placeholder={placeholder}
                  value={expiry[key]}
                  onValueChange={(value) =>
                    setExpiry((now) => ({ ...now, [key]: value.slice(0, placeholder.length) }))
                  }
                  errorMessage={errors[key]}
                />
              ))}
            </div>
          ) : null}
          <CheckboxField label="Set as default" checked={isDefault} onChange={setIsDefault} />
          <p className="muted small">
            Only the type, name, last 4 digits and expiry are saved — never a card number.
          </p>
          <Button type="submit" isPending={add.isPending}>
            {add.isPending ? "Adding..." : "Add Payment Method"}
          </Button>
        </form>
      </TitledCard>
      <TitledCard title="Your Payment Methods">
        {methods.isPending ? (
          <Spinner label="Loading payment methods" />
        ) : methods.isError ? (
          <Alert>Error loading payment methods: {describeFailure(methods.error).message}</Alert>
        ) : methods.data.items.length === 0 ? (
          <p className="muted">No payment methods saved yet.</p>
        ) : (
          <ul className="method-list">
            {methods.data.items.map((method) => (
              <li key={method.id} className="method-item">
                <div>
                  <p className="method-name">
                    {method.name} {method.isDefault ? <Badge variant="success">Default</Badge> : null}
                  </p>
                  <p className="muted small">
                    {typeLabels[method.type]} ending {method.lastFour}
                    {method.expiryMonth && method.expiryYear
                      ? ` · expires ${String(method.expiryMonth).padStart(2, "0")}/${method.expiryYear}`
                      : ""}
                  </p>
                </div>
                <div className="method-actions">
                  {method.isDefault ? null : (
                    <Button
                      size="sm"
                      variant="outline"
                      onPress={() => makeDefault(method)}
                      isPending={setDefault.isPending}
                    >
                      Set default
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    onPress={() => del(method)}
                    isPending={remove.isPending}
                    aria-label={`Delete ${method.name}`}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
    </div>
  );
}
