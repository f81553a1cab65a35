/**
 * The structured form of a content type (content-types.ts): text, date, URL, Markdown with a
 * server-rendered preview, a cover image from the media library, and guide sections.
 */
import { Button, InputField, SelectField, TextAreaField } from "@closr/ui";
import { useId, useState } from "react";
import { MediaPicker } from "../../media/components/media-picker.tsx";
import { previewMarkdown } from "../api/content-api.ts";
import type { FieldDef } from "./content-types.ts";

type Json = Record<string, unknown>;
type Section = { heading: string; body: string };

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function StructuredFields({
  fields,
  value,
  onChange,
}: {
  fields: readonly FieldDef[];
  value: Json;
  onChange: (next: Json) => void;
}) {
  const set = (name: string, v: unknown) => onChange({ ...value, [name]: v });
  return (
    <div className="editor-grid">
      {fields.map((field) => {
        const current = value[field.name];
        switch (field.kind) {
          case "markdown":
            return (
              <MarkdownField
                key={field.name}
                label={field.label}
                value={text(current)}
                onChange={(v) => set(field.name, v)}
              />
            );
          case "media":
            return (
              <MediaPicker
                key={field.name}
                label={field.label}
                value={text(current)}
                onChange={(url, alt) => onChange({ ...value, [field.name]: url, [`${field.name}Alt`]: alt })}
              />
            );
          case "sections":
            return (
              <SectionsField
                key={field.name}
                label={field.label}
                value={Array.isArray(current) ? (current as Section[]) : []}
                onChange={(v) => set(field.name, v)}
              />
            );
          default:
            return field.options ? (
              <SelectField
                key={field.name}
                label={field.label}
                value={text(current)}
                emptyOption="Choose…"
                options={field.options.map((o) => ({ value: o, label: o }))}
                onChange={(event) => set(field.name, event.currentTarget.value)}
              />
            ) : (
              <InputField
                key={field.name}
                label={field.label}
                type={field.kind === "date" ? "date" : field.kind === "url" ? "url" : "text"}
                value={text(current)}
                {...(field.description ? { description: field.description } : {})}
                onChange={(event) => set(field.name, event.currentTarget.value)}
              />
            );
        }
      })}
    </div>
  );
}

/** Markdown in a monospace area; Preview shows it rendered and sanitised by the API, as the site will. */
function MarkdownField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const toggle = async () => {
    if (preview !== null) return setPreview(null);
    try {
      setFailed(false);
      setPreview(await previewMarkdown(value));
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="field">
      <div className="editor-field-head">
        <label htmlFor={id} className="field-label">
          {label} (Markdown)
        </label>
        <Button variant="ghost" size="sm" onPress={() => void toggle()}>
          {preview === null ? "Preview" : "Edit"}
        </Button>
      </div>
      {preview === null ? (
        <textarea
          id={id}
          className="markdown-area"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      ) : (
        // The API rendered and sanitised this HTML (marked + sanitize-html): nothing executable survives.
        <section
          className="markdown-preview prose"
          aria-label={`${label} preview`}
          dangerouslySetInnerHTML={{ __html: preview }}
        />
      )}
      {failed ? <p className="field-error">The preview could not be loaded. Please try again.</p> : null}
    </div>
  );
}

function SectionsField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Section[];
  onChange: (v: Section[]) => void;
}) {
  const update = (index: number, patch: Partial<Section>) =>
    onChange(value.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  return (
    <fieldset className="editor-grid">
      <legend className="field-label">{label}</legend>
      {value.map((section, index) => (
        <div key={index} className="section-item">
          <InputField
            label={`Section ${index + 1} heading`}
            value={section.heading}
            onChange={(e) => update(index, { heading: e.currentTarget.value })}
          />
          <TextAreaField
            label={`Section ${index + 1} text (Markdown)`}
            value={section.body}
            rows={4}
            onChange={(e) => update(index, { body: e.currentTarget.value })}
          />
          <Button variant="ghost" size="sm" onPress={() => onChange(value.filter((_, i) => i !== index))}>
            Remove section {index + 1}
          </Button>
        </div>
      ))}
      <Button variant="outline" size="sm" onPress={() => onChange([...value, { heading: "", body: "" }])}>
        Add section
      </Button>
    </fieldset>
  );
}
