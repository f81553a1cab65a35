/** A modal dialog with a title, closable with Escape (react-aria-components). */
import type { ReactNode } from "react";
import { Dialog as AriaDialog, DialogTrigger, Heading, Modal, ModalOverlay } from "react-aria-components";

export { DialogTrigger };

export type DialogProps = {
  title: string;
  children: ReactNode | ((close: () => void) => ReactNode);
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  role?: "dialog" | "alertdialog";
};

export function Dialog({ title, children, isOpen, onOpenChange, role = "dialog" }: DialogProps) {
  const overlayState = isOpen === undefined ? {} : { isOpen };
  return (
    <ModalOverlay
      {...overlayState}
      {...(onOpenChange ? { onOpenChange } : {})}
      isDismissable
      className="modal-overlay"
    >
      <Modal className="modal">
        <AriaDialog role={role} className="dialog">
          {({ close }) => (
            <>
              <Heading slot="title" className="dialog-title">
                {title}
              </Heading>
              {typeof children === "function" ? children(close) : children}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
