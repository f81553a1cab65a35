/**
 * A modal dialog with a title, closable with Escape (react-aria-components): controlled
 * (`isOpen`, `onOpenChange`) or inside a `DialogTrigger`. Their code (dialog-impl.tsx: focus
 * trapping, outside dismissal, scroll locking; with react-aria's overlays about 20 KiB gzip) is its
 * own chunk (deferred.tsx): a closed controlled dialog draws nothing and loads nothing; a
 * `DialogTrigger` loads it when first drawn, and draws its trigger once it has arrived.
 */
import { createContext, type ReactNode, useContext } from "react";
import type { DialogTriggerProps } from "react-aria-components";
import { deferred } from "../deferred.tsx";

export type DialogProps = {
  title: string;
  children: ReactNode | ((close: () => void) => ReactNode);
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  role?: "dialog" | "alertdialog";
};

/** True inside a DialogTrigger (dialog-impl.tsx): its dialog opens and closes with the trigger. */
export const InDialogTrigger = createContext(false);

const load = () => import("./dialog-impl.tsx");

const DialogPanel = deferred<DialogProps>("dialog", () => load().then((m) => m.DialogPanel));

export const DialogTrigger = deferred<DialogTriggerProps>("dialog-trigger", () =>
  load().then((m) => m.DialogTrigger),
);

/** Starts loading the dialog's code (e.g. when the control that opens one is pressed or focused). */
export const preloadDialog = DialogPanel.preload;

export function Dialog(props: DialogProps) {
  const inTrigger = useContext(InDialogTrigger);
  const open = props.isOpen ?? inTrigger;
  return open ? <DialogPanel {...props} /> : null;
}
