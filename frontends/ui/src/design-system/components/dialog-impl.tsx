/**
 * The code behind dialog.tsx, its own chunk (deferred.tsx): the open modal dialog — a title,
 * closable with Escape or an outside press (react-aria-components).
 */
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import type { DialogProps } from "./dialog.tsx";

export function DialogPanel({ title, children, isOpen, onOpenChange, role = "dialog" }: DialogProps) {
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
