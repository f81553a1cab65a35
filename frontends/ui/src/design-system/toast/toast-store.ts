/**
 * The toast store (valtio): at most one toast visible, each dismissed after 5000 ms
 * unless given another duration (spec §8, §9).
 */
import { proxy } from "valtio";

export type ToastVariant = "default" | "success" | "destructive";
/** A button in the toast (e.g. "Reload"); pressing it runs `onPress` and dismisses the toast. */
export type ToastAction = { label: string; onPress: () => void };
export type Toast = {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  action?: ToastAction;
};

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export const toastStore = proxy<{ toasts: Toast[] }>({ toasts: [] });

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  toastStore.toasts = toastStore.toasts.filter((toast) => toast.id !== id);
}

/** Shows a toast, replacing the one on screen (limit 1). Returns its id. */
export function toast(input: {
  title: string;
  description?: string;
  variant?: ToastVariant;
  durationMs?: number;
  action?: ToastAction;
}): number {
  const id = nextId++;
  const item: Toast = { id, title: input.title, variant: input.variant ?? "default" };
  if (input.description) item.description = input.description;
  if (input.action) item.action = input.action;
  const kept = [item, ...toastStore.toasts].slice(0, TOAST_LIMIT);
  for (const old of toastStore.toasts) if (!kept.includes(old)) dismissToast(old.id);
  toastStore.toasts = kept;
  timers.set(
    id,
    setTimeout(() => dismissToast(id), input.durationMs ?? TOAST_DURATION_MS),
  );
  return id;
}
