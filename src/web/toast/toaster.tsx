import { useEffect, useRef, useState } from 'react';
import { removeToast, subscribeToasts, type Toast } from './toast-store.js';
import './toaster.css';

// Spec §9: shown 5000 ms; 1000 ms more after the pointer (or focus) leaves;
// 300 ms show and 1000 ms hide animations.
export const TOAST_TIMINGS = { timeOut: 5000, extendedTimeOut: 1000, showDuration: 300, hideDuration: 1000 } as const;

/**
 * Top-centre toasts. The container is a manual popover so it sits in the top
 * layer, above the open inquiry dialog; polite and assertive live regions exist
 * from the start so screen readers announce what is added to them.
 */
export function Toaster() {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => subscribeToasts(setToasts), []);
  const count = toasts.length;
  useEffect(() => {
    const container = containerRef.current;
    if (!container?.showPopover) return;
    // Re-open on every change so the toasts stay above a dialog opened after them.
    if (container.matches(':popover-open')) container.hidePopover();
    if (count > 0) container.showPopover();
  }, [count]);

  const polite = toasts.filter((toast) => toast.kind !== 'error');
  const assertive = toasts.filter((toast) => toast.kind === 'error');
  return (
    <div ref={containerRef} className="toast-container" popover="manual">
      <div role="status" aria-live="polite" className="toast-region">
        {polite.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
      <div role="alert" aria-live="assertive" className="toast-region">
        {assertive.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </div>
  );
}

type Phase = 'showing' | 'shown' | 'hiding';

function ToastItem({ toast }: { toast: Toast }) {
  const [phase, setPhase] = useState<Phase>('showing');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const schedule = (delay: number, then: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(then, delay);
  };
  const hide = () => {
    setPhase('hiding');
    schedule(TOAST_TIMINGS.hideDuration, () => removeToast(toast.id));
  };
  const hold = () => {
    // Hovered or focused: stay, and come back if it was fading out.
    clearTimeout(timer.current);
    setPhase('shown');
  };
  const release = () => schedule(TOAST_TIMINGS.extendedTimeOut, hide);

  useEffect(() => {
    const frame = requestAnimationFrame(() => setPhase('shown'));
    schedule(TOAST_TIMINGS.timeOut, hide);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  return (
    <div
      className={`toast toast-${toast.kind} toast-${phase}`}
      onMouseEnter={hold}
      onMouseLeave={release}
      onFocus={hold}
      onBlur={release}
    >
      <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={hide}>
        <span aria-hidden="true">×</span>
      </button>
      {toast.title && <p className="toast-title">{toast.title}</p>}
      <p className="toast-message">{toast.message}</p>
    </div>
  );
}
