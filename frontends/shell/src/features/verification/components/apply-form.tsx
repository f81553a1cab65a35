/**
 * The Apply form of one tab (spec §2.5, §3, §5): text fields and documents of the applicant's
 * type, checked in the browser with §5's messages, then sent with a progress bar per file.
 * On a change request it resubmits the same request, keeping documents not replaced.
 */

import { describeFailure } from "@closr/client";
import { Alert, Button, InputField, TextAreaField, toast } from "@closr/ui";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import {
  type FileProgress,
  sendApplication,
  type VerificationRequest,
  verificationRequestsKey,
} from "../api/verification.ts";
import { DocumentField } from "./document-field.tsx";

type Kind = "business" | "agent";

const pdfOrImage = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";
const imageOnly = ".jpg,.jpeg,.png,image/jpeg,image/png";

const documents: Record<Kind, { name: string; label: string; accept: string; required: string | null }[]> = {
  business: [
    {
      name: "businessRegistration",
      label: "Business registration document",
      accept: pdfOrImage,
      required: "Required",
    },
    { name: "addressProof", label: "Proof of address", accept: pdfOrImage, required: "Required" },
    { name: "companyLogo", label: "Company logo", accept: imageOnly, required: null },
  ],
  agent: [
    {
      name: "identification",
      label: "Identification document",
      accept: pdfOrImage,
      required: "Please upload your identification document",
    },
    {
      name: "professionalCertificates",
      label: "Professional certificates",
      accept: pdfOrImage,
      required: null,
    },
    { name: "profilePhoto", label: "Profile photo", accept: imageOnly, required: null },
  ],
};

const isUrl = (value: string) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** §5's rules, as the server checks them (the ABN checksum is the server's). */
function validate(kind: Kind, fields: Record<string, string>, present: Set<string>) {
  const errors: Record<string, string> = {};
  if (kind === "business") {
    if ((fields.abnNumber ?? "").trim().length < 11) errors.abnNumber = "ABN must be at least 11 characters";
    if (!isUrl((fields.companyWebsite ?? "").trim())) errors.companyWebsite = "Please enter a valid URL";
    if ((fields.businessAddress ?? "").trim().length < 5)
      errors.businessAddress = "Please enter a valid address";
  } else {
    if (!isUrl((fields.linkedInProfile ?? "").trim()))
      errors.linkedInProfile = "Please enter a valid LinkedIn URL";
    if (!(Number(fields.yearsExperience ?? "") > 0))
      errors.yearsExperience = "Years of experience must be a positive number";
    if ((fields.professionalQualifications ?? "").trim().length < 10)
      errors.professionalQualifications = "Please provide a detailed description of your qualifications";
  }
  for (const doc of documents[kind])
    if (doc.required && !present.has(doc.name)) errors[doc.name] = doc.required;
  return errors;
}

const emptyFields: Record<Kind, Record<string, string>> = {
  business: { abnNumber: "", companyWebsite: "", businessAddress: "", additionalNotes: "" },
  agent: { linkedInProfile: "", yearsExperience: "", professionalQualifications: "", additionalNotes: "" },
};

export function ApplyForm({
  kind,
  changesFor,
  onDone,
}: {
  kind: Kind;
  /** The request sent back for changes, when resubmitting. */
  changesFor?: VerificationRequest | undefined;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Record<string, string>>(() => ({
    ...emptyFields[kind],
    ...(changesFor?.additionalInfo ?? {}),
  }));
  const [files, setFiles] = useState<Record<string, File>>({});
  const [progress, setProgress] = useState<FileProgress | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const existing = new Map((changesFor?.documents ?? []).map((d) => [d.field, d.fileName]));

  const set = (name: string) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [name]: value }));
  };
  /** A text field's name, value, change handler and error. */
  const bind = (name: string) => ({
    name,
    value: fields[name],
    onChange: set(name),
    errorMessage: errors[name],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const present = new Set([...Object.keys(files), ...existing.keys()]);
    const found = validate(kind, fields, present);
    setErrors(found);
    const missingDocument = documents[kind].some((d) => d.required && !present.has(d.name));
    setFormError(missingDocument && kind === "business" ? "Please upload all required documents" : undefined);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    setProgress({});
    try {
      const url = changesFor
        ? `/api/verification-requests/${changesFor.id}/resubmit`
        : "/api/verification-requests";
      const text = Object.fromEntries(Object.entries(fields).filter(([, v]) => v.trim() !== ""));
      await sendApplication(url, { userType: kind, ...text }, files, setProgress);
      toast({ title: "Verification request submitted", variant: "success" });
      await queryClient.invalidateQueries({ queryKey: verificationRequestsKey });
      onDone();
    } catch (error) {
      const { fieldErrors, message } = describeFailure(error);
      setErrors(fieldErrors as Record<string, string>);
      toast({ title: "Submission failed", description: message, variant: "destructive" });
      setFormError(message);
    } finally {
      setSending(false);
      setProgress(undefined);
    }
  };

  return (
    <form
      className="apply-form"
      onSubmit={submit}
      noValidate
      aria-label={`${kind === "business" ? "Business" : "Agent"} verification`}
    >
      {changesFor?.adminNotes ? (
        <Alert variant="info">
          <strong>Changes requested:</strong> {changesFor.adminNotes}
        </Alert>
      ) : null}
      {kind === "business" ? (
        <>
          <InputField label="ABN" inputMode="numeric" placeholder="51 824 753 556" {...bind("abnNumber")} />
          <InputField label="Company website" type="url" placeholder="https://" {...bind("companyWebsite")} />
          <InputField label="Business address" {...bind("businessAddress")} />
        </>
      ) : (
        <>
          <InputField
            label="LinkedIn profile"
            type="url"
            placeholder="https://www.linkedin.com/in/"
            {...bind("linkedInProfile")}
          />
          <InputField label="Years of experience" type="number" min={1} {...bind("yearsExperience")} />
          <TextAreaField
            label="Professional qualifications"
            rows={3}
            {...bind("professionalQualifications")}
          />
        </>
      )}
      <TextAreaField
        label="Additional notes (optional)"
        name="additionalNotes"
        rows={2}
        value={fields.additionalNotes}
        onChange={set("additionalNotes")}
      />
      {documents[kind].map((doc) => (
        <DocumentField
          key={doc.name}
          name={doc.name}
          label={doc.label}
          accept={doc.accept}
          required={doc.required !== null}
          file={files[doc.name]}
          existing={existing.get(doc.name)}
          progress={progress ? (progress[doc.name] ?? 0) : undefined}
          errorMessage={errors[doc.name]}
          onChange={(file) =>
            setFiles((current) => {
              const next = { ...current };
              if (file) next[doc.name] = file;
              else delete next[doc.name];
              return next;
            })
          }
        />
      ))}
      {formError ? <Alert>{formError}</Alert> : null}
      <Button type="submit" isDisabled={sending} block>
        {sending ? "Uploading…" : changesFor ? "Resubmit for Verification" : "Submit for Verification"}
      </Button>
    </form>
  );
}
