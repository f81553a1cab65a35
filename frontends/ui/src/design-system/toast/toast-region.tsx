/** Renders the toast store as a polite live region, bottom-right (top on small screens). */
import { useSnapshot } from "valtio";
import { dismissToast, toastStore } from "./toast-store.ts";

export function ToastRegion() {
  const { toasts } = useSnapshot(toastStore);
  return (
    <section className="toast-region" aria-label="Notifications" aria-live="polite">
      {toasts.map((item) => (
        <div
          key={item.id}
          className="toast"
          data-variant={item.variant}
          role={item.variant === "destructive" ? "alert" : "status"}
        >
          <div className="toast-body">
            <p className="toast-title">{item.title}</p>
            {item.description ? <p className="toast-description">{item.description}</p> : null}
          </div>
          {item.action ? (
            <button
              type="button"
              className="toast-action"
              onClick={() => {
                item.action?.onPress();
                dismissToast(item.id);
              }}
            >
              {item.action.label}
            </button>
          ) : null}
          <button
            type="button"
            className="toast-close"
            aria-label="Dismiss notification"
            onClick={() => dismissToast(item.id)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
