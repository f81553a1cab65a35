/** The admin dashboard (spec §2.11): a card per admin page, each with a live count and a Manage button. */
import { Card, CardContent, Icon, LinkButton, PageHeader, Skeleton } from "@closr/ui";
import { adminPages } from "../../../pages.tsx";
import { useAdminStats } from "../../content/api/content-api.ts";
import "../../shared/components/admin.css";

export function AdminDashboardPage() {
  const stats = useAdminStats();
  return (
    <div className="container section">
      <PageHeader title="Admin Dashboard" description="Manage website content and settings" />
      {stats.isError ? (
        <p className="muted" role="status">
          Counts are unavailable right now.{" "}
          <button type="button" className="link-button" onClick={() => void stats.refetch()}>
            Retry
          </button>
        </p>
      ) : null}
      <ul className="admin-grid">
        {adminPages.map(({ path, card }) => {
          if (!card) return null;
          const href = `/admin/${path}`;
          const count = stats.data && card.count ? card.count(stats.data) : null;
          return (
            <li key={path}>
              <Card className="admin-card">
                <CardContent>
                  <span className="icon-bubble" aria-hidden="true">
                    <Icon name={card.icon} size={22} />
                  </span>
                  <h2 className="admin-card-title">{card.title}</h2>
                  <p className="muted">{card.description}</p>
                  {card.count ? (
                    <p className="admin-card-count" aria-live="polite">
                      {count ? (
                        <>
                          {count.value} <span className="muted admin-card-count-label">{count.label}</span>
                        </>
                      ) : stats.isPending ? (
                        <Skeleton width="4rem" height="1.75rem" />
                      ) : (
                        "—"
                      )}
                    </p>
                  ) : null}
                  <LinkButton href={href} variant="outline" aria-label={`Manage ${card.title}`}>
                    Manage
                  </LinkButton>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
