// A tiny toast queue any part of the page can push to (toastr's role in the
// original). Duplicates are allowed, as in the spec.
export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  title?: string;
  message: string;
}

type Listener = (toasts: readonly Toast[]) => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  listeners.forEach((listener) => listener(toasts));
}

export function showToast(toast: Omit<Toast, 'id'>): void {
  publish([...toasts, { ...toast, id: nextId++ }]);
}

export function removeToast(id: number): void {
  publish(toasts.filter((toast) => toast.id !== id));
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => listeners.delete(listener);
}
