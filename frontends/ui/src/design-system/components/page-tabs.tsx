/**
 * Tabs whose selection lives in the URL's `tab` parameter (a page's sections: invoices,
 * payments, payouts). `usePageTab(ids)` reads it (an unknown or missing value is the first id)
 * and writes it (the first id clears the parameter); `PageTabs` renders the tab list and one
 * panel a tab from data.
 */
import type { ReactNode } from "react";
import type { Key } from "react-aria-components";
import { useSearchParams } from "react-router";
import { Tab, TabList, TabPanel, Tabs } from "./tabs.tsx";

/** The selected tab of `ids` from `?tab=` and a setter that replaces the history entry. */
export function usePageTab<Id extends string>(ids: readonly [Id, ...Id[]]) {
  const [params, setParams] = useSearchParams();
  const first = ids[0];
  const tab = ids.find((id) => id === params.get("tab")) ?? first;
  const select = (id: Id) => setParams(id === first ? {} : { tab: id }, { replace: true });
  return [tab, select] as const;
}

/** One tab: its id, its label and its panel. */
export interface PageTab<Id extends string> {
  readonly id: Id;
  readonly title: string;
  readonly panel: ReactNode;
}

export function PageTabs<Id extends string>({
  label,
  tab,
  onSelect,
  tabs,
}: {
  /** The tab list's accessible name. */
  label: string;
  tab: Id;
  onSelect: (id: Id) => void;
  tabs: readonly PageTab<Id>[];
}) {
  return (
    <Tabs selectedKey={tab} onSelectionChange={(key: Key) => onSelect(String(key) as Id)}>
      <TabList aria-label={label}>
        {tabs.map(({ id, title }) => (
          <Tab key={id} id={id}>
            {title}
          </Tab>
        ))}
      </TabList>
      {tabs.map(({ id, panel }) => (
        <TabPanel key={id} id={id}>
          {panel}
        </TabPanel>
      ))}
    </Tabs>
  );
}
