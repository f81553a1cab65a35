/** Upload one image or PDF with its alt text (required for images; the API checks again). */

import { describeFailure } from "@closr/client";
import { Button, InputField, TextField, toast } from "@closr/ui";
import { useState } from "react";
import { type MediaItem, useUploadMedia } from "../../content/api/content-api.ts";

export function MediaUploadForm({ onUploaded }: { onUploaded?: (item: MediaItem) => void }) {
  const upload = useUploadMedia();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [errors, setErrors] = useState<{ file?: string; alt?: string; form?: string }>({});
  const [inputKey, setInputKey] = useState(0);

  const submit = () => {
    const next: typeof errors = {};
    if (!file) next.file = "Choose a file";
    else if (file.size > 10 * 1024 * 1024) next.file = "The file is larger than 10 MB.";
    if (file?.type.startsWith("image/") && !alt.trim()) next.alt = "Alt text is required for images";
    setErrors(next);
    if (!file || Object.keys(next).length) return;
    upload.mutate(
      { file, alt: alt.trim() },
      {
        onSuccess: (item) => {
          toast({
            title: "Uploaded",
            description: `${item.originalFilename} was added.`,
            variant: "success",
          });
          setFile(null);
          setAlt("");
          setInputKey((k) => k + 1);
          onUploaded?.(item);
        },
        onError: (error) => {
          const { fieldErrors, message } = describeFailure(error);
          setErrors({
            ...(fieldErrors.file ? { file: fieldErrors.file } : {}),
            ...(fieldErrors.alt ? { alt: fieldErrors.alt } : {}),
            form: message,
          });
        },
      },
    );
  };

  return (
    <div className="media-upload">
      <InputField
        key={inputKey}
        label="File"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,application/pdf"
        description="JPEG, PNG, WebP, GIF or PDF, up to 10 MB."
        errorMessage={errors.file}
        onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
      />
      <TextField
        label="Alt text"
        value={alt}
        onChange={setAlt}
        description="Describe the image for people who cannot see it."
        errorMessage={errors.alt}
      />
      {errors.form ? (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div>
        <Button onPress={submit} isPending={upload.isPending}>
          {upload.isPending ? "Uploading…" : "Upload"}
        </Button>
      </div>
    </div>
  );
}
