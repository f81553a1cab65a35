/**
 * The commission model's fields (issue 17, reused by issue 44's opportunity editor): the model
 * (straight rate; base plus monthly base and rate; tiered thresholds and rates; residual rate and
 * months) with §9's range shown as guidance under the model (`modelGuidance`, not enforced). The
 * text as typed lives in `useCommissionModelDraft`; `draft.model()` reads it as the contract's
 * `CommissionModel` (dollars and percentages as numbers). Server field errors (`model.rate`,
 * `model.base`, `model.tiers`, `model.months`) show under the matching field.
 */

import { Button, bindNumber, injectStyles, MoneyField, NumberField, SelectField } from "@closr/ui";
import { useState } from "react";
import css from "./agreements.css?inline";
import { type CommissionModel, modelGuidance, modelLabels } from "./agreements-api.ts";

injectStyles("closr-agreements-styles", css);

type ModelType = CommissionModel["type"];
type Tier = { from: string; rate: string };

const str = (n: number | undefined) => (n === undefined ? "" : String(n));

/** The model's fields as typed, from `initial`, and `model()` reading them as a `CommissionModel`. */
export function useCommissionModelDraft(initial: CommissionModel) {
  const m = initial;
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
  return { type, setType, rate, setRate, base, setBase, months, setMonths, tiers, setTiers, model };
}

export type CommissionModelDraft = ReturnType<typeof useCommissionModelDraft>;

/** The model select with its guidance, then the chosen model's own fields. */
export function CommissionModelFields({
  draft,
  errors,
}: {
  draft: CommissionModelDraft;
  errors: Record<string, string | undefined>;
}) {
  const { type, setType, rate, setRate, base, setBase, months, setMonths, tiers, setTiers } = draft;
  return (
    <>
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
    </>
  );
}
