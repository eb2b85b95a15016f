import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TOAST_TIMINGS,
  holdToast,
  hideToast,
  releaseToast,
  setToastHost,
  showToast,
  subscribeToasts,
  type Toast,
} from './toast-store.js';

let toasts: readonly Toast[] = [];
let unsubscribe: () => void;

// Node has no animation frames; a frame here is a 16 ms (fake) timer.
globalThis.requestAnimationFrame ??= (callback) =>
  globalThis.setTimeout(() => callback(Date.now()), 16) as unknown as number;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  unsubscribe = subscribeToasts((state) => (toasts = state.toasts));
});

afterEach(() => {
  vi.runAllTimers(); // let every toast finish
  unsubscribe();
  vi.useRealTimers();
});

const phases = () => toasts.map((toast) => toast.phase);

describe('toast lifetimes (spec §9)', () => {
  it('uses the spec numbers', () => {
    expect(TOAST_TIMINGS).toEqual({ timeOut: 5000, extendedTimeOut: 1000, showDuration: 300, hideDuration: 1000 });
  });

  it('shows for 5000 ms, then fades out for 1000 ms and is removed', () => {
    showToast({ kind: 'success', message: 'We got your inquiry! 🎉' });
    expect(phases()).toEqual(['showing']);
    vi.advanceTimersByTime(16);
    expect(phases()).toEqual(['shown']);
    vi.advanceTimersByTime(4983); // 4999 ms since shown
    expect(phases()).toEqual(['shown']);
    vi.advanceTimersByTime(1);
    expect(phases()).toEqual(['hiding']);
    vi.advanceTimersByTime(999);
    expect(phases()).toEqual(['hiding']);
    vi.advanceTimersByTime(1);
    expect(toasts).toEqual([]);
  });

  it('allows duplicates', () => {
    showToast({ kind: 'warning', title: 'Wait', message: 'Please fill out all required fields before submitting...' });
    showToast({ kind: 'warning', title: 'Wait', message: 'Please fill out all required fields before submitting...' });
    expect(toasts).toHaveLength(2);
    expect(new Set(toasts.map((toast) => toast.id)).size).toBe(2);
  });

  it('holds while hovered (even mid fade-out) and hides 1000 ms after release', () => {
    showToast({ kind: 'info', message: 'hello' });
    const id = toasts[0]!.id;
    vi.advanceTimersByTime(5500);
    expect(phases()).toEqual(['hiding']);
    holdToast(id);
    expect(phases()).toEqual(['shown']);
    vi.advanceTimersByTime(60_000);
    expect(phases()).toEqual(['shown']);
    releaseToast(id);
    vi.advanceTimersByTime(999);
    expect(phases()).toEqual(['shown']);
    vi.advanceTimersByTime(1);
    expect(phases()).toEqual(['hiding']);
    vi.advanceTimersByTime(1000);
    expect(toasts).toEqual([]);
  });

  it('the close button hides at once, and leaving afterwards does not extend it', () => {
    showToast({ kind: 'error', message: 'Couldn’t send your inquiry. Please try again.' });
    const id = toasts[0]!.id;
    hideToast(id);
    releaseToast(id); // the blur that follows the click
    expect(phases()).toEqual(['hiding']);
    vi.advanceTimersByTime(1000);
    expect(toasts).toEqual([]);
  });

  it('lets go of a hovered toast when it moves out of (or into) a dialog', () => {
    showToast({ kind: 'warning', title: 'Wait', message: 'Please fill out all required fields before submitting...' });
    holdToast(toasts[0]!.id);
    vi.advanceTimersByTime(60_000);
    expect(phases()).toEqual(['shown']);
    setToastHost({} as HTMLElement);
    vi.advanceTimersByTime(TOAST_TIMINGS.extendedTimeOut);
    expect(phases()).toEqual(['hiding']);
    setToastHost(null);
  });
});
