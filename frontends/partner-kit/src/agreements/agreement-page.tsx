/**
 * The partnership's commission agreement (issue 17), for both sides at
 * /business/active-agents/:partnershipId/agreement and /agent/current-partners/:partnershipId/agreement:
 * the stage and the terms in force; the working draft (edit, propose); the current proposal as the
 * exact document to sign (sign with the password, or counter-propose when it came from the other
 * side); amendments of a signed agreement; the signed PDF; and every version with its signatures.
 * Loading, empty (no agreement yet: start one), error and 390 px layouts.
 */

import { counterpartName, describeFailure, type PartnershipSide, usePartnerships } from "@closr/client";
import {
  Alert,
  Badge,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogTrigger,
  formatDate,
  formatDateTime,
  formatMoney,
  Icon,
  InputField,
  injectStyles,
  LinkButton,
  PageHeader,
  PageSpinner,
  toast,
} from "@closr/ui";
import { type ReactNode, useState } from "react";
import { useParams } from "react-router";
import css from "./agreements.css?inline";
import {
  type Agreement,
  type AgreementStep,
  type AgreementTerms,
  type AgreementVersion,
  isNotFound,
  modelLabels,
  stageLabels,
  territoryLabels,
  useAgreement,
  useAgreementStep,
  versionStatusLabels,
} from "./agreements-api.ts";
import { defaultTerms, TermsForm } from "./terms-form.tsx";

injectStyles("closr-agreements-styles", css);

/** The commission model in words, from the wire terms. */
export function modelText(model: AgreementTerms["model"]): string {
  switch (model.type) {
    case "straight":
      return `${model.rate}% of each sale`;
    case "base_plus":
      return `${formatMoney(model.base)} a month plus ${model.rate}% of each sale`;
    case "tiered":
      return model.tiers.map((t) => `${t.rate}% from ${formatMoney(t.from)}`).join(", ");
    case "residual":
      return `${model.rate}% of recurring revenue for ${model.months} months`;
  }
}

function TermsList({ terms }: { terms: AgreementTerms }) {
  return (
    <dl className="agreement-terms">
      <div>
        <dt>Commission</dt>
        <dd>
          {modelLabels[terms.model.type]}: {modelText(terms.model)}
        </dd>
      </div>
      <div>
        <dt>Territory</dt>
        <dd>{terms.territory.map((t) => territoryLabels[t]).join(", ")}</dd>
      </div>
      <div>
        <dt>Exclusivity</dt>
        <dd>{terms.exclusive ? "Exclusive" : "Non-exclusive"}</dd>
      </div>
      <div>
        <dt>Products or services</dt>
        <dd>{terms.products}</dd>
      </div>
      <div>
        <dt>Payment terms</dt>
        <dd>Invoices due in {terms.paymentTermsDays} days</dd>
      </div>
      <div>
        <dt>Term</dt>
        <dd>
          From {formatDate(terms.startDate)}{" "}
          {terms.endDate ? `to ${formatDate(terms.endDate)}` : "until ended"}
        </dd>
      </div>
      <div>
        <dt>Notice period</dt>
        <dd>{terms.noticeDays} days</dd>
      </div>
    </dl>
  );
}

function DocumentView({ version }: { version: AgreementVersion }) {
  return (
    <article className="agreement-document" aria-label={`Version ${version.number} document`}>
      <h3>{version.document.title}</h3>
      {version.document.sections.map((s) => (
        <section key={s.heading}>
          <h4>{s.heading}</h4>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
      <p className="agreement-hash">
        Document SHA-256: <code>{version.documentSha256}</code>
      </p>
    </article>
  );
}

function SignDialog({
  version,
  busy,
  onSign,
  error,
}: {
  version: number;
  busy: boolean;
  onSign: (password: string, close: () => void) => void;
  error: string | undefined;
}) {
  const [password, setPassword] = useState("");
  return (
    <Dialog title={`Sign version ${version}`}>
      {(close) => (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            onSign(password, close);
          }}
        >
          <p className="dialog-text">
            Re-enter your password to sign. Closr records your name, the time, your address and browser, and
            the SHA-256 fingerprint of this exact version.
          </p>
          <InputField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            errorMessage={error}
            autoFocus
          />
          <div className="dialog-actions">
            <Button variant="outline" onPress={close} isDisabled={busy}>
              Cancel
            </Button>
            <Button type="submit" isPending={busy}>
              Sign agreement
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function VersionHistory({ agreement }: { agreement: Agreement }) {
  if (agreement.versions.length === 0) return null;
  return (
    <Card>
      <CardContent>
        <h2 className="agreement-heading">Version history</h2>
        <ol className="agreement-versions">
          {agreement.versions.map((v) => (
            <li key={v.number}>
              <div className="agreement-version-head">
                <strong>Version {v.number}</strong>
                <Badge
                  variant={
                    v.status === "signed" ? "success" : v.status === "proposed" ? "default" : "outline"
                  }
                >
                  {versionStatusLabels[v.status]}
                </Badge>
              </div>
              <p className="muted small">
                Proposed by {v.proposedBy === "business" ? agreement.businessName : agreement.agentName} on{" "}
                {formatDate(v.proposedAt)} · {v.summary}
              </p>
              {v.signatures.length ? (
                <ul className="agreement-signatures">
                  {v.signatures.map((s) => (
                    <li key={s.party}>
                      Signed by {s.signerName} ({s.party}) on {formatDateTime(s.signedAt)}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

/**
 * The agreement page of one partnership, seen from `side`; `backHref` is the side's partners page
 * (given by the party remote, so this chunk does not carry the area table).
 */
export function AgreementPage({ side, backHref }: { side: PartnershipSide; backHref: string }) {
  const partnershipId = Number(useParams().partnershipId ?? 0);
  const agreement = useAgreement(partnershipId);
  const partnerships = usePartnerships();
  const step = useAgreementStep(partnershipId);
  const [editing, setEditing] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [signError, setSignError] = useState<string | undefined>();
  const partnership = partnerships.data?.items.find((p) => p.id === partnershipId);
  const counterpart = agreement.data
    ? side === "business"
      ? agreement.data.agentName
      : agreement.data.businessName
    : partnership
      ? counterpartName(partnership, side)
      : "your partner";

  const run = (s: AgreementStep, success: string, after?: () => void) => {
    setFieldErrors({});
    step.mutate(s, {
      onSuccess: () => {
        toast({ title: success, variant: "success" });
        after?.();
      },
      onError: (error) => {
        const { fieldErrors: found, message } = describeFailure(error);
        setFieldErrors(found as Record<string, string>);
        if (s.kind === "sign") setSignError(found.password ?? message);
        else toast({ title: "Could not update the agreement", description: message, variant: "destructive" });
      },
    });
  };

  const header = (
    <PageHeader
      title="Commission agreement"
      description={`The terms you and ${counterpart} agree and sign.`}
      actions={
        <>
          {side === "business" ? (
            <LinkButton href="/business/agreement-template" variant="ghost" size="sm">
              Agreement template
            </LinkButton>
          ) : null}
          <LinkButton href={backHref} variant="outline" size="sm">
            Back to partners
          </LinkButton>
        </>
      }
    />
  );

  if (agreement.isPending) return <PageSpinner label="Loading agreement" />;

  if (agreement.isError && !isNotFound(agreement.error))
    return (
      <div className="stack agreement-page">
        {header}
        <Alert>
          {describeFailure(agreement.error).message}{" "}
          <Button variant="outline" size="sm" onPress={() => agreement.refetch()}>
            Try again
          </Button>
        </Alert>
      </div>
    );

  if (agreement.isError) {
    const canStart = partnership?.status === "active";
    return (
      <div className="stack agreement-page">
        {header}
        <Card>
          <CardContent className="stack">
            {editing ? (
              <>
                <h2 className="agreement-heading">New agreement</h2>
                <TermsForm
                  initial={{
                    ...defaultTerms(),
                    model: { type: "straight", rate: partnership?.commissionRate ?? 10 },
                  }}
                  submitLabel="Save draft"
                  busy={step.isPending}
                  errors={fieldErrors}
                  onSubmit={(terms) => run({ kind: "start", terms }, "Draft saved", () => setEditing(false))}
                  onCancel={() => setEditing(false)}
                />
              </>
            ) : (
              <div className="agreement-empty">
                <Icon name="file" size={32} />
                <h2 className="agreement-heading">No agreement yet</h2>
                <p className="muted">
                  {canStart
                    ? `Write down the commission model, territory and payment terms, then propose them to ${counterpart}. Both of you sign the same version.`
                    : partnerships.isPending
                      ? "Loading the partnership…"
                      : "This partnership is not active, or is not yours: it has no agreement you can see."}
                </p>
                {canStart ? <Button onPress={() => setEditing(true)}>Start an agreement</Button> : null}
              </div>
            )}
          </CardContent>
        </Card>
      </div>
    );
  }

  const a = agreement.data;
  const latest = a.versions[0];
  const inForce = a.versions.find((v) => v.status === "signed") ?? null;
  const mySide = a.yourSide;
  const iSigned = latest?.signatures.some((s) => s.party === mySide) ?? false;
  const proposedByMe = latest?.proposedBy === mySide;

  return (
    <div className="stack agreement-page">
      {header}
      <Card>
        <CardContent className="stack">
          <div className="agreement-status">
            <Badge variant={a.stage === "signed" ? "success" : a.stage === "ended" ? "outline" : "default"}>
              {stageLabels[a.stage]}
            </Badge>
            <span className="muted small">
              {a.stage === "draft"
                ? `Draft${a.draft ? ` last edited by ${a.draft.editedBy === mySide ? "you" : counterpart}` : ""}${inForce ? ` · version ${inForce.number} stays in force until both sign the amendment` : ""}`
                : a.stage === "proposed" && latest
                  ? iSigned
                    ? `You signed version ${latest.number}. Waiting for ${counterpart} to sign.`
                    : `Version ${latest.number} proposed by ${proposedByMe ? "you" : counterpart}. Read it, then sign${proposedByMe ? "" : " or counter-propose"}.`
                  : a.stage === "signed" && inForce
                    ? `Version ${inForce.number} signed by both parties on ${formatDate(inForce.signedAt)}.`
                    : "This agreement ended with the partnership."}
            </span>
          </div>
          {a.pdfUrl ? (
            <div className="agreement-actions">
              <a className="btn btn-outline btn-sm" href={a.pdfUrl} download>
                <Icon name="file" size={16} /> Download signed PDF
              </a>
            </div>
          ) : null}
        </CardContent>
      </Card>

      {inForce && a.stage !== "proposed" ? (
        <Card>
          <CardContent className="stack">
            <h2 className="agreement-heading">Terms in force (version {inForce.number})</h2>
            <TermsList terms={inForce.terms} />
            {a.stage === "signed" && mySide ? (
              <div className="agreement-actions">
                <Button
                  variant="outline"
                  onPress={() => run({ kind: "amend" }, "Amendment started", () => setEditing(true))}
                >
                  Amend agreement
                </Button>
              </div>
            ) : null}
          </CardContent>
        </Card>
      ) : null}

      {a.stage === "draft" && a.draft ? (
        <Card>
          <CardContent className="stack">
            <h2 className="agreement-heading">{inForce ? "Amendment draft" : "Draft"}</h2>
            {editing && mySide ? (
              <TermsForm
                initial={a.draft.terms}
                submitLabel="Save draft"
                busy={step.isPending}
                errors={fieldErrors}
                onSubmit={(terms) => run({ kind: "edit", terms }, "Draft saved", () => setEditing(false))}
                onCancel={() => setEditing(false)}
              />
            ) : (
              <>
                <TermsList terms={a.draft.terms} />
                {mySide ? (
                  <div className="agreement-actions">
                    <Button variant="outline" onPress={() => setEditing(true)}>
                      Edit terms
                    </Button>
                    <Button
                      isPending={step.isPending}
                      onPress={() => run({ kind: "propose" }, "Agreement proposed")}
                    >
                      Propose to {counterpart}
                    </Button>
                  </div>
                ) : null}
              </>
            )}
          </CardContent>
        </Card>
      ) : null}

      {a.stage === "proposed" && latest ? (
        <Card>
          <CardContent className="stack">
            <h2 className="agreement-heading">Version {latest.number} — proposed</h2>
            <TermsList terms={latest.terms} />
            {mySide ? (
              <div className="agreement-actions">
                {!iSigned ? (
                  <DialogTriggerButton label="Sign with password">
                    <SignDialog
                      version={latest.number}
                      busy={step.isPending}
                      error={signError}
                      onSign={(password, close) => {
                        setSignError(undefined);
                        run({ kind: "sign", version: latest.number, password }, "Agreement signed", close);
                      }}
                    />
                  </DialogTriggerButton>
                ) : null}
                {!proposedByMe ? (
                  <Button
                    variant="outline"
                    isPending={step.isPending}
                    onPress={() =>
                      run({ kind: "counter" }, "Back to draft: edit and propose back", () => setEditing(true))
                    }
                  >
                    Counter-propose
                  </Button>
                ) : null}
              </div>
            ) : null}
            <details className="agreement-details">
              <summary>Read the full document</summary>
              <DocumentView version={latest} />
            </details>
          </CardContent>
        </Card>
      ) : null}

      <VersionHistory agreement={a} />
    </div>
  );
}

/** A button that opens the dialog given as its child. */
function DialogTriggerButton({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DialogTrigger>
      <Button>{label}</Button>
      {children}
    </DialogTrigger>
  );
}
