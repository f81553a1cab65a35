/** The editor's image field: pick from the media library or upload a new image. */
import { Button, Dialog } from "@closr/ui";
import { useState } from "react";
import { useMediaList } from "../../content/api/content-api.ts";
import { MediaUploadForm } from "./media-upload-form.tsx";

export function MediaPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (url: string, alt: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const media = useMediaList("", 1, 48);
  const images = (media.data?.items ?? []).filter((m) => m.mimeType.startsWith("image/"));
  return (
    <div className="field">
      <span className="field-label">{label}</span>
      <div className="media-picker">
        {value ? (
          <img src={`${value}?variant=thumbnail`} alt="" />
        ) : (
          <span className="muted">No image chosen</span>
        )}
        <Button variant="outline" size="sm" onPress={() => setOpen(true)}>
          {value ? "Change image" : "Choose image"}
        </Button>
        {value ? (
          <Button variant="ghost" size="sm" onPress={() => onChange("", "")}>
            Remove image
          </Button>
        ) : null}
      </div>
      <Dialog title={`Choose ${label.toLowerCase()}`} isOpen={open} onOpenChange={setOpen}>
        <div className="stack">
          <MediaUploadForm
            onUploaded={(item) => {
              onChange(item.url, item.alt ?? "");
              setOpen(false);
            }}
          />
          {images.length ? (
            <ul className="media-grid" aria-label="Media library images">
              {images.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    className="media-choice"
                    onClick={() => {
                      onChange(m.url, m.alt ?? "");
                      setOpen(false);
                    }}
                  >
                    <img className="media-thumb" src={m.thumbnailUrl ?? m.url} alt={m.alt ?? ""} />
                    <span className="media-meta">{m.alt || m.originalFilename}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="dialog-actions">
            <Button variant="outline" onPress={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
