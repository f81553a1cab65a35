/**
 * /admin/content/:contentType (spec §2.11): the type's entries with Featured badge, status,
 * dates and view / edit / delete (with the spec's confirm dialog); search and paging; empty and
 * error (Retry) states.
 */

import { describeFailure } from "@closr/client";
import { Badge, Button, LinkButton, toast } from "@closr/ui";
import { useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import {
  AdminPage,
  AdminSearchList,
  AdminTable,
  ConfirmDialog,
  useListParams,
} from "../../shared/components/admin-list.tsx";
import { shortDate } from "../../shared/components/pager.tsx";
import { type ContentEntry, PAGE_SIZE, useContentList, useDeleteContent } from "../api/content-api.ts";
import { contentTypeDefs, isContentType, listTitleOf } from "./content-types.ts";
import "../../shared/components/admin.css";

export function ContentListPage() {
  // /admin/content/:contentType, or a card's fixed path such as /admin/content/blog (pages.tsx).
  const params0 = useParams();
  const location = useLocation();
  const contentType = params0.contentType ?? location.pathname.split("/")[3];
  const { search, page } = useListParams();
  const type = isContentType(contentType) ? contentType : "about";
  const list = useContentList(type, search, page);
  const remove = useDeleteContent();
  const [deleting, setDeleting] = useState<ContentEntry | null>(null);
  const title = listTitleOf(contentType);
  const base = `/admin/content/${contentType ?? type}`;

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
    <AdminPage
      title={title}
      actions={
        <>
          <LinkButton href="/admin" variant="outline">
            Back to Dashboard
          </LinkButton>
          <LinkButton href={`${base}/new`}>Create New</LinkButton>
        </>
      }
    >
      <AdminSearchList
        label="Search"
        placeholder="Title, slug or text"
        noun="content"
        query={list}
        pageSize={PAGE_SIZE}
        emptyAction={<LinkButton href={`${base}/new`}>Create First Entry</LinkButton>}
      >
        {(items) => (
          <AdminTable columns={["Title", "Status", "Created", "Updated", "Actions"]}>
            {items.map((item) => (
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
          </AdminTable>
        )}
      </AdminSearchList>
      <ConfirmDialog
        title="Delete Content"
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
        isPending={remove.isPending}
        confirm="Delete"
      >
        <p>Are you sure you want to delete this content? This action cannot be undone.</p>
      </ConfirmDialog>
    </AdminPage>
  );
}
