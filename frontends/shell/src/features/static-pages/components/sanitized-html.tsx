/** HTML the API rendered from Markdown and sanitised (marked + sanitize-html: no script survives). */
export function SanitizedHtml({
  html,
  className = "prose",
}: {
  html: string | undefined;
  className?: string;
}) {
  if (!html) return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Loading and error (Retry) states shared by the public pages. */
export function PublicState({
  isPending,
  isError,
  onRetry,
}: {
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  if (isPending)
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  if (isError)
    return (
      <div role="alert" className="public-error">
        <p>Failed to load this page's content. Please try again.</p>
        <button type="button" className="btn btn-outline btn-md" onClick={onRetry}>
          Retry
        </button>
      </div>
    );
  return null;
}
