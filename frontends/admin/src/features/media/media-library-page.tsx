/**
 * /admin/media: upload images and PDFs (typed by magic bytes on the server, 10 MB, alt text for
 * images), browse with thumbnails and usage, delete (refused while content uses the file).
 */
import {
  Button,
  Card,
  CardContent,
  Dialog,
  describeFailure,
  PageHeader,
  PageSpinner,
  TextField,
  toast,
} from "@closr/ui";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { type MediaItem, useDeleteMedia, useMediaList } from "../content/api/content-api.ts";
import { LoadError, Pager, shortDate } from "../shared/pager.tsx";
import { MediaUploadForm } from "./media-upload-form.tsx";
import "../shared/admin.css";

const PAGE = 24;
const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function MediaLibraryPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const page = Number(params.get("page") ?? 1) || 1;
  const media = useMediaList(search, page, PAGE);
  const remove = useDeleteMedia();
  const [deleting, setDeleting] = useState<MediaItem | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast({ title: "Deleted", description: "The file was deleted.", variant: "success" }),
      onError: (error) =>
        toast({ title: "Error", description: describeFailure(error).message, variant: "destructive" }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="container section stack">
      <PageHeader title="Media Library" description="Images and files used across the site." />
      <Card>
        <CardContent>
          <h2 className="admin-card-title">Upload</h2>
          <MediaUploadForm />
        </CardContent>
      </Card>
      <form
        className="admin-search"
        onSubmit={(event) => {
          event.preventDefault();
          const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
          setParams(q ? { q } : {}, { replace: true });
        }}
      >
        <TextField
          label="Search media"
          name="q"
          defaultValue={search}
          key={search}
          placeholder="File name or alt text"
        />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      {media.isPending ? <PageSpinner label="Loading media" /> : null}
      {media.isError ? (
        <LoadError message="Failed to load media. Please try again." onRetry={() => void media.refetch()} />
      ) : null}
      {media.data && media.data.items.length === 0 ? (
        <div className="admin-empty card">
          <p>No media found</p>
        </div>
      ) : null}
      {media.data && media.data.items.length > 0 ? (
        <>
          <ul className="media-grid" aria-label="Media">
            {media.data.items.map((m) => (
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
          <Pager
            page={page}
            pageSize={PAGE}
            total={media.data.total}
            onPage={(p) =>
              setParams({ ...(search ? { q: search } : {}), page: String(p) }, { replace: true })
            }
          />
        </>
      ) : null}
      <Dialog
        title="Delete File"
        role="alertdialog"
        isOpen={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
      >
        <p>Are you sure you want to delete {deleting?.originalFilename}? This action cannot be undone.</p>
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
