/**
 * Building blocks shared by the find pages, the detail views and the dashboards: match score
 * and reasons, skill chips, the filter panel (collapsible on small screens), the debounced
 * keyword box, pagination and stat tiles. The native fields live in the design system
 * (design-system/fields/native-fields.tsx).
 */

import { Badge, Button, Card, CardContent, Icon, injectStyles, Skeleton } from "@closr/ui";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { Match } from "./profiles-api.ts";
import css from "./styles/index.css?inline";

injectStyles("closr-profiles-styles", css);

/**
 * The Verified badge: shown when the API's `verifiedBadge` says so (verified AND a plan that grants
 * the badge; ADR 0042); `status` alone only where no such flag is given.
 */
export function VerifiedBadge({ status, shown }: { status: string; shown?: boolean | undefined }) {
  if (status !== "verified" || shown === false) return null;
  return (
    <Badge variant="success">
      <Icon name="shield" size={14} /> Verified
    </Badge>
  );
}

/** A profile's public rating: "★ 4.8 (12 reviews)", or "No reviews yet" (issue 22). */
export function RatingLine({ rating }: { rating: { average: number | null; count: number } | undefined }) {
  if (!rating || rating.count === 0 || rating.average === null)
    return <span className="rating-line rating-none">No reviews yet</span>;
  return (
    <span className="rating-line" title="Average rating">
      <span aria-hidden="true">★</span> {rating.average.toFixed(1)}{" "}
      <span className="rating-count">
        ({rating.count} review{rating.count === 1 ? "" : "s"})
      </span>
    </span>
  );
}

/** The match score as a pill: "87% match". */
export function MatchScore({ match }: { match: Match | undefined }) {
  if (!match) return null;
  const level = match.score >= 70 ? "high" : match.score >= 40 ? "medium" : "low";
  return (
    <span className="match-score" data-level={level}>
      <strong>{match.score}%</strong> match
    </span>
  );
}

/** Why this profile matches, as chips (up to `limit`). */
export function ReasonChips({ reasons, limit = 3 }: { reasons: string[]; limit?: number }) {
  if (reasons.length === 0) return null;
  return (
    <ul className="chip-list" aria-label="Why it matches">
      {reasons.slice(0, limit).map((reason) => (
        <li key={reason} className="chip chip-reason">
          <Icon name="check" size={13} />
          {reason}
        </li>
      ))}
    </ul>
  );
}

/** The match panel of a detail view: score, a meter and every reason. */
export function MatchPanel({ match, otherSide }: { match: Match | undefined; otherSide: string }) {
  if (!match) return null;
  return (
    <Card className="match-panel">
      <CardContent>
        <h2 className="match-panel-title">How well this {otherSide} matches you</h2>
        <div className="match-meter-row">
          <MatchScore match={match} />
          <meter className="match-meter" min={0} max={100} value={match.score} aria-label="Match score">
            {match.score}%
          </meter>
        </div>
        {match.reasons.length > 0 ? (
          <ReasonChips reasons={match.reasons} limit={match.reasons.length} />
        ) : (
          <p className="muted">No strong overlap with your profile yet.</p>
        )}
      </CardContent>
    </Card>
  );
}

/** Skill chips with emoji; at most `limit` then "+n". */
export function SkillChips({
  skills,
  emojiByName,
  limit,
}: {
  skills: string[];
  emojiByName?: Map<string, string>;
  limit?: number;
}) {
  if (skills.length === 0) return null;
  const shown = limit === undefined ? skills : skills.slice(0, limit);
  const more = skills.length - shown.length;
  return (
    <ul className="chip-list" aria-label="Skills">
      {shown.map((skill) => (
        <li key={skill} className="chip">
          {emojiByName?.get(skill) ? <span aria-hidden="true">{emojiByName.get(skill)} </span> : null}
          {skill}
        </li>
      ))}
      {more > 0 ? (
        <li className="chip chip-more">
          <span aria-hidden="true">+{more}</span>
          <span className="visually-hidden">and {more} more</span>
        </li>
      ) : null}
    </ul>
  );
}

/** A round initial for a name. */
export function ProfileInitial({ name }: { name: string }) {
  return (
    <span className="profile-initial" aria-hidden="true">
      {name.trim().slice(0, 1).toUpperCase() || "?"}
    </span>
  );
}

/** The filter column: always open on wide screens, behind a "Filters" toggle on small ones. */
export function FilterPanel({
  children,
  activeCount,
  label = "Filters",
}: {
  children: ReactNode;
  activeCount: number;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <aside className="filter-panel" aria-label={label} data-open={open || undefined}>
      <button
        type="button"
        className="btn btn-outline btn-md filter-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="settings" size={16} /> Filters
        {activeCount > 0 ? <span className="filter-count">{activeCount}</span> : null}
      </button>
      <div id={panelId} className="filter-body">
        {children}
      </div>
    </aside>
  );
}

/**
 * The keyword box: searches on Enter / the Search button at once, and while typing after
 * `delayMs` of quiet. Follows `value` when the URL changes (back/forward, Reset Filters).
 */
export function KeywordSearch({
  value,
  onSearch,
  placeholder,
  delayMs = 400,
}: {
  value: string;
  onSearch: (keyword: string) => void;
  placeholder?: string;
  delayMs?: number;
}) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const id = useId();

  useEffect(() => {
    sent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text;
      onSearch(text.trim());
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs, onSearch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    sent.current = text;
    onSearch(text.trim());
  };

  return (
    <search>
      <form className="keyword-search" onSubmit={submit}>
        <label htmlFor={id} className="field-label">
          Keyword
        </label>
        <div className="keyword-row">
          <span className="keyword-icon" aria-hidden="true">
            <Icon name="search" size={18} />
          </span>
          <input
            id={id}
            type="search"
            className="field-input native-input keyword-input"
            value={text}
            placeholder={placeholder}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit">Search</Button>
        </div>
      </form>
    </search>
  );
}

/** Previous / Next and "Page x of y". */
export function Pagination({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pagination">
      <Button variant="outline" size="sm" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="pagination-status" aria-live="polite">
        Page {page} of {pageCount}
      </span>
      <Button variant="outline" size="sm" isDisabled={page >= pageCount} onPress={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/** Placeholder cards while the first page loads. */
export function ResultGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="result-grid" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading results
      </span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="card profile-card profile-card-skeleton" aria-hidden="true">
          <div className="profile-card-head">
            <Skeleton width="44px" height="44px" />
            <div className="stack-sm">
              <Skeleton width="9rem" />
              <Skeleton width="6rem" height="0.8rem" />
            </div>
          </div>
          <Skeleton width="100%" height="0.8rem" />
          <Skeleton width="80%" height="0.8rem" />
          <Skeleton width="60%" height="1.6rem" />
        </div>
      ))}
    </div>
  );
}

/** A stat tile for the dashboards. */
export function StatTile({
  label,
  value,
  note,
  icon,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  icon: Parameters<typeof Icon>[0]["name"];
}) {
  return (
    <Card className="stat-tile">
      <CardContent>
        <div className="stat-head">
          <span className="stat-label">{label}</span>
          <span className="stat-icon" aria-hidden="true">
            <Icon name={icon} size={18} />
          </span>
        </div>
        <p className="stat-value">{value}</p>
        {note ? <p className="stat-note">{note}</p> : null}
      </CardContent>
    </Card>
  );
}
