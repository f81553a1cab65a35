/** /admin/contact-messages: what visitors sent through the contact form, newest first. */
import { formatDateTime, PageSpinner } from "@closr/ui";
import { useSearchParams } from "react-router";
import { PAGE_SIZE, useContactMessages } from "../../content/api/content-api.ts";
import { AdminPage } from "../../shared/components/admin-list.tsx";
import { LoadError, Pager } from "../../shared/components/pager.tsx";
import "../../shared/components/admin.css";

export function ContactMessagesPage() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get("page") ?? 1) || 1;
  const messages = useContactMessages(page);
  return (
    <AdminPage title="Contact Messages" description="Messages sent through the contact form.">
      {messages.isPending ? <PageSpinner label="Loading messages" /> : null}
      {messages.isError ? (
        <LoadError
          message="Failed to load messages. Please try again."
          onRetry={() => void messages.refetch()}
        />
      ) : null}
      {messages.data && messages.data.items.length === 0 ? (
        <div className="admin-empty card">
          <p>No messages yet</p>
        </div>
      ) : null}
      {messages.data?.items.map((m) => (
        <article key={m.id} className="card" style={{ padding: "1rem" }}>
          <h2 className="admin-card-title">{m.subject}</h2>
          <p className="muted">
            {m.fullName} · <a href={`mailto:${m.email}`}>{m.email}</a> · {formatDateTime(m.createdAt)}
          </p>
          <p style={{ whiteSpace: "pre-wrap" }}>{m.message}</p>
        </article>
      ))}
      {messages.data ? (
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={messages.data.total}
          onPage={(p) => setParams({ page: String(p) })}
        />
      ) : null}
    </AdminPage>
  );
}
