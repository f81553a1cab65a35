/**
 * Payouts (/agent/payouts, issue 14): the agent's payout account and tax details. Payouts come
 * before the first invoice. With Stripe, "Set up payouts" opens Stripe's hosted onboarding; with
 * the local gateway, a bank account form plays that part (BSB and account number checked by
 * format; test BSB 000-000 with 000123456 is verified, 111111116 fails). The ABN is checked with
 * the ATO checksum; registering for GST adds 10 % GST on top of new invoices. Below, the payouts
 * by month (the same EarningsTab as Invoices → Earnings, each linking to the other; issue 46).
 */

import { describeFailure, failureToast, formFailure } from "@closr/client";
import { isNoProfile, NoProfileState } from "@closr/partner-kit";
import {
  Alert,
  Badge,
  type BadgeVariant,
  Button,
  bindText,
  Card,
  CardContent,
  CheckboxField,
  InputField,
  PageHeader,
  PageSpinner,
  TitledCard,
  toast,
} from "@closr/ui";
import { type FormEvent, useEffect, useState } from "react";
import { useInvoicesStyles } from "../../invoices/components/invoices-styles.ts";
import {
  type PayoutAccount,
  payoutStatusLabel,
  usePayoutAccount,
  useSaveTaxDetails,
  useStartOnboarding,
  useSubmitBankDetails,
} from "../api/payouts-api.ts";
import { EarningsTab } from "./earnings-tab.tsx";

const statusBadge: Record<PayoutAccount["status"], BadgeVariant> = {
  not_started: "outline",
  onboarding: "secondary",
  restricted: "destructive",
  enabled: "success",
};

/** Stripe's requirement names in words (the common ones). */
const requirementWords = (name: string) =>
  name === "external_account"
    ? "A bank account that can be verified"
    : name.startsWith("individual.")
      ? `Personal details (${name.slice("individual.".length).replace(/[._]/g, " ")})`
      : name.replace(/[._]/g, " ");

/** The mutation side of a payout form: sends an input, answers with the saved payout account. */
type PayoutMutation<Input> = {
  mutate: (
    input: Input,
    options: { onSuccess: (account: PayoutAccount) => void; onError: (error: unknown) => void },
  ) => void;
};

/**
 * A payout form's submit handler and field errors: sends `input()` through `mutation`; on success
 * clears the errors and calls `saved` with the account, on failure shows the server's field errors
 * under the fields and a toast titled `failure` (formFailure).
 */
function usePayoutForm<Input>(
  mutation: PayoutMutation<Input>,
  input: () => Input,
  saved: (account: PayoutAccount) => void,
  failure: string,
) {
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(input(), {
      onSuccess: (account) => {
        setErrors({});
        saved(account);
      },
      onError: formFailure(setErrors, failure),
    });
  };
  return { errors, onSubmit };
}

function BankForm() {
  const submit = useSubmitBankDetails();
  const [accountName, setAccountName] = useState("");
  const [bsb, setBsb] = useState("");
  const [accountNumber, setAccountNumber] = useState("");
  const { errors, onSubmit } = usePayoutForm(
    submit,
    () => ({ accountName, bsb, accountNumber }),
    (account) => {
      if (account.status === "enabled")
        toast({
          title: "Payouts set up",
          description: "You can now raise invoices.",
          variant: "success",
        });
      else
        toast({
          title: "Bank account not verified",
          description: account.disabledReason ?? "",
          variant: "destructive",
        });
    },
    "Could not save bank details",
  );
  return (
    <form className="stack" onSubmit={onSubmit} noValidate aria-label="Bank account">
      <InputField
        label="Account name"
        autoComplete="name"
        {...bindText(accountName, setAccountName, errors.accountName)}
      />
      <div className="payout-form-row">
        <InputField
          label="BSB"
          inputMode="numeric"
          placeholder="000-000"
          {...bindText(bsb, setBsb, errors.bsb)}
        />
        <InputField
          label="Account number"
          inputMode="numeric"
          {...bindText(accountNumber, setAccountNumber, errors.accountNumber)}
        />
      </div>
      <p className="muted small">
        Test mode: BSB 000-000 with account 000123456 is verified; 111111116 fails verification.
      </p>
      <div>
        <Button type="submit" isPending={submit.isPending}>
          {submit.isPending ? "Verifying..." : "Verify bank account"}
        </Button>
      </div>
    </form>
  );
}

function TaxForm({ account }: { account: PayoutAccount }) {
  const save = useSaveTaxDetails();
  const [abn, setAbn] = useState(account.abn ?? "");
  const [gst, setGst] = useState(account.gstRegistered);
  useEffect(() => {
    setAbn(account.abn ?? "");
    setGst(account.gstRegistered);
  }, [account.abn, account.gstRegistered]);
  const { errors, onSubmit } = usePayoutForm(
    save,
    () => ({ abn: abn.trim() === "" ? null : abn, gstRegistered: gst }),
    () => toast({ title: "Tax details saved", variant: "success" }),
    "Could not save tax details",
  );
  return (
    <form className="stack" onSubmit={onSubmit} noValidate aria-label="Tax details">
      <InputField
        label="ABN"
        inputMode="numeric"
        placeholder="51 824 753 556"
        {...bindText(abn, setAbn, errors.abn)}
        description="Without an ABN, businesses may need to withhold 47% of your invoices for the ATO."
      />
      <CheckboxField
        label="I am registered for GST (10% GST is added to my invoices)"
        checked={gst}
        onChange={setGst}
      />
      {errors.gstRegistered ? (
        <p className="field-error" role="alert">
          {errors.gstRegistered}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="outline" isPending={save.isPending}>
          {save.isPending ? "Saving..." : "Save tax details"}
        </Button>
      </div>
    </form>
  );
}

export function PayoutsPage() {
  useInvoicesStyles();
  const account = usePayoutAccount();
  const start = useStartOnboarding();
  if (account.isPending) return <PageSpinner />;
  if (account.isError && isNoProfile(account.error))
    return (
      <div className="stack-lg payouts-page">
        <PageHeader title="Payouts" description="Where businesses' payments go, less the platform fee." />
        <NoProfileState party="agent" unlocks="set up payouts and raise invoices" />
      </div>
    );
  if (account.isError)
    return (
      <div className="stack">
        <Alert>Error loading payouts: {describeFailure(account.error).message}</Alert>
        <div>
          <Button variant="outline" onPress={() => void account.refetch()}>
            Retry
          </Button>
        </div>
      </div>
    );
  const a = account.data;
  const begin = () =>
    start.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (a.gateway === "stripe") window.location.assign(url);
      },
      onError: failureToast("Could not start payouts"),
    });
  return (
    <div className="stack-lg payouts-page">
      <PageHeader title="Payouts" description="Where businesses' payments go, less the platform fee." />
      <Card>
        <CardContent className="stack">
          <div className="payout-head">
            <h2 className="card-title">Payout account</h2>
            <Badge variant={statusBadge[a.status]}>{payoutStatusLabel[a.status]}</Badge>
          </div>
          {a.status === "enabled" ? (
            <p>
              Payments reach your bank account{a.bankLastFour ? ` ending ${a.bankLastFour}` : ""}. You can
              raise invoices.
            </p>
          ) : (
            <Alert variant="info">Set up payouts before raising your first invoice.</Alert>
          )}
          {a.status === "restricted" ? (
            <div className="stack-sm">
              {a.disabledReason ? <p>{a.disabledReason}</p> : null}
              <p className="muted small">Still needed:</p>
              <ul className="requirements">
                {a.requirements.map((r) => (
                  <li key={r}>{requirementWords(r)}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {a.status === "not_started" ? (
            <div>
              <Button onPress={begin} isPending={start.isPending}>
                {start.isPending ? "Starting..." : "Set up payouts"}
              </Button>
            </div>
          ) : a.status !== "enabled" && a.gateway === "stripe" ? (
            <div>
              <Button onPress={begin} isPending={start.isPending}>
                Continue on Stripe
              </Button>
            </div>
          ) : a.status !== "enabled" ? (
            <BankForm />
          ) : null}
        </CardContent>
      </Card>
      <TitledCard title="Tax details" className="stack">
        <TaxForm account={a} />
      </TitledCard>
      <EarningsTab shownOn="payouts" />
    </div>
  );
}
