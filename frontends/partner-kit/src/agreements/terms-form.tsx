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
  MoneyField,
  NumberField,
  SelectField,
  TextAreaField,
} from "@closr/ui";
import { type FormEvent, useId, useState } from "react";
import {
  type AgreementTerms,
  type CommissionModel,
  modelGuidance,
  modelLabels,
  territoryLabels,
} from "./agreements-api.ts";

type ModelType = CommissionModel["type"];
type Tier = { from: string; rate: string };

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

const str = (n: number | undefined) => (n === undefined ? "" : String(n));

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
  const m = initial.model;
  const [type, setType] = useState<ModelType>(m.type);
  const [rate, setRate] = useState(str(m.type === "tiered" ? undefined : m.rate));
  const [base, setBase] = useState(str(m.type === "base_plus" ? m.base : undefined));
  const [months, setMonths] = useState(str(m.type === "residual" ? m.months : 12));
  const [tiers, setTiers] = useState<Tier[]>(
    m.type === "tiered"
      ? m.tiers.map((t) => ({ from: String(t.from), rate: String(t.rate) }))
      : [
          { from: "0", rate: "10" },
          { from: "10000", rate: "15" },
        ],
  );
  const [territory, setTerritory] = useState<string[]>([...initial.territory]);
  const [exclusive, setExclusive] = useState(initial.exclusive);
  const [products, setProducts] = useState(initial.products);
  const [paymentTermsDays, setPaymentTermsDays] = useState(initial.paymentTermsDays);
  const [startDate, setStartDate] = useState(initial.startDate);
  const [endDate, setEndDate] = useState(initial.endDate ?? "");
  const [noticeDays, setNoticeDays] = useState(String(initial.noticeDays));
  const territoryId = useId();

  const model = (): CommissionModel => {
    switch (type) {
      case "straight":
        return { type, rate: Number(rate) };
      case "base_plus":
        return { type, base: Number(base), rate: Number(rate) };
      case "tiered":
        return { type, tiers: tiers.map((t) => ({ from: Number(t.from), rate: Number(t.rate) })) };
      case "residual":
        return { type, rate: Number(rate), months: Number(months) };
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      model: model(),
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
      <SelectField
        label="Commission model"
        value={type}
        onChange={(e) => setType(e.target.value as ModelType)}
        description={modelGuidance[type]}
        options={(Object.keys(modelLabels) as ModelType[]).map((value) => ({
          value,
          label: modelLabels[value],
        }))}
      />
      {type === "tiered" ? (
        <fieldset className="agreement-tiers">
          <legend>Tiers</legend>
          <p className="field-description">
            Each rate applies to the part of a sale from its threshold up to the next one. The first tier
            starts at $0.
          </p>
          {tiers.map((tier, i) => (
            <div className="agreement-row" key={i}>
              <MoneyField
                label={`Tier ${i + 1} from ($)`}
                value={tier.from}
                onValueChange={(value) =>
                  setTiers(tiers.map((t, j) => (j === i ? { ...t, from: value } : t)))
                }
              />
              <NumberField
                label={`Tier ${i + 1} rate (%)`}
                min={0}
                max={100}
                step={0.01}
                value={tier.rate}
                onValueChange={(value) =>
                  setTiers(tiers.map((t, j) => (j === i ? { ...t, rate: value } : t)))
                }
              />
            </div>
          ))}
          {errors["model.tiers"] ? <p className="field-error">{errors["model.tiers"]}</p> : null}
          <div className="agreement-actions">
            <Button
              variant="outline"
              size="sm"
              isDisabled={tiers.length >= 10}
              onPress={() => setTiers([...tiers, { from: "", rate: "" }])}
            >
              Add tier
            </Button>
            <Button
              variant="ghost"
              size="sm"
              isDisabled={tiers.length <= 1}
              onPress={() => setTiers(tiers.slice(0, -1))}
            >
              Remove last tier
            </Button>
          </div>
        </fieldset>
      ) : (
        <div className="agreement-row">
          {type === "base_plus" ? (
            <MoneyField
              label="Monthly base ($)"
              {...bindNumber(base, setBase, errors["model.baseCents"] ?? errors["model.base"])}
            />
          ) : null}
          <NumberField
            label="Commission rate (%)"
            min={0}
            max={100}
            step={0.01}
            {...bindNumber(rate, setRate, errors["model.rate"])}
          />
          {type === "residual" ? (
            <NumberField
              label="Months of recurring revenue"
              min={1}
              max={120}
              step={1}
              {...bindNumber(months, setMonths, errors["model.months"])}
            />
          ) : null}
        </div>
      )}
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
