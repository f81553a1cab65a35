/**
 * A page's sections (invoices, payments, payouts, disputes) as a row of links styled as tabs,
 * the selected one in the URL's `tab` parameter (ADR 0056). Each section is its own address, so
 * a link works before the page has hydrated (a full load of `?tab=…`), can be opened in a new
 * tab and shared; the row is a `<nav>` whose current link carries `aria-current="page"` (the
 * WAI-ARIA pattern for navigation, not the tabs pattern, because choosing one changes the URL).
 * It needs no react-aria collection code, which a served page would otherwise wait for before it
 * hydrates (issue 31, point 5: about 21 KiB gzip on /agent/invoices).
 * `usePageTab(ids)` reads the selection (an unknown or missing value is the first id) and sets it
 * from code (after a form is sent); `PageTabs` draws the links and the selected section.
 */
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";

/** The search of section `id`: none for the first (the page's own address), else `?tab=id`. */
function searchOf(id: string, first: string): string {
  return id === first ? "" : `?tab=${encodeURIComponent(id)}`;
}

/** The selected section of `ids` from `?tab=` and a setter that replaces the history entry. */
export function usePageTab<Id extends string>(ids: readonly [Id, ...Id[]]) {
  const [params, setParams] = useSearchParams();
  const first = ids[0];
  const tab = ids.find((id) => id === params.get("tab")) ?? first;
  const select = (id: Id) =>
    setParams(id === first ? {} : { tab: id }, { replace: true, preventScrollReset: true });
  return [tab, select] as const;
}

/** One section: its id, its label and its content. */
export interface PageTab<Id extends string> {
  readonly id: Id;
  readonly title: string;
  readonly panel: ReactNode;
}

/**
 * The links to a page's sections and the selected section's content. `label` names the
 * navigation for assistive technology; `tab` is the selected id (from `usePageTab`); the first of
 * `tabs` is the page's own address.
 */
export function PageTabs<Id extends string>({
  label,
  tab,
  tabs,
}: {
  label: string;
  tab: Id;
  tabs: readonly [PageTab<Id>, ...PageTab<Id>[]];
}) {
  const first = tabs[0].id;
  const selected = tabs.find(({ id }) => id === tab) ?? tabs[0];
  return (
    <>
      <nav aria-label={label} className="tab-list">
        {tabs.map(({ id, title }) => (
          <Link
            key={id}
            to={{ search: searchOf(id, first) }}
            replace
            preventScrollReset
            className="tab"
            aria-current={id === selected.id ? "page" : undefined}
          >
            {title}
          </Link>
        ))}
      </nav>
      <section aria-label={selected.title} className="tab-panel">
        {selected.panel}
      </section>
    </>
  );
}
