/** /admin/audit-log: every staff write (who, what, when, before/after), filterable, newest first. */
import { Button, InputField, PageHeader, PageSpinner, SelectField } from "@closr/ui";
import { useSearchParams } from "react-router";
import { useAuditLog } from "../content/api/content-api.ts";
import { LoadError, Pager } from "../shared/pager.tsx";
import "../shared/admin.css";

const subjects = ["content", "media", "user", "verification_request", "payment", "review"];

const show = (value: unknown) =>
  value === null || value === undefined ? "—" : JSON.stringify(value, null, 1);

export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const filter = {
    action: params.get("action") ?? "",
    subjectType: params.get("subjectType") ?? "",
    actor: params.get("actor") ?? "",
  };
  const page = Number(params.get("page") ?? 1) || 1;
  const log = useAuditLog(filter, page);
  const apply = (next: Partial<typeof filter> & { page?: number }) => {
    const merged = { ...filter, ...next };
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(merged)) if (v && k !== "page") out[k] = String(v);
    if (next.page && next.page > 1) out.page = String(next.page);
    setParams(out, { replace: true });
  };
  return (
    <div className="container section stack">
      <PageHeader title="Audit Log" description="Every admin action: who, what, when, and what changed." />
      <form
        className="admin-search"
        aria-label="Filter the audit log"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          apply({
            action: String(data.get("action") ?? "").trim(),
            subjectType: String(data.get("subjectType") ?? ""),
            actor: String(data.get("actor") ?? "").trim(),
          });
        }}
      >
        <InputField
          label="Action"
          name="action"
          defaultValue={filter.action}
          placeholder="e.g. user. or content.updated"
        />
        <SelectField
          label="Subject"
          name="subjectType"
          defaultValue={filter.subjectType}
          emptyOption="All subjects"
          options={subjects.map((s) => ({ value: s, label: s }))}
        />
        <InputField label="Admin username" name="actor" defaultValue={filter.actor} />
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </form>
      {log.isPending ? <PageSpinner label="Loading audit log" /> : null}
      {log.isError ? (
        <LoadError
          message="Failed to load the audit log. Please try again."
          onRetry={() => void log.refetch()}
        />
      ) : null}
      {log.data && log.data.items.length === 0 ? (
        <div className="admin-empty card">
          <p>No audit entries found</p>
        </div>
      ) : null}
      {log.data && log.data.items.length > 0 ? (
        <>
          <div className="table-scroll">
            <table className="data-table admin-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              <tbody>
                {log.data.items.map((r) => (
                  <tr key={r.id}>
                    <td>{new Date(r.createdAt).toLocaleString("en-AU")}</td>
                    <td>{r.actorUsername ?? "(deleted user)"}</td>
                    <td>
                      <strong>{r.action}</strong>
                      <div className="muted">
                        {r.subjectType} #{r.subjectId}
                      </div>
                    </td>
                    <td>
                      <pre className="audit-json">{show(r.before)}</pre>
                    </td>
                    <td>
                      <pre className="audit-json">{show(r.after)}</pre>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageSize={50} total={log.data.total} onPage={(p) => apply({ page: p })} />
        </>
      ) : null}
    </div>
  );
}
