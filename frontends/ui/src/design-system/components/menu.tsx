/**
 * A dropdown menu (the WAI-ARIA menu button pattern): a trigger button and a popover list of
 * actions or links (react-aria-components). The trigger is drawn at once; the open menu's code
 * (menu-impl.tsx: menu, popover and its positioning, about 30 KiB gzip) is its own chunk
 * (deferred.tsx), fetched when the pointer nears or presses the trigger or it takes focus, and
 * drawn when the menu opens. `MenuItem` and `MenuSeparator` are only drawn inside the open menu,
 * by which time that chunk is there.
 */
import { type ReactNode, useRef, useState } from "react";
import type { MenuItemProps } from "react-aria-components";
import { deferred } from "../deferred.tsx";
import { Button, type ButtonVariant } from "./button.tsx";
import type { MenuPopoverProps } from "./menu-impl.tsx";

export type MenuProps = {
  /** The trigger's content; `label` is its accessible name. */
  trigger: ReactNode;
  label: string;
  children: ReactNode;
  variant?: ButtonVariant;
  onAction?: (key: string | number) => void;
};

type Impl = typeof import("./menu-impl.tsx");
let impl: Impl | undefined;

const loaded = (): Impl => {
  if (!impl) throw new Error("MenuItem and MenuSeparator are drawn inside an open Menu");
  return impl;
};

const MenuPopover = deferred<MenuPopoverProps>("menu", () =>
  import("./menu-impl.tsx").then((m) => {
    impl = m;
    return m.MenuPopover;
  }),
);

export function Menu({ trigger, label, children, variant = "ghost", onAction }: MenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        ref={triggerRef}
        variant={variant}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        className="menu-trigger"
        onHoverStart={MenuPopover.prefetch}
        onPressStart={MenuPopover.prefetch}
        onFocus={MenuPopover.prefetch}
        onPress={() => setOpen(true)}
      >
        {trigger}
      </Button>
      {open ? (
        <MenuPopover triggerRef={triggerRef} label={label} onAction={onAction} onClose={() => setOpen(false)}>
          {children}
        </MenuPopover>
      ) : null}
    </>
  );
}

export function MenuItem(props: Omit<MenuItemProps, "className">) {
  const { MenuItem: Impl } = loaded();
  return <Impl {...props} />;
}

export function MenuSeparator() {
  const { MenuSeparator: Impl } = loaded();
  return <Impl />;
}
