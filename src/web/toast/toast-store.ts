// The toast queue (toastr's role in the original) and each toast's life: shown
// for 5000 ms; held while hovered or focused, then 1000 ms more; 1000 ms to fade
// out. Timers live here, not in components, so a toast keeps its clock when it
// is re-rendered elsewhere (into an open modal dialog and back).
export type ToastKind = 'success' | 'error' | 'warning' | 'info';
export type ToastPhase = 'showing' | 'shown' | 'hiding';

export const TOAST_TIMINGS = { timeOut: 5000, extendedTimeOut: 1000, showDuration: 300, hideDuration: 1000 } as const;

export interface Toast {
  id: number;
  kind: ToastKind;
  title?: string;
  message: string;
  phase: ToastPhase;
}

export interface ToastState {
  toasts: readonly Toast[];
  /** The open modal dialog, if any: the only place on the page that is not inert. */
  host: HTMLElement | null;
}

type Listener = (state: ToastState) => void;

let state: ToastState = { toasts: [], host: null };
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<Listener>();

function publish(next: Partial<ToastState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener(state);
}

function setPhase(id: number, phase: ToastPhase): void {
  publish({ toasts: state.toasts.map((toast) => (toast.id === id ? { ...toast, phase } : toast)) });
}

function schedule(id: number, delay: number, then: () => void): void {
  clearTimeout(timers.get(id));
  timers.set(id, setTimeout(then, delay));
}

function remove(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  publish({ toasts: state.toasts.filter((toast) => toast.id !== id) });
}

/** Duplicates are allowed (spec §9): the same message twice shows twice. Returns the toast's id. */
export function showToast(toast: { kind: ToastKind; title?: string; message: string }): number {
  const id = nextId++;
  publish({ toasts: [...state.toasts, { ...toast, id, phase: 'showing' }] });
  // One frame in the 'showing' state, so the 300 ms fade-in runs from 0.
  requestAnimationFrame(() => setPhase(id, 'shown'));
  schedule(id, TOAST_TIMINGS.timeOut, () => hideToast(id));
  return id;
}

export function hideToast(id: number): void {
  if (!state.toasts.some((toast) => toast.id === id)) return;
  setPhase(id, 'hiding');
  schedule(id, TOAST_TIMINGS.hideDuration, () => remove(id));
}

/** Hovered or focused: it stays, and comes back if it was fading out. */
export function holdToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  setPhase(id, 'shown');
}

/** No longer hovered or focused: 1000 ms more. */
export function releaseToast(id: number): void {
  if (state.toasts.find((toast) => toast.id === id)?.phase === 'hiding') return;
  schedule(id, TOAST_TIMINGS.extendedTimeOut, () => hideToast(id));
}

export function setToastHost(host: HTMLElement | null): void {
  if (host === state.host) return;
  publish({ host });
  // Re-rendered elsewhere, a hovered toast never hears the pointer leave: let it go.
  for (const toast of state.toasts) {
    if (toast.phase === 'shown' && !timers.has(toast.id)) releaseToast(toast.id);
  }
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(state);
  return () => listeners.delete(listener);
}
