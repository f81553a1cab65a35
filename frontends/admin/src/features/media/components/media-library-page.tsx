/**
 * /admin/media: upload images and PDFs (typed by magic bytes on the server, 10 MB, alt text for
 * images), browse with thumbnails and usage, delete (refused while content uses the file).
 */

import { failureToast } from "@closr/client";
import { Button, Card, CardContent, toast } from "@closr/ui";
import { useState } from "react";
import { type MediaItem, useDeleteMedia, useMediaList } from "../../content/api/content-api.ts";
import {
  AdminPage,
  AdminSearchList,
  ConfirmDialog,
  useListParams,
} from "../../shared/components/admin-list.tsx";
import { shortDate } from "../../shared/components/pager.tsx";
import { MediaUploadForm } from "./media-upload-form.tsx";
import "../../shared/components/admin.css";

const PAGE = 24;
const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function MediaLibraryPage() {
  const { search, page } = useListParams();
  const media = useMediaList(search, page, PAGE);
  const remove = useDeleteMedia();
  const [deleting, setDeleting] = useState<MediaItem | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast({ title: "Deleted", description: "The file was deleted.", variant: "success" }),
      onError: failureToast("Error"),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <AdminPage title="Media Library" description="Images and files used across the site.">
      <Card>
        <CardContent>
          <h2 className="admin-card-title">Upload</h2>
          <MediaUploadForm />
        </CardContent>
      </Card>
      <AdminSearchList
        label="Search media"
        placeholder="File name or alt text"
        noun="media"
        query={media}
        pageSize={PAGE}
      >
        {(items) => (
          <ul className="media-grid" aria-label="Media">
            {items.map((m) => (
              <li key={m.id} className="card" style={{ padding: "0.5rem" }}>
                {m.thumbnailUrl ? (
                  <img className="media-thumb" src={m.thumbnailUrl} alt={m.alt ?? ""} loading="lazy" />
                ) : (
                  <div className="media-thumb" aria-hidden="true">
                    PDF
                  </div>
                )}
                <div className="media-meta">
                  <a href={m.url} target="_blank" rel="noopener noreferrer">
                    {m.originalFilename}
                  </a>
                  <div className="muted">
                    {m.mimeType} · {size(m.size)}
                    {m.width ? ` · ${m.width}×${m.height}` : ""} · {shortDate(m.createdAt)}
                  </div>
                  {m.alt ? <div>Alt: {m.alt}</div> : null}
                  <div className="muted">
                    {m.usedBy.length ? `Used by ${m.usedBy.map((u) => u.title).join(", ")}` : "Not used"}
                  </div>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  isDisabled={m.usedBy.length > 0}
                  aria-label={`Delete ${m.originalFilename}`}
                  onPress={() => setDeleting(m)}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </AdminSearchList>
      <ConfirmDialog
        title="Delete File"
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
        isPending={remove.isPending}
        confirm="Delete"
      >
        <p>Are you sure you want to delete {deleting?.originalFilename}? This action cannot be undone.</p>
      </ConfirmDialog>
    </AdminPage>
  );
}
