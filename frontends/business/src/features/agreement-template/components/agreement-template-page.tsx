/**
 * /business/agreement-template (issue 17; spec §9 "custom contract templates", Enterprise): the
 * business's own commission agreement template. Written as plain text — the first line is the
 * title, the second the subtitle, each "# " line starts a section, blank lines separate
 * paragraphs — with `{{placeholders}}` from the list shown. Below Enterprise the page shows the
 * general template read-only with the upgrade hint. Proposals render from the saved template.
 */

import { apiClient, describeFailure, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import {
  Alert,
  Button,
  Card,
  CardContent,
  LinkButton,
  PageHeader,
  PageSpinner,
  TextAreaField,
  TextLinkAlert,
  toast,
} from "@closr/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

type Template = components["schemas"]["AgreementTemplate"];
type Own = components["schemas"]["OwnAgreementTemplate"];
const key = ["agreement-template"] as const;

/** Template → the editable text. */
export function templateToText(t: Template): string {
  return [
    t.title,
    t.subtitle,
    "",
    ...t.sections.flatMap((s) => [`# ${s.heading}`, ...s.paragraphs.flatMap((p) => [p, ""])]),
  ]
    .join("\n")
    .trimEnd();
}

/** The editable text → a template (null with a message when it has no section). */
export function textToTemplate(text: string): Template | string {
  const lines = text.replace(/\r/g, "").split("\n");
  const title = (lines.shift() ?? "").trim();
  const subtitle = (lines[0]?.startsWith("# ") ? "" : (lines.shift() ?? "")).trim();
  const sections: Template["sections"] = [];
  let paragraph: string[] = [];
  const flush = () => {
    const last = sections.at(-1);
    if (last && paragraph.join(" ").trim()) last.paragraphs.push(paragraph.join(" ").trim());
    paragraph = [];
  };
  for (const line of lines) {
    if (line.startsWith("# ")) {
      flush();
      sections.push({ heading: line.slice(2).trim(), paragraphs: [] });
    } else if (line.trim() === "") flush();
    else paragraph.push(line.trim());
  }
  flush();
  if (title.length < 3) return "Start with a title of at least 3 characters.";
  if (sections.length === 0) return 'Add at least one section: a line starting with "# ".';
  return { title, subtitle, sections };
}

export function AgreementTemplatePage() {
  const queryClient = useQueryClient();
  const own = useQuery({
    queryKey: key,
    queryFn: async (): Promise<Own> => {
      const { data, error, response } = await apiClient.GET("/api/agreement-template");
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
  });
  const save = useMutation({
    mutationFn: async (template: Template | null): Promise<Own> => {
      const { data, error, response } = await apiClient.PUT("/api/agreement-template", {
        body: { template },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  useEffect(() => {
    if (own.data) setText(templateToText(own.data.template));
  }, [own.data]);

  const header = (
    <PageHeader
      title="Agreement template"
      description="Your own commission agreement. Proposals to your agents are rendered from it."
      actions={
        <LinkButton href="/business/active-agents" variant="outline" size="sm">
          Back to agents
        </LinkButton>
      }
    />
  );
  if (own.isPending) return <PageSpinner label="Loading template" />;
  if (own.isError)
    return (
      <div className="stack">
        {header}
        <Alert>
          {describeFailure(own.error).message}{" "}
          <Button variant="outline" size="sm" onPress={() => own.refetch()}>
            Try again
          </Button>
        </Alert>
      </div>
    );

  const submit = () => {
    const parsed = textToTemplate(text);
    if (typeof parsed === "string") return setProblem(parsed);
    setProblem(undefined);
    save.mutate(parsed, {
      onSuccess: () => toast({ title: "Template saved", variant: "success" }),
      onError: (error) => setProblem(describeFailure(error).message),
    });
  };

  return (
    <div className="stack">
      {header}
      {!own.data.entitled ? (
        <TextLinkAlert href="/pricing" label="See plans">
          Custom contract templates are part of the Enterprise plan. Your agreements use the general template
          below.
        </TextLinkAlert>
      ) : null}
      <Card>
        <CardContent className="stack">
          <p className="muted small">
            {own.data.custom ? "Your own template is in use." : "The general template is in use."} First line:
            title; second line: subtitle; lines starting with “# ” begin a section; blank lines separate
            paragraphs.
          </p>
          <TextAreaField
            label="Template"
            rows={18}
            value={text}
            readOnly={!own.data.entitled}
            onChange={(e) => setText(e.target.value)}
            errorMessage={problem}
          />
          <details>
            <summary>Placeholders</summary>
            <ul>
              {own.data.placeholders.map((p) => (
                <li key={p.name}>
                  <code>{`{{${p.name}}}`}</code> — {p.hint}
                </li>
              ))}
            </ul>
          </details>
          {own.data.entitled ? (
            <div className="agreement-actions">
              <Button onPress={submit} isPending={save.isPending}>
                Save template
              </Button>
              {own.data.custom ? (
                <Button
                  variant="outline"
                  isPending={save.isPending}
                  onPress={() =>
                    save.mutate(null, {
                      onSuccess: () => toast({ title: "Back to the general template", variant: "success" }),
                    })
                  }
                >
                  Use the general template
                </Button>
              ) : null}
            </div>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
