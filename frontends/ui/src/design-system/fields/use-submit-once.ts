/**
 * One press, one request for a form (issue 46): `onSubmit` prevents the browser's own submit,
 * runs `send` and ignores every further submit (a double tap on its submit button, Enter twice)
 * until the promise `send` returned settles; `isPending` is true meanwhile, for the submit
 * `Button` (spinner, aria-disabled, aria-busy). The guard is a ref, not state, so a second submit
 * that lands before React has drawn the pending button is still ignored.
 */
import { type FormEvent, useRef, useState } from "react";

export function useSubmitOnce(send: (event: FormEvent<HTMLFormElement>) => unknown) {
  const inFlight = useRef(false);
  const [isPending, setPending] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const result = send(event);
    if (!(result instanceof Promise)) return;
    inFlight.current = true;
    setPending(true);
    void result
      .catch(() => undefined)
      .finally(() => {
        inFlight.current = false;
        setPending(false);
      });
  };
  return { onSubmit, isPending };
}
