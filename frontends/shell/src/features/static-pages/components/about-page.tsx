/** About (spec §2.12): the published about entry, else the built-in one. */
import { PageHeader } from "@closr/ui";
import { field, usePageMeta, usePublished } from "./public-content.ts";
import { PublicState, SanitizedHtml } from "./sanitized-html.tsx";
import "./public-pages.css";

export function AboutPage() {
  usePageMeta("/about");
  const about = usePublished("about");
  const entry = about.data?.[0];
  return (
    <div className="container narrow section stack-lg">
      <PageHeader
        title="About Closr"
        description="Connecting Australian businesses with commission-based sales agents."
      />
      <PublicState isPending={about.isPending} isError={about.isError} onRetry={() => void about.refetch()} />
      {entry ? (
        <article className="card public-article">
          {field(entry, "lead") ? <p className="lead">{field(entry, "lead")}</p> : null}
          <SanitizedHtml html={entry.html.body} />
        </article>
      ) : null}
    </div>
  );
}
