/**
 * /admin/content/:contentType (spec §2.11): the type's entries with Featured badge, status,
 * dates and view / edit / delete (with the spec's confirm dialog); search and paging; empty and
 * error (Retry) states.
 */
import {
  Badge,
  Button,
  Dialog,
  describeFailure,
  LinkButton,
  PageHeader,
  PageSpinner,
  TextField,
  toast,
} from "@closr/ui";
import { useState } from "react";
import { Link, useLocation, useParams, useSearchParams } from "react-router";
import { LoadError, Pager, shortDate } from "../../shared/pager.tsx";
import { type ContentEntry, PAGE_SIZE, useContentList, useDeleteContent } from "../api/content-api.ts";
import { contentTypeDefs, isContentType, listTitleOf } from "./content-types.ts";
import "../../shared/admin.css";

export function ContentListPage() {
  // /admin/content/:contentType, or a card's fixed path such as /admin/content/blog (pages.tsx).
  const params0 = useParams();
  const location = useLocation();
  const contentType = params0.contentType ?? location.pathname.split("/")[3];
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const page = Number(params.get("page") ?? 1) || 1;
  const type = isContentType(contentType) ? contentType : "about";
  const list = useContentList(type, search, page);
  const remove = useDeleteContent();
  const [deleting, setDeleting] = useState<ContentEntry | null>(null);
  const title = listTitleOf(contentType);
  const base = `/admin/content/${contentType ?? type}`;

  const setQuery = (next: { q?: string; page?: number }) => {
    const q = next.q ?? search;
    const p = next.page ?? 1;
    setParams({ ...(q ? { q } : {}), ...(p > 1 ? { page: String(p) } : {}) }, { replace: true });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: "Success", description: "Content deleted successfully.", variant: "success" });
        setDeleting(null);
      },
      onError: (error) => {
        toast({
          title: "Error",
          description: `Failed to delete content. ${describeFailure(error).message}`,
          variant: "destructive",
        });
        setDeleting(null);
      },
    });
  };

  return (
    <div className="container section stack">
      <PageHeader
        title={title}
        actions={
          <>
            <LinkButton href="/admin" variant="outline">
              Back to Dashboard
            </LinkButton>
            <LinkButton href={`${base}/new`}>Create New</LinkButton>
          </>
        }
      />
      <form
        className="admin-search"
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get("q");
          setQuery({ q: typeof value === "string" ? value.trim() : "" });
        }}
      >
        <TextField
          label="Search"
          name="q"
          defaultValue={search}
          key={search}
          placeholder="Title, slug or text"
        />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      {list.isPending ? <PageSpinner label="Loading content" /> : null}
      {list.isError ? (
        <LoadError message="Failed to load content. Please try again." onRetry={() => void list.refetch()} />
      ) : null}
      {list.data && list.data.items.length === 0 ? (
        <div className="admin-empty card">
          <p>No content found</p>
          <LinkButton href={`${base}/new`}>Create First Entry</LinkButton>
        </div>
      ) : null}
      {list.data && list.data.items.length > 0 ? (
        <>
          <div className="table-scroll">
            <table className="data-table admin-table">
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Status</th>
                  <th scope="col">Created</th>
                  <th scope="col">Updated</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((item) => (
                  <tr key={item.id}>
                    <td>
                      <Link to={`${base}/${item.id}`} className="admin-title-link">
                        {item.title}
                      </Link>{" "}
                      {item.featured ? <Badge variant="secondary">Featured</Badge> : null}
                    </td>
                    <td>
                      <Badge variant={item.published ? "success" : "outline"}>
                        {item.published ? "Published" : "Draft"}
                      </Badge>
                    </td>
                    <td>{shortDate(item.createdAt)}</td>
                    <td>{shortDate(item.updatedAt)}</td>
                    <td>
                      <div className="admin-actions">
                        <a
                          href={contentTypeDefs[item.type].publicPath(item.slug)}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="admin-action"
                          aria-label={`View ${item.title}`}
                        >
                          View
                        </a>
                        <Link
                          to={`${base}/${item.id}`}
                          className="admin-action"
                          aria-label={`Edit ${item.title}`}
                        >
                          Edit
                        </Link>
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Delete ${item.title}`}
                          onPress={() => setDeleting(item)}
                        >
                          Delete
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            onPage={(p) => setQuery({ page: p })}
          />
        </>
      ) : null}
      <Dialog
        title="Delete Content"
        role="alertdialog"
        isOpen={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
      >
        <p>Are you sure you want to delete this content? This action cannot be undone.</p>
        <div className="dialog-actions">
          <Button variant="outline" onPress={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button variant="destructive" onPress={confirmDelete} isDisabled={remove.isPending}>
            Delete
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
