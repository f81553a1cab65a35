/**
 * A modal dialog with a title, closable with Escape (react-aria-components): controlled
 * (`isOpen`, `onOpenChange`) or inside a `DialogTrigger`. Its code (dialog-impl.tsx: focus
 * trapping, outside dismissal, scroll locking; with react-aria's overlays about 20 KiB gzip) is its
 * own chunk (deferred.tsx), loaded when a dialog first opens: a closed dialog draws nothing and
 * loads nothing. `DialogTrigger` needs none of it: it keeps the open state and hands its first
 * child, a `Button`, the press that opens the dialog through react-aria's `ButtonContext` (as
 * react-aria's own DialogTrigger does through its press responder), and starts loading the
 * dialog's code when that button is hovered, focused or pressed (ADR 0055).
 */
import { Children, createContext, type ReactNode, useContext, useState } from "react";
import { ButtonContext, type DialogTriggerProps } from "react-aria-components";
import { deferred } from "../deferred.tsx";

export type DialogProps = {
  title: string;
  children: ReactNode | ((close: () => void) => ReactNode);
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  role?: "dialog" | "alertdialog";
};

/** The open state of the enclosing DialogTrigger (null outside one). */
const TriggerState = createContext<{ isOpen: boolean; setOpen: (isOpen: boolean) => void } | null>(null);

const DialogPanel = deferred<DialogProps>("dialog", () =>
  import("./dialog-impl.tsx").then((m) => m.DialogPanel),
);

/** Starts loading the dialog's code (e.g. when the control that opens one is pressed or focused). */
export const preloadDialog = DialogPanel.preload;

/**
 * A button and the dialog it opens: `<DialogTrigger><Button>…</Button><Dialog …/></DialogTrigger>`.
 * Open state uncontrolled (`defaultOpen`) or controlled (`isOpen`, `onOpenChange`). The button gets
 * `aria-haspopup="dialog"` and `aria-expanded`; focus returns to it when the dialog closes.
 */
export function DialogTrigger({ children, isOpen, defaultOpen = false, onOpenChange }: DialogTriggerProps) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const open = isOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (isOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  const [trigger, ...rest] = Children.toArray(children);
  const prefetch = DialogPanel.prefetch;
  return (
    <TriggerState value={{ isOpen: open, setOpen }}>
      <ButtonContext
        value={{
          onPress: () => setOpen(true),
          onPressStart: prefetch,
          onHoverStart: prefetch,
          onFocus: prefetch,
          "aria-haspopup": "dialog",
          "aria-expanded": open,
        }}
      >
        {trigger}
      </ButtonContext>
      {rest}
    </TriggerState>
  );
}

export function Dialog(props: DialogProps) {
  const trigger = useContext(TriggerState);
  const open = props.isOpen ?? trigger?.isOpen ?? false;
  const onOpenChange = props.onOpenChange ?? trigger?.setOpen;
  if (!open) return null;
  return <DialogPanel {...props} isOpen {...(onOpenChange ? { onOpenChange } : {})} />;
}
