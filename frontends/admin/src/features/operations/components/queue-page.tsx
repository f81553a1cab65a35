/**
 * /admin/jobs (issue 21): the background job queue — counts by kind and state (queued, running,
 * retried, failed, done in the last 24 hours), the newest jobs with their last error, and a
 * Retry for failed ones (audit-logged by the API). Refreshes every 5 seconds.
 */

import { failureToast } from "@closr/client";
import { Badge, type BadgeVariant, Button, formatDateTime, PageSpinner, SelectField, toast } from "@closr/ui";
import { useSearchParams } from "react-router";
import { AdminPage } from "../../shared/components/admin-list.tsx";
import { LoadError } from "../../shared/components/pager.tsx";
import {
  type JobState,
  jobStates,
  type QueueJob,
  type QueueJobList,
  useQueueJobs,
  useRetryJob,
} from "../api/queue-api.ts";
import "../../shared/components/admin.css";
import "./queue.css";

const stateLabels: Record<JobState, string> = {
  queued: "Queued",
  running: "Running",
  retried: "Retried",
  failed: "Failed",
  done: "Done (24 h)",
};

const stateBadges: Record<JobState, BadgeVariant> = {
  queued: "outline",
  running: "secondary",
  retried: "secondary",
  failed: "destructive",
  done: "success",
};

const when = (iso: string | null) => (iso ? formatDateTime(iso) : "—");

/** Kind × state counts. */
function CountsTable({ counts }: { counts: QueueJobList["counts"] }) {
  const kinds = [...new Set(counts.map((c) => c.kind))].sort();
  const count = (kind: string, state: JobState) =>
    counts.find((c) => c.kind === kind && c.state === state)?.count ?? 0;
  if (kinds.length === 0) return null;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe scrollable-region-focusable)
    <section className="table-scroll" aria-label="Jobs by kind and state" tabIndex={0}>
      <table className="data-table queue-counts">
        <caption className="visually-hidden">Jobs by kind and state</caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            {jobStates.map((s) => (
              <th scope="col" key={s} className="num">
                {stateLabels[s]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {kinds.map((kind) => (
            <tr key={kind}>
              <th scope="row">{kind}</th>
              {jobStates.map((s) => (
                <td key={s} className={`num${s === "failed" && count(kind, s) > 0 ? " queue-failed" : ""}`}>
                  {count(kind, s)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function RetryButton({ job }: { job: QueueJob }) {
  const retry = useRetryJob();
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={`Retry ${job.kind} job ${job.id}`}
      isPending={retry.isPending}
      onPress={() =>
        retry.mutate(job.id, {
          onSuccess: () =>
            toast({
              title: "Job queued again",
              description: `${job.kind} ${job.id} will run shortly.`,
              variant: "success",
            }),
          onError: failureToast("Retry failed"),
        })
      }
    >
      {retry.isPending ? "Retrying..." : "Retry"}
    </Button>
  );
}

function JobsTable({ items }: { items: QueueJobList["items"] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe scrollable-region-focusable)
    <section className="table-scroll" aria-label="Jobs" tabIndex={0}>
      <table className="data-table admin-table queue-jobs">
        <caption className="visually-hidden">Newest jobs</caption>
        <thead>
          <tr>
            <th scope="col">Job</th>
            <th scope="col">State</th>
            <th scope="col" className="num">
              Attempts
            </th>
            <th scope="col">Last error</th>
            <th scope="col">Created</th>
            <th scope="col">Next run / finished</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((job) => (
            <tr key={job.id}>
              <td>
                <strong>{job.kind}</strong>
                <div className="muted small queue-id">{job.id}</div>
              </td>
              <td>
                <Badge variant={stateBadges[job.state]}>{stateLabels[job.state]}</Badge>
              </td>
              <td className="num" data-label="Attempts">
                {job.attempts}
              </td>
              <td className="queue-error" data-label="Last error">
                {job.lastError ?? "—"}
              </td>
              <td data-label="Created">{when(job.createdAt)}</td>
              <td data-label={job.runAt ? "Next run" : "Finished"}>{when(job.runAt ?? job.finishedAt)}</td>
              <td>{job.state === "failed" ? <RetryButton job={job} /> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function QueuePage() {
  const [params, setParams] = useSearchParams();
  const filter = { kind: params.get("kind") ?? "", state: params.get("state") ?? "" };
  const jobs = useQueueJobs(filter);
  const set = (key: "kind" | "state", value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const kinds = [
    ...new Set((jobs.data?.counts ?? []).map((c) => c.kind).concat(filter.kind ? [filter.kind] : [])),
  ].sort();
  // The two filters: each a select bound to its URL parameter ("" = all).
  const filters = [
    {
      key: "kind",
      label: "Kind",
      emptyOption: "All kinds",
      options: kinds.map((k) => ({ value: k, label: k })),
    },
    {
      key: "state",
      label: "State",
      emptyOption: "All states",
      options: jobStates.map((s) => ({ value: s, label: stateLabels[s] })),
    },
  ] as const;
  const failed = (jobs.data?.counts ?? [])
    .filter((c) => c.state === "failed")
    .reduce((n, c) => n + c.count, 0);
  return (
    <AdminPage
      title="Job Queue"
      description="Background work: emails, exports, renewals and sweeps. Failed jobs can be retried."
    >
      {jobs.data ? (
        <p className="muted" aria-live="polite">
          {failed === 0
            ? "No failed jobs."
            : `${failed} failed ${failed === 1 ? "job needs" : "jobs need"} attention.`}
        </p>
      ) : null}
      <form className="admin-search" aria-label="Filter jobs" onSubmit={(e) => e.preventDefault()}>
        {filters.map(({ key, label, emptyOption, options }) => (
          <SelectField
            key={key}
            label={label}
            name={key}
            value={filter[key]}
            onChange={(e) => set(key, e.target.value)}
            emptyOption={emptyOption}
            options={options}
          />
        ))}
      </form>
      {jobs.isPending ? <PageSpinner label="Loading jobs" /> : null}
      {jobs.isError ? (
        <LoadError
          message="Failed to load the job queue. Please try again."
          onRetry={() => void jobs.refetch()}
        />
      ) : null}
      {jobs.data ? (
        <>
          <h2 className="queue-heading">By kind and state</h2>
          {jobs.data.counts.length === 0 ? (
            <div className="admin-empty card">
              <p>No jobs yet</p>
            </div>
          ) : (
            <CountsTable counts={jobs.data.counts} />
          )}
          <h2 className="queue-heading">Newest jobs</h2>
          {jobs.data.items.length === 0 ? (
            <div className="admin-empty card">
              <p>No jobs match this filter</p>
            </div>
          ) : (
            <JobsTable items={jobs.data.items} />
          )}
        </>
      ) : null}
    </AdminPage>
  );
}
