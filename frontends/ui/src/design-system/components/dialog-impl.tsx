/**
 * The code behind dialog.tsx, its own chunk (deferred.tsx): the open modal dialog — a title,
 * closable with Escape or an outside press — and the trigger that opens one (react-aria-components).
 */
import {
  Dialog as AriaDialog,
  DialogTrigger as AriaDialogTrigger,
  type DialogTriggerProps,
  Heading,
  Modal,
  ModalOverlay,
} from "react-aria-components";
import { type DialogProps, InDialogTrigger } from "./dialog.tsx";

export function DialogTrigger(props: DialogTriggerProps) {
  return (
    <InDialogTrigger value={true}>
      <AriaDialogTrigger {...props} />
    </InDialogTrigger>
  );
}

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
