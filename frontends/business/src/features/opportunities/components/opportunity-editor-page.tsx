/**
 * /business/opportunities/new and /business/opportunities/:id/edit — "Post an opportunity"
 * (issue 44, docs/api/opportunities.md): title, product or service, territory, customer type, the
 * commission model and rate with the agreement's §9 ranges as guidance, expected deal size (AUD
 * dollars), the ideal agent (specialization, skills from the catalogue, minimum years) and agents
 * wanted. "Save draft" saves it; "Publish" saves it and publishes it (403 past the plan's limit).
 * The server validates: its field errors show under the fields.
 */

import { failureToast, formFailure } from "@closr/client";
import {
  CommissionModelFields,
  customerTypeLabels,
  injectOpportunityStyles,
  type Opportunity,
  type OpportunityRequest,
  SkillPicker,
  territoryLabels,
  useCatalogue,
  useCommissionModelDraft,
} from "@closr/partner-kit";
import {
  Button,
  bindNumber,
  bindText,
  Card,
  CardContent,
  CheckboxField,
  InputField,
  MoneyField,
  NumberField,
  PageHeader,
  PageSpinner,
  RetryAlert,
  SelectField,
  TextAreaField,
  toast,
} from "@closr/ui";
import { type FormEvent, useId, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useOpportunity, useOpportunityStep, useSaveOpportunity } from "../api/opportunities-api.ts";

injectOpportunityStyles();

type Territory = OpportunityRequest["territory"][number];
type CustomerType = OpportunityRequest["customerType"];

const blank: OpportunityRequest = {
  title: "",
  product: "",
  territory: [],
  customerType: "small_business",
  model: { type: "straight", rate: 15 },
  expectedDealSize: null,
  idealSpecialization: "",
  idealSkills: [],
  minimumYears: 0,
  placesWanted: 1,
};

export function NewOpportunityPage() {
  return <OpportunityEditor initial={blank} opportunity={null} />;
}

export function EditOpportunityPage() {
  const id = Number(useParams().id);
  const opportunity = useOpportunity(id);
  if (opportunity.isPending) return <PageSpinner label="Loading the opportunity" />;
  if (opportunity.isError)
    return (
      <RetryAlert onRetry={() => void opportunity.refetch()}>Couldn't load this opportunity.</RetryAlert>
    );
  return <OpportunityEditor initial={opportunity.data} opportunity={opportunity.data} />;
}

function OpportunityEditor({
  initial,
  opportunity,
}: {
  initial: OpportunityRequest;
  opportunity: Opportunity | null;
}) {
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const save = useSaveOpportunity();
  const step = useOpportunityStep();
  const draft = useCommissionModelDraft(initial.model);
  const [title, setTitle] = useState(initial.title);
  const [product, setProduct] = useState(initial.product);
  const [territory, setTerritory] = useState<Territory[]>([...initial.territory]);
  const [customerType, setCustomerType] = useState<CustomerType>(initial.customerType);
  const [dealSize, setDealSize] = useState(
    initial.expectedDealSize === null ? "" : String(initial.expectedDealSize),
  );
  const [specialization, setSpecialization] = useState(initial.idealSpecialization);
  const [skills, setSkills] = useState<string[]>([...initial.idealSkills]);
  const [minimumYears, setMinimumYears] = useState(String(initial.minimumYears));
  const [placesWanted, setPlacesWanted] = useState(String(initial.placesWanted));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const territoryId = useId();
  const isDraft = opportunity === null || opportunity.status === "draft";

  const body = (): OpportunityRequest => ({
    title: title.trim(),
    product: product.trim(),
    territory,
    customerType,
    model: draft.model(),
    expectedDealSize: dealSize.trim() === "" ? null : Number(dealSize),
    idealSpecialization: specialization.trim(),
    idealSkills: skills,
    minimumYears: Number(minimumYears),
    placesWanted: Number(placesWanted),
  });

  const submit = (publish: boolean) => {
    setErrors({});
    save.mutate(
      { id: opportunity?.id ?? null, body: body() },
      {
        onError: formFailure(setErrors, "Couldn't save the opportunity", "no-field-error"),
        onSuccess: (saved) => {
          if (!publish) {
            toast({ title: isDraft ? "Draft saved" : "Opportunity saved" });
            void navigate(`/business/opportunities/${saved.id}`);
            return;
          }
          step.mutate(
            { id: saved.id, step: "publish" },
            {
              onError: (error) => {
                failureToast("Saved as a draft, but couldn't publish it")(error);
                void navigate(`/business/opportunities/${saved.id}`);
              },
              onSuccess: () => {
                toast({ title: "Opportunity published" });
                void navigate(`/business/opportunities/${saved.id}`);
              },
            },
          );
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(false);
  };
  const busy = save.isPending || step.isPending;

  return (
    <div className="stack-lg">
      <PageHeader
        title={opportunity ? "Edit opportunity" : "Post an opportunity"}
        description="What you need sold, where and to whom, on which commission terms. Agents see it once it is published."
      />
      <p>
        <Link to="/business/opportunities" className="text-link">
          ← All opportunities
        </Link>
      </p>
      <Card>
        <CardContent>
          <form className="stack opportunity-form" onSubmit={onSubmit} noValidate aria-label="Opportunity">
            <InputField
              label="Title"
              description="3–120 characters, e.g. “Enterprise software, Sydney”."
              {...bindText(title, setTitle, errors.title)}
            />
            <TextAreaField
              label="Product or service"
              description="What the agent sells and why customers buy it (10–4,000 characters)."
              {...bindText(product, setProduct, errors.product)}
            />
            <fieldset
              className="opportunity-territory"
              aria-describedby={errors.territory ? `${territoryId}-error` : undefined}
            >
              <legend>Territory</legend>
              <div className="agreement-checks">
                {(Object.keys(territoryLabels) as Territory[]).map((value) => (
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
            <SelectField
              label="Customer type"
              value={customerType}
              onChange={(e) => setCustomerType(e.target.value as CustomerType)}
              errorMessage={errors.customerType}
              options={(Object.keys(customerTypeLabels) as CustomerType[]).map((value) => ({
                value,
                label: customerTypeLabels[value],
              }))}
            />
            <CommissionModelFields draft={draft} errors={errors} />
            <MoneyField
              label="Expected deal size ($, optional)"
              {...bindNumber(dealSize, setDealSize, errors.expectedDealSize)}
            />
            <fieldset className="opportunity-ideal">
              <legend>Ideal agent</legend>
              <InputField
                label="Specialization (optional)"
                {...bindText(specialization, setSpecialization, errors.idealSpecialization)}
              />
              <SkillPicker
                skills={catalogue.data?.skills ?? []}
                selected={skills}
                onChange={setSkills}
                max={10}
                errorMessage={errors.idealSkills}
              />
              <NumberField
                label="Minimum years of experience"
                min={0}
                max={50}
                step={1}
                {...bindNumber(minimumYears, setMinimumYears, errors.minimumYears)}
              />
            </fieldset>
            <NumberField
              label="Agents wanted"
              min={1}
              max={100}
              step={1}
              {...bindNumber(placesWanted, setPlacesWanted, errors.placesWanted)}
            />
            <div className="agreement-actions">
              {isDraft ? (
                <>
                  <Button type="submit" variant="outline" isPending={save.isPending && !step.isPending}>
                    Save draft
                  </Button>
                  <Button isDisabled={busy} isPending={step.isPending} onPress={() => submit(true)}>
                    Publish
                  </Button>
                </>
              ) : (
                <Button type="submit" isPending={busy}>
                  Save changes
                </Button>
              )}
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
