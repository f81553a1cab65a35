/**
 * The open dropdown menu behind menu.tsx, its own chunk (deferred.tsx): a popover anchored to the
 * trigger with the list of actions or links (react-aria-components). Focus moves to the first item;
 * Escape, an outside press or choosing an item closes it, and focus returns to the trigger.
 */
import type { ReactNode, RefObject } from "react";
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  type MenuItemProps,
  Popover,
  Separator,
} from "react-aria-components";

export type MenuPopoverProps = {
  triggerRef: RefObject<HTMLButtonElement | null>;
  label: string;
  children: ReactNode;
  onAction?: ((key: string | number) => void) | undefined;
  onClose: () => void;
};

export function MenuPopover({ triggerRef, label, children, onAction, onClose }: MenuPopoverProps) {
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      placement="bottom end"
      className="popover"
    >
      <AriaMenu
        className="menu"
        aria-label={label}
        autoFocus="first"
        onAction={(key) => {
          onAction?.(key);
          onClose();
        }}
        onClose={onClose}
      >
        {children}
      </AriaMenu>
    </Popover>
  );
}

export function MenuItem(props: Omit<MenuItemProps, "className">) {
  return <AriaMenuItem {...props} className="menu-item" />;
}

export function MenuSeparator() {
  return <Separator className="menu-separator" />;
}
