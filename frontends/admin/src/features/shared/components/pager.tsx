/** Previous / Next paging with "Page x of y" for admin lists. */
import { Button, formatDate } from "@closr/ui";

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label="Pages">
      <Button variant="outline" size="sm" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="muted">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" isDisabled={page >= pages} onPress={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/** A failed load: the message and a Retry button. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="admin-error" role="alert">
      <p>{message}</p>
      <Button variant="outline" onPress={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/** The app's one date family ("21 Mar 2025", date-fns `d MMM yyyy`, en-AU); "—" when absent. */
export const shortDate = (iso: string | null) => (iso ? formatDate(iso) : "—");
