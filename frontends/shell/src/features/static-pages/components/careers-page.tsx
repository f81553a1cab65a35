/** Careers (spec §2.12): open roles with tabs All, Engineering, Product, Business. */
import { careerTeams } from "@closr/contracts/site";
import { PageHeader, Tab, TabList, TabPanel, Tabs } from "@closr/ui";
import { field, type PublicEntry, usePageMeta, usePublished } from "./public-content.ts";
import { PublicState, SanitizedHtml } from "./sanitized-html.tsx";
import "./public-pages.css";

const tabs = ["All", ...careerTeams] as const;

function Openings({ jobs }: { jobs: PublicEntry[] }) {
  if (!jobs.length) return <p className="muted">No open roles in this team right now.</p>;
  return (
    <ul className="public-list">
      {jobs.map((job) => (
        <li key={job.slug} className="card public-item">
          <h2 className="public-item-title">{field(job, "role") || job.title}</h2>
          <p className="muted">
            {field(job, "team")} · {field(job, "location")}
          </p>
          <SanitizedHtml html={job.html.description} />
          <a
            className="btn btn-outline btn-md"
            href={`mailto:hello@closr.com.au?subject=${encodeURIComponent(`Application: ${field(job, "role") || job.title}`)}`}
          >
            Apply
          </a>
        </li>
      ))}
    </ul>
  );
}

export function CareersPage() {
  usePageMeta("/careers");
  const careers = usePublished("careers");
  const jobs = careers.data ?? [];
  return (
    <div className="container section stack-lg">
      <PageHeader title="Careers" description="Help us connect great products with great salespeople." />
      <PublicState
        isPending={careers.isPending}
        isError={careers.isError}
        onRetry={() => void careers.refetch()}
      />
      {careers.data ? (
        <Tabs defaultSelectedKey="All">
          <TabList aria-label="Teams">
            {tabs.map((tab) => (
              <Tab key={tab} id={tab}>
                {tab}
              </Tab>
            ))}
          </TabList>
          {tabs.map((tab) => (
            <TabPanel key={tab} id={tab}>
              <Openings jobs={tab === "All" ? jobs : jobs.filter((j) => field(j, "team") === tab)} />
            </TabPanel>
          ))}
        </Tabs>
      ) : null}
    </div>
  );
}
