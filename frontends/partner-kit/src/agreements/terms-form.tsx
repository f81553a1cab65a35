/**
 * The agreement's terms form (issue 17): commission model (straight rate; base plus monthly base
 * and rate; tiered thresholds and rates; residual rate and months) with §9's range as guidance,
 * territory (spec §3 locations), exclusivity, products or services, payment terms (7/14/30 days),
 * term start and optional end, notice period. The server validates; its field errors (e.g.
 * `model.rate`, `endDate`) show under the matching field.
 */

import {
  Button,
  bindNumber,
  bindText,
  CheckboxField,
  InputField,
  NumberField,
  SelectField,
  TextAreaField,
} from "@closr/ui";
import { type FormEvent, useId, useState } from "react";
import { type AgreementTerms, territoryLabels } from "./agreements-api.ts";
import { CommissionModelFields, useCommissionModelDraft } from "./commission-model-fields.tsx";

/** Sensible first terms: straight 10 % (spec §9 default), Sydney, 30-day notice, from today. */
export const defaultTerms = (today = new Date()): AgreementTerms => ({
  model: { type: "straight", rate: 10 },
  territory: ["sydney"],
  exclusive: false,
  products: "",
  paymentTermsDays: 14,
  startDate: today.toISOString().slice(0, 10),
  endDate: null,
  noticeDays: 30,
});

export function TermsForm({
  initial,
  submitLabel,
  busy,
  errors,
  onSubmit,
  onCancel,
}: {
  initial: AgreementTerms;
  submitLabel: string;
  busy: boolean;
  errors: Record<string, string>;
  onSubmit: (terms: AgreementTerms) => void;
  onCancel?: () => void;
}) {
  const draft = useCommissionModelDraft(initial.model);
  const [territory, setTerritory] = useState<string[]>([...initial.territory]);
  const [exclusive, setExclusive] = useState(initial.exclusive);
  const [products, setProducts] = useState(initial.products);
  const [paymentTermsDays, setPaymentTermsDays] = useState(initial.paymentTermsDays);
  const [startDate, setStartDate] = useState(initial.startDate);
  const [endDate, setEndDate] = useState(initial.endDate ?? "");
  const [noticeDays, setNoticeDays] = useState(String(initial.noticeDays));
  const territoryId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      model: draft.model(),
      territory: territory as AgreementTerms["territory"],
      exclusive,
      products: products.trim(),
      paymentTermsDays,
      startDate,
      endDate: endDate || null,
      noticeDays: Number(noticeDays),
    });
  };

  return (
    <form className="stack agreement-form" onSubmit={submit} noValidate aria-label="Agreement terms">
      <CommissionModelFields draft={draft} errors={errors} />
      <fieldset
        className="agreement-territory"
        aria-describedby={errors.territory ? `${territoryId}-error` : undefined}
      >
        <legend>Territory</legend>
        <div className="agreement-checks">
          {(Object.keys(territoryLabels) as (keyof typeof territoryLabels)[]).map((value) => (
            <CheckboxField
              key={value}
              label={territoryLabels[value]}
              checked={territory.includes(value)}
              onChange={(checked) =>
                setTerritory(checked ? [...territory, value] : territory.filter((t) => t !== value))
              }
            />
          ))}
        </div>
        {errors.territory ? (
          <p id={`${territoryId}-error`} className="field-error">
            {errors.territory}
          </p>
        ) : null}
      </fieldset>
      <CheckboxField
        label="Exclusive: the agent is the business's only agent for this territory and these products"
        checked={exclusive}
        onChange={setExclusive}
      />
      <TextAreaField
        label="Products or services covered"
        placeholder="e.g. Cloud accounting subscriptions for small businesses"
        {...bindText(products, setProducts, errors.products)}
      />
      <div className="agreement-row">
        <SelectField
          label="Payment terms"
          value={String(paymentTermsDays)}
          onChange={(e) => setPaymentTermsDays(Number(e.target.value))}
          errorMessage={errors.paymentTermsDays}
          options={[7, 14, 30].map((d) => ({ value: String(d), label: `Invoice due in ${d} days` }))}
        />
        <NumberField
          label="Notice period (days)"
          min={0}
          max={365}
          step={1}
          {...bindNumber(noticeDays, setNoticeDays, errors.noticeDays)}
        />
      </div>
      <div className="agreement-row">
        <InputField label="Start date" type="date" {...bindText(startDate, setStartDate, errors.startDate)} />
        <InputField
          label="End date (optional)"
          type="date"
          {...bindText(endDate, setEndDate, errors.endDate)}
          description="Leave empty for an agreement that runs until ended with notice."
        />
      </div>
      <div className="agreement-actions">
        <Button type="submit" isPending={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="outline" onPress={onCancel} isDisabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
