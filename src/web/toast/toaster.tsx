import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { hideToast, holdToast, releaseToast, subscribeToasts, type Toast, type ToastState } from './toast-store.js';
import { words } from '../page-words.js';

/**
 * Top-centre toasts. While a modal dialog is open everything outside it is
 * inert, so the toasts are rendered inside it; otherwise at the end of the page.
 * The polite and assertive live regions exist before any toast is added to
 * them, so screen readers announce each one.
 */
export function Toaster() {
  const [{ toasts, host }, setState] = useState<ToastState>({ toasts: [], host: null });
  useEffect(() => subscribeToasts(setState), []);

  const regions = (
    <div className="toast-container">
      <div role="status" aria-live="polite" className="toast-region">
        {toasts
          .filter((toast) => toast.kind !== 'error')
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
      </div>
      <div role="alert" aria-live="assertive" className="toast-region">
        {toasts
          .filter((toast) => toast.kind === 'error')
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
      </div>
    </div>
  );
  return host ? createPortal(regions, host) : regions;
}

function ToastItem({ toast }: { toast: Toast }) {
  const hold = () => holdToast(toast.id);
  const release = () => releaseToast(toast.id);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering holds the toast open (toastr's extended time); not an action.
    <div
      className={`toast toast-${toast.kind} toast-${toast.phase}`}
      onMouseEnter={hold}
      onMouseLeave={release}
      onFocus={hold}
      onBlur={release}
    >
      <button type="button" className="toast-close" aria-label={words.dismissToast} onClick={() => hideToast(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
      {toast.title && <p className="toast-title">{toast.title}</p>}
      <p className="toast-message">{toast.message}</p>
    </div>
  );
}
