/** Press (spec §2.12): releases and coverage, newest first; the published ones, else built-in. */
import { PageHeader } from "@closr/ui";
import { field, usePageMeta, usePublished } from "./public-content.ts";
import { PublicState, SanitizedHtml } from "./sanitized-html.tsx";
import "./public-pages.css";

export function PressPage() {
  usePageMeta("/press");
  const press = usePublished("press");
  return (
    <div className="container narrow section stack-lg">
      <PageHeader title="Press" description="News about Closr, and media enquiries." />
      <PublicState isPending={press.isPending} isError={press.isError} onRetry={() => void press.refetch()} />
      <ul className="public-list">
        {(press.data ?? []).map((item) => (
          <li key={item.slug} className="card public-item">
            <p className="muted">
              {field(item, "outlet")} {field(item, "date")}
            </p>
            <h2 className="public-item-title">{item.title}</h2>
            <SanitizedHtml html={item.html.body} />
            {field(item, "link") ? (
              <a href={field(item, "link")} target="_blank" rel="noopener noreferrer">
                Read the article
              </a>
            ) : null}
          </li>
        ))}
      </ul>
      <p>
        Media enquiries: <a href="mailto:hello@closr.com.au">hello@closr.com.au</a>
      </p>
    </div>
  );
}
