/**
 * One document input of the Apply dialog: a native file input (accept list from §5), a preview
 * of an image, the chosen file's name and size, and a progress bar while uploading.
 */
import { useEffect, useId, useState } from "react";

export interface DocumentFieldProps {
  readonly name: string;
  readonly label: string;
  readonly accept: string;
  readonly required: boolean;
  readonly file: File | undefined;
  readonly onChange: (file: File | undefined) => void;
  /** 0–1 while uploading. */
  readonly progress: number | undefined;
  readonly errorMessage?: string | undefined;
  /** A file already on the request (resubmission): keep it unless replaced. */
  readonly existing?: string | undefined;
}

const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function DocumentField(props: DocumentFieldProps) {
  const id = useId();
  const [preview, setPreview] = useState<string | undefined>();
  useEffect(() => {
    if (!props.file?.type.startsWith("image/")) {
      setPreview(undefined);
      return;
    }
    const url = URL.createObjectURL(props.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [props.file]);
  const hint = props.existing ? `Current file: ${props.existing}. Choose a file to replace it.` : undefined;
  return (
    <div className="field document-field">
      <label htmlFor={id} className="field-label">
        {props.label}
        {props.required ? " *" : " (optional)"}
      </label>
      <input
        id={id}
        name={props.name}
        type="file"
        accept={props.accept}
        className="field-input native-input"
        aria-invalid={props.errorMessage ? true : undefined}
        aria-describedby={
          [hint ? `${id}-hint` : "", props.errorMessage ? `${id}-error` : ""].filter(Boolean).join(" ") ||
          undefined
        }
        onChange={(event) => props.onChange(event.currentTarget.files?.[0] ?? undefined)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field-description">
          {hint}
        </p>
      ) : null}
      {props.file ? (
        <div className="document-chosen">
          {preview ? (
            <img src={preview} alt={`Preview of ${props.file.name}`} className="document-preview" />
          ) : null}
          <span>
            {props.file.name} · {sizeLabel(props.file.size)}
          </span>
        </div>
      ) : null}
      {props.file && props.progress !== undefined ? (
        <progress
          className="document-progress"
          max={1}
          value={props.progress}
          aria-label={`Uploading ${props.label}`}
        >
          {Math.round(props.progress * 100)}%
        </progress>
      ) : null}
      {props.errorMessage ? (
        <p id={`${id}-error`} className="field-error">
          {props.errorMessage}
        </p>
      ) : null}
    </div>
  );
}
