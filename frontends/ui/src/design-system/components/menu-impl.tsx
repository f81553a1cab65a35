/** A dropdown menu (react-aria-components): the code behind menu.tsx, its own chunk. */
import type { ReactNode } from "react";
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  type MenuItemProps,
  MenuTrigger,
  Popover,
  Separator,
} from "react-aria-components";
import { Button, type ButtonVariant } from "./button.tsx";

export type MenuProps = {
  /** The trigger's content; `label` is its accessible name. */
  trigger: ReactNode;
  label: string;
  children: ReactNode;
  variant?: ButtonVariant;
  onAction?: (key: string | number) => void;
};

export function Menu({ trigger, label, children, variant = "ghost", onAction }: MenuProps) {
  return (
    <MenuTrigger>
      <Button variant={variant} aria-label={label} className="menu-trigger">
        {trigger}
      </Button>
      <Popover placement="bottom end" className="popover">
        <AriaMenu className="menu" {...(onAction ? { onAction } : {})}>
          {children}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}

export function MenuItem(props: Omit<MenuItemProps, "className">) {
  return <AriaMenuItem {...props} className="menu-item" />;
}

export function MenuSeparator() {
  return <Separator className="menu-separator" />;
}
