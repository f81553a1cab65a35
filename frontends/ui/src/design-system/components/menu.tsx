/**
 * A dropdown menu: a trigger button and a popover list of actions or links (react-aria-components).
 * Its code (menu-impl.tsx: the menu, the popover and its positioning, about 25 KiB gzip) is its own
 * chunk, loaded when a `Menu` is first drawn (deferred.tsx); until then the trigger's still face.
 * `MenuItem` and `MenuSeparator` are only ever drawn inside a `Menu`, by which time it is there.
 */
import type { MenuItemProps } from "react-aria-components";
import { deferred } from "../deferred.tsx";
import type { MenuProps } from "./menu-impl.tsx";

export type { MenuProps };

type Impl = typeof import("./menu-impl.tsx");
let impl: Impl | undefined;

const loaded = (): Impl => {
  if (!impl) throw new Error("MenuItem and MenuSeparator are drawn inside Menu");
  return impl;
};

export const Menu = deferred<MenuProps>(
  () =>
    import("./menu-impl.tsx").then((m) => {
      impl = m;
      return m.Menu;
    }),
  ({ trigger, variant = "ghost" }) => (
    <span className={`btn btn-${variant} btn-md menu-trigger`} aria-hidden="true">
      {trigger}
    </span>
  ),
);

export function MenuItem(props: Omit<MenuItemProps, "className">) {
  const { MenuItem: Impl } = loaded();
  return <Impl {...props} />;
}

export function MenuSeparator() {
  const { MenuSeparator: Impl } = loaded();
  return <Impl />;
}
