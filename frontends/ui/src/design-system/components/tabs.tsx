/**
 * Tabs (react-aria-components), styled as a segmented control. Their code (tabs-impl.tsx, about
 * 20 KiB gzip of react-aria's collections) is its own chunk, loaded when a `Tabs` is first drawn
 * (deferred.tsx); `TabList`, `Tab` and `TabPanel` are only ever drawn inside a `Tabs`, by which
 * time that chunk is there.
 */
import type { TabListProps, TabPanelProps, TabProps, TabsProps } from "react-aria-components";
import { deferred } from "../deferred.tsx";

type Impl = typeof import("./tabs-impl.tsx");
let impl: Impl | undefined;

const loaded = (): Impl => {
  if (!impl) throw new Error("TabList, Tab and TabPanel are drawn inside Tabs");
  return impl;
};

export const Tabs = deferred<Omit<TabsProps, "className">>("tabs", () =>
  import("./tabs-impl.tsx").then((m) => {
    impl = m;
    return m.Tabs;
  }),
);

export function TabList<T extends object>(props: Omit<TabListProps<T>, "className">) {
  const { TabList: Impl } = loaded();
  return <Impl {...props} />;
}

export function Tab(props: Omit<TabProps, "className">) {
  const { Tab: Impl } = loaded();
  return <Impl {...props} />;
}

export function TabPanel(props: Omit<TabPanelProps, "className">) {
  const { TabPanel: Impl } = loaded();
  return <Impl {...props} />;
}
