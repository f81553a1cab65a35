/**
 * The pieces every admin list page shares (content, media, users, audit log): the page frame,
 * the URL's search and page, the search form, the load / error / empty states around a page of results with its
 * pager, the data table's head, and the confirm dialog in front of a destructive action.
 */
import { Button, Dialog, PageHeader, PageSpinner, ScrollTable, TextField } from "@closr/ui";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { LoadError, Pager } from "./pager.tsx";

/** An admin page: the `container section stack` frame, its PageHeader, then `children`. */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="container section stack">
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </div>
  );
}

/**
 * The list's state in the URL: `q` (search text, "" when absent) and `page` (1-based, 1 when
 * absent or not a number). `setSearch` drops the page; `setPage` keeps the search and writes
 * `page` only past the first.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const page = Number(params.get("page") ?? 1) || 1;
  const write = (q: string, p: number) =>
    setParams({ ...(q ? { q } : {}), ...(p > 1 ? { page: String(p) } : {}) }, { replace: true });
  return {
    params,
    setParams,
    search,
    page,
    setSearch: (q: string) => write(q, 1),
    setPage: (p: number) => write(search, p),
  };
}

/** The `admin-search` form around `fields`: submitting reads the form and calls `onSubmit`. */
export function AdminSearchForm({
  label,
  button = "Search",
  onSubmit,
  children,
}: {
  label?: string;
  button?: string;
  onSubmit: (data: FormData) => void;
  children: ReactNode;
}) {
  return (
    <form
      className="admin-search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(new FormData(event.currentTarget));
      }}
    >
      {children}
      <Button type="submit" variant="outline">
        {button}
      </Button>
    </form>
  );
}

/** One search box (`q`, trimmed) with its Search button; `search` is the current text. */
export function AdminSearch({
  label,
  placeholder,
  search,
  onSearch,
}: {
  label: string;
  placeholder: string;
  search: string;
  onSearch: (q: string) => void;
}) {
  return (
    <AdminSearchForm onSubmit={(data) => onSearch(String(data.get("q") ?? "").trim())}>
      <TextField label={label} name="q" defaultValue={search} key={search} placeholder={placeholder} />
    </AdminSearchForm>
  );
}

/** The shape of a paged list query (TanStack Query) the list states read. */
type PagedQuery<T> = {
  isPending: boolean;
  isError: boolean;
  data?: { items: T[]; total: number } | undefined;
  refetch: () => unknown;
};

/**
 * A page of results in its states: a spinner (`loading` names it), the error with Retry, the
 * empty card (`empty` text and any `emptyAction`), else `children(items)` and the pager.
 */
export function AdminListResults<T>({
  query,
  loading,
  error,
  empty,
  emptyAction,
  page,
  pageSize,
  onPage,
  children,
}: {
  query: PagedQuery<T>;
  loading: string;
  error: string;
  empty: string;
  emptyAction?: ReactNode;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  children: (items: T[]) => ReactNode;
}) {
  const { data } = query;
  return (
    <>
      {query.isPending ? <PageSpinner label={loading} /> : null}
      {query.isError ? <LoadError message={error} onRetry={() => void query.refetch()} /> : null}
      {data && data.items.length === 0 ? (
        <div className="admin-empty card">
          <p>{empty}</p>
          {emptyAction}
        </div>
      ) : null}
      {data && data.items.length > 0 ? (
        <>
          {children(data.items)}
          <Pager page={page} pageSize={pageSize} total={data.total} onPage={onPage} />
        </>
      ) : null}
    </>
  );
}

/**
 * A list searched by `q` (useListParams): its AdminSearch box (`label`, `placeholder`), then
 * AdminListResults of `query` paged by `pageSize`, its states worded from `noun` ("Loading
 * {noun}", "Failed to load {noun}. Please try again.", "No {noun} found").
 */
export function AdminSearchList<T>({
  label,
  placeholder,
  noun,
  query,
  pageSize,
  emptyAction,
  children,
}: {
  label: string;
  placeholder: string;
  noun: string;
  query: PagedQuery<T>;
  pageSize: number;
  emptyAction?: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const { search, page, setSearch, setPage } = useListParams();
  return (
    <>
      <AdminSearch label={label} placeholder={placeholder} search={search} onSearch={setSearch} />
      <AdminListResults
        query={query}
        loading={`Loading ${noun}`}
        error={`Failed to load ${noun}. Please try again.`}
        empty={`No ${noun} found`}
        emptyAction={emptyAction}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
      >
        {children}
      </AdminListResults>
    </>
  );
}

/** The scrolling `admin-table` with one column header per `columns` entry; rows are `children`. */
export function AdminTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <ScrollTable className="data-table admin-table" columns={columns}>
      {children}
    </ScrollTable>
  );
}

/** An alert dialog with Cancel and a confirm button (`confirm` label, `variant`) while `isOpen`. */
export function ConfirmDialog({
  title,
  isOpen,
  onClose,
  onConfirm,
  isPending,
  confirm,
  variant = "destructive",
  children,
}: {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  onConfirm: () => void;
  isPending: boolean;
  confirm: string;
  variant?: "destructive" | "primary";
  children: ReactNode;
}) {
  return (
    <Dialog
      title={title}
      role="alertdialog"
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      {children}
      <div className="dialog-actions">
        <Button variant="outline" onPress={onClose}>
          Cancel
        </Button>
        <Button variant={variant} onPress={onConfirm} isDisabled={isPending}>
          {confirm}
        </Button>
      </div>
    </Dialog>
  );
}
