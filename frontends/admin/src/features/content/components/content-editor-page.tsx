/**
 * /admin/content/:contentType/:id ("new" creates; spec §2.11): Title, Slug (from the title until
 * edited), Published and Featured toggles, the type's structured form, and the raw JSON one tab
 * away. Invalid JSON is refused with a message (never silently dropped). Drafts autosave to this
 * browser; a save over a newer version answers 409 and shows what changed.
 */

import { ApiError, describeFailure } from "@closr/client";
import {
  Alert,
  Button,
  CheckboxField,
  formatDateTime,
  LinkButton,
  PageHeader,
  PageSpinner,
  ScrollTable,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  TextField,
  toast,
} from "@closr/ui";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { type ContentEntry, type ContentType, useContentEntry, useSaveContent } from "../api/content-api.ts";
import { contentTypeDefs, isContentType, slugify } from "./content-types.ts";
import { StructuredFields } from "./structured-fields.tsx";
import "../../shared/components/admin.css";

type Json = Record<string, unknown>;

interface Draft {
  title: string;
  slug: string;
  published: boolean;
  featured: boolean;
  content: Json;
}

const asObject = (value: unknown): Json =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};

const draftKey = (type: string, id: string) => `closr-admin-draft:${type}:${id}`;

const fromEntry = (entry: ContentEntry): Draft => ({
  title: entry.title,
  slug: entry.slug,
  published: entry.published,
  featured: entry.featured,
  content: asObject(entry.content),
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function ContentEditorPage() {
  const { contentType, id: idParam = "new" } = useParams();
  const type: ContentType = isContentType(contentType) ? contentType : "about";
  const def = contentTypeDefs[type];
  const id = idParam === "new" ? null : Number(idParam);
  const loaded = useContentEntry(Number.isInteger(id) ? id : null);
  const listPath = `/admin/content/${contentType ?? type}`;

  if (id !== null && !Number.isInteger(id)) return <LoadFailed listPath={listPath} />;
  if (id !== null && loaded.isPending) return <PageSpinner label="Loading content" />;
  if (id !== null && (loaded.isError || !loaded.data)) return <LoadFailed listPath={listPath} />;
  return (
    <Editor
      key={`${type}:${idParam}`}
      type={type}
      id={id}
      entry={loaded.data ?? null}
      title={`${id === null ? "New" : "Edit"} ${def.label}`}
      listPath={listPath}
    />
  );
}

function LoadFailed({ listPath }: { listPath: string }) {
  return (
    <div className="container narrow section stack">
      <Alert>Failed to load content. Please try again.</Alert>
      <LinkButton href={listPath} variant="outline">
        Back to list
      </LinkButton>
    </div>
  );
}

function Editor({
  type,
  id,
  entry,
  title,
  listPath,
}: {
  type: ContentType;
  id: number | null;
  entry: ContentEntry | null;
  title: string;
  listPath: string;
}) {
  const def = contentTypeDefs[type];
  const navigate = useNavigate();
  const save = useSaveContent(id);
  const key = draftKey(type, id === null ? "new" : String(id));
  const initial: Draft = entry
    ? fromEntry(entry)
    : { title: "", slug: "", published: true, featured: false, content: {} };
  const [draft, setDraft] = useState<Draft>(initial);
  const [version, setVersion] = useState(entry?.version ?? 1);
  const [slugEdited, setSlugEdited] = useState(Boolean(entry));
  const [tab, setTab] = useState<"form" | "json">("form");
  const [rawJson, setRawJson] = useState(() => JSON.stringify(initial.content, null, 2));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ContentEntry | null>(null);
  const [restorable, setRestorable] = useState<Draft | null>(() => {
    try {
      const stored = localStorage.getItem(key);
      const parsed = stored ? (JSON.parse(stored) as Draft) : null;
      return parsed && !same(parsed, initial) ? parsed : null;
    } catch {
      return null;
    }
  });

  // Autosave: the draft is kept in this browser (per entry) until it is saved.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => {
      try {
        localStorage.setItem(key, JSON.stringify(draft));
      } catch {}
    }, 600);
    return () => clearTimeout(timer);
  }, [draft, key]);

  const setContent = (content: Json) => {
    setDraft((d) => ({ ...d, content }));
    setRawJson(JSON.stringify(content, null, 2));
  };

  /** Parses the raw JSON; false (with a message) when it is not valid JSON. */
  const applyRawJson = (): Json | null => {
    try {
      const parsed: unknown = JSON.parse(rawJson);
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
        setJsonError('The content must be a JSON object, e.g. { "body": "…" }.');
        return null;
      }
      setJsonError(null);
      setDraft((d) => ({ ...d, content: parsed as Json }));
      return parsed as Json;
    } catch (error) {
      setJsonError(
        `Invalid JSON: ${error instanceof Error ? error.message : "cannot be read"}. Fix it before saving.`,
      );
      return null;
    }
  };

  const submit = (overVersion = version) => {
    const content = tab === "json" ? applyRawJson() : draft.content;
    if (content === null) return;
    const local: Record<string, string> = {};
    if (!draft.title.trim()) local.title = "Title is required";
    if (!draft.slug.trim()) local.slug = "Slug is required";
    setErrors(local);
    if (Object.keys(local).length) return;
    setFormError(null);
    save.mutate(
      { input: { ...draft, content, type }, version: overVersion },
      {
        onSuccess: () => {
          localStorage.removeItem(key);
          toast({
            title: "Success",
            description: id === null ? "Content created successfully." : "Content updated successfully.",
            variant: "success",
          });
          navigate(listPath);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.problem.type === "/problems/content-version-conflict") {
            void loadConflict();
            return;
          }
          const { fieldErrors, message } = describeFailure(error);
          if (error instanceof ApiError && error.problem.type === "/problems/slug-taken")
            fieldErrors.slug = message;
          setErrors(fieldErrors);
          setFormError("There was an error saving the content. Please try again.");
          toast({
            title: "Error",
            description: `Failed to ${id === null ? "create" : "update"} content. ${message}`,
            variant: "destructive",
          });
        },
      },
    );
  };

  const loadConflict = async () => {
    if (id === null) return;
    const response = await fetch(`/api/content/${id}`, { credentials: "same-origin" });
    if (response.ok) setConflict((await response.json()) as ContentEntry);
  };

  const diff = useMemo(() => {
    if (!conflict) return [];
    const theirs = fromEntry(conflict);
    const rows: { field: string; mine: unknown; theirs: unknown }[] = [];
    for (const field of ["title", "slug", "published", "featured"] as const)
      if (!same(draft[field], theirs[field])) rows.push({ field, mine: draft[field], theirs: theirs[field] });
    const keys = new Set([...Object.keys(draft.content), ...Object.keys(theirs.content)]);
    for (const k of keys)
      if (!same(draft.content[k], theirs.content[k]))
        rows.push({ field: `content.${k}`, mine: draft.content[k], theirs: theirs.content[k] });
    return rows;
  }, [conflict, draft]);

  return (
    <div className="container narrow section stack">
      <PageHeader title={title} />
      {restorable ? (
        <Alert variant="info">
          <span>You have an unsaved draft of this content from earlier. </span>
          <span className="row">
            <Button
              size="sm"
              onPress={() => {
                setDraft(restorable);
                setRawJson(JSON.stringify(restorable.content, null, 2));
                setSlugEdited(true);
                setRestorable(null);
              }}
            >
              Restore draft
            </Button>
            <Button
              size="sm"
              variant="outline"
              onPress={() => {
                localStorage.removeItem(key);
                setRestorable(null);
              }}
            >
              Discard draft
            </Button>
          </span>
        </Alert>
      ) : null}
      {conflict ? (
        <section className="card stack" aria-labelledby="conflict-title" style={{ padding: "1rem" }}>
          <h2 id="conflict-title" className="admin-card-title">
            Someone saved this content after you opened it
          </h2>
          <p className="muted">
            Version {conflict.version} was saved {formatDateTime(conflict.updatedAt)}. Compare, then keep your
            changes or load theirs.
          </p>
          {diff.length ? (
            <ScrollTable className="conflict-table" columns={["Field", "Yours", "Saved"]}>
              {diff.map((row) => (
                <tr key={row.field}>
                  <th scope="row">{row.field}</th>
                  <td>
                    <pre>{JSON.stringify(row.mine, null, 2) ?? "—"}</pre>
                  </td>
                  <td>
                    <pre>{JSON.stringify(row.theirs, null, 2) ?? "—"}</pre>
                  </td>
                </tr>
              ))}
            </ScrollTable>
          ) : (
            <p>The saved version has the same fields as yours.</p>
          )}
          <div className="row">
            <Button
              onPress={() => {
                setVersion(conflict.version);
                setConflict(null);
                submit(conflict.version);
              }}
            >
              Keep mine and save
            </Button>
            <Button
              variant="outline"
              onPress={() => {
                const theirs = fromEntry(conflict);
                setDraft(theirs);
                setRawJson(JSON.stringify(theirs.content, null, 2));
                setVersion(conflict.version);
                setConflict(null);
              }}
            >
              Load saved version
            </Button>
          </div>
        </section>
      ) : null}
      <form
        className="card stack"
        style={{ padding: "1rem" }}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label="Title"
          isRequired
          value={draft.title}
          errorMessage={errors.title}
          onChange={(value) =>
            setDraft((d) => ({ ...d, title: value, ...(slugEdited ? {} : { slug: slugify(value) }) }))
          }
        />
        <TextField
          label="Slug"
          isRequired
          value={draft.slug}
          description={`Shown at ${def.publicPath(draft.slug || "your-slug")}. Lower-case letters, digits and hyphens.`}
          errorMessage={errors.slug}
          onChange={(value) => {
            setSlugEdited(true);
            setDraft((d) => ({ ...d, slug: value }));
          }}
        />
        <div className="editor-toggles">
          <CheckboxField
            label="Published"
            checked={draft.published}
            onChange={(published) => setDraft((d) => ({ ...d, published }))}
          />
          <p className="toggle-description muted">Content will be visible to users</p>
          <CheckboxField
            label="Featured"
            checked={draft.featured}
            onChange={(featured) => setDraft((d) => ({ ...d, featured }))}
          />
          <p className="toggle-description muted">Content will be highlighted</p>
        </div>
        <Tabs
          selectedKey={tab}
          onSelectionChange={(next) => {
            if (next === "form" && tab === "json" && applyRawJson() === null) return;
            if (next === "json") setRawJson(JSON.stringify(draft.content, null, 2));
            setTab(next as "form" | "json");
          }}
        >
          <TabList aria-label="Content editor">
            <Tab id="form">Form</Tab>
            <Tab id="json">JSON</Tab>
          </TabList>
          <TabPanel id="form">
            <StructuredFields fields={def.fields} value={draft.content} onChange={setContent} />
          </TabPanel>
          <TabPanel id="json">
            <label htmlFor="content-json" className="field-label">
              Content (JSON)
            </label>
            <textarea
              id="content-json"
              className="json-area"
              spellCheck={false}
              value={rawJson}
              aria-invalid={jsonError ? true : undefined}
              aria-describedby={jsonError ? "content-json-error" : undefined}
              onChange={(event) => {
                setRawJson(event.currentTarget.value);
                setJsonError(null);
              }}
              onBlur={() => void applyRawJson()}
            />
            {jsonError ? (
              <p id="content-json-error" className="field-error" role="alert">
                {jsonError}
              </p>
            ) : null}
          </TabPanel>
        </Tabs>
        {formError ? <Alert>{formError}</Alert> : null}
        <div className="editor-actions">
          <Button variant="outline" onPress={() => navigate(listPath)}>
            Cancel
          </Button>
          <Button type="submit" isPending={save.isPending}>
            {save.isPending ? "Saving…" : "Save Changes"}
          </Button>
        </div>
      </form>
    </div>
  );
}
