/**
 * Keeps what a visitor typed into a server-rendered form before the app hydrated it (ADR 0047).
 * React hydrates a controlled field without touching the text in it, but its state is still the
 * initial value, so the next render would wipe the text. Once, on mount, every named text field
 * of the form whose text differs from the state is handed to `take` (name → text).
 */
import { type RefObject, useEffect } from "react";

export function useTypedBeforeHydration<Name extends string>(
  formRef: RefObject<HTMLFormElement | null>,
  initial: Record<Name, string>,
  take: (typed: Partial<Record<Name, string>>) => void,
): void {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed: Partial<Record<Name, string>> = {};
    for (const name of Object.keys(initial) as Name[]) {
      const field = form.elements.namedItem(name);
      const isText = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement;
      if (isText && field.type !== "radio" && field.value !== initial[name]) typed[name] = field.value;
    }
    if (Object.keys(typed).length > 0) take(typed);
  }, []);
}
