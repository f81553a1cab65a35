/** /admin/audit-log: every staff write (who, what, when, before/after), filterable, newest first. */
import { formatDateTime, InputField, SelectField } from "@closr/ui";
import { useAuditLog } from "../../content/api/content-api.ts";
import {
  AdminListResults,
  AdminPage,
  AdminSearchForm,
  AdminTable,
  useListParams,
} from "../../shared/components/admin-list.tsx";
import "../../shared/components/admin.css";

const subjects = ["content", "media", "user", "verification_request", "payment", "review"];

const show = (value: unknown) =>
  value === null || value === undefined ? "—" : JSON.stringify(value, null, 1);

export function AuditLogPage() {
  const { params, setParams, page } = useListParams();
  const filter = {
    action: params.get("action") ?? "",
    subjectType: params.get("subjectType") ?? "",
    actor: params.get("actor") ?? "",
  };
  const log = useAuditLog(filter, page);
  const apply = (next: Partial<typeof filter> & { page?: number }) => {
    const merged = { ...filter, ...next };
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(merged)) if (v && k !== "page") out[k] = String(v);
    if (next.page && next.page > 1) out.page = String(next.page);
    setParams(out, { replace: true });
  };
  return (
    <AdminPage title="Audit Log" description="Every admin action: who, what, when, and what changed.">
      <AdminSearchForm
        label="Filter the audit log"
        button="Filter"
        onSubmit={(data) =>
          apply({
            action: String(data.get("action") ?? "").trim(),
            subjectType: String(data.get("subjectType") ?? ""),
            actor: String(data.get("actor") ?? "").trim(),
          })
        }
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
      </AdminSearchForm>
      <AdminListResults
        query={log}
        loading="Loading audit log"
        error="Failed to load the audit log. Please try again."
        empty="No audit entries found"
        page={page}
        pageSize={50}
        onPage={(p) => apply({ page: p })}
      >
        {(items) => (
          <AdminTable columns={["When", "Who", "What", "Before", "After"]}>
            {items.map((r) => (
              <tr key={r.id}>
                <td>{formatDateTime(r.createdAt)}</td>
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
          </AdminTable>
        )}
      </AdminListResults>
    </AdminPage>
  );
}
