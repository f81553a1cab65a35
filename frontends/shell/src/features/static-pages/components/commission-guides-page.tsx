/**
 * Commission guidelines (spec §2.12): the four models, typical rates by industry, best practices,
 * published guides, and the template downloads at /templates/*.
 */
import { bestPractices, commissionModels, industryRates, templateDownloads } from "@closr/contracts/site";
import { PageHeader, ScrollTable } from "@closr/ui";
import { usePageMeta, usePublished } from "./public-content.ts";
import { SanitizedHtml } from "./sanitized-html.tsx";
import "./public-pages.css";

type Section = { heading: string; body: string };

export function CommissionGuidesPage() {
  usePageMeta("/commission-guides");
  const guides = usePublished("guide");
  return (
    <div className="container section stack-lg">
      <PageHeader
        title="Commission Guides"
        description="How to structure commission for independent sales agents in Australia."
      />
      <section aria-labelledby="models" className="stack">
        <h2 id="models">Commission models</h2>
        <ul className="public-grid">
          {commissionModels.map((m) => (
            <li key={m.name} className="card public-item">
              <h3 className="public-item-title">{m.name}</h3>
              <p className="guide-rate">{m.rate}</p>
              <p>{m.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="industries" className="stack">
        <h2 id="industries">Typical rates by industry</h2>
        <ScrollTable className="public-table" columns={["Industry", "Typical rate", "Common model"]}>
          {industryRates.map((r) => (
            <tr key={r.industry}>
              <td>{r.industry}</td>
              <td>{r.typical}</td>
              <td>{r.model}</td>
            </tr>
          ))}
        </ScrollTable>
      </section>
      <section aria-labelledby="practices" className="stack">
        <h2 id="practices">Best practices</h2>
        <ul className="check-list">
          {bestPractices.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      </section>
      {(guides.data ?? []).map((g) => {
        const sections = (g.content as { sections?: Section[] } | null)?.sections ?? [];
        return (
          <section key={g.slug} className="card public-item stack" aria-label={g.title}>
            <h2>{g.title}</h2>
            <SanitizedHtml html={g.html.body} />
            {sections.map((s) => (
              <div key={s.heading}>
                <h3>{s.heading}</h3>
                <p style={{ whiteSpace: "pre-wrap" }}>{s.body}</p>
              </div>
            ))}
          </section>
        );
      })}
      <section aria-labelledby="templates" className="stack">
        <h2 id="templates">Templates</h2>
        <ul className="public-list">
          {templateDownloads.map((d) => (
            <li key={d.href}>
              <a href={d.href} download={d.href.endsWith(".html") ? undefined : ""}>
                {d.label}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
