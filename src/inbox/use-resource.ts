// One way for the inbox's views to read from the server (issue 15 item 5): the data,
// the last look's error (forgotten once a look succeeds), a reload after a change,
// and, when asked, a look again every `pollMs` while `pollWhile` holds and the tab is
// visible (and at once when it comes back). A look that a newer one replaced, or that
// ends after the view is gone, changes nothing.
import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api.js';

export interface Resource<T> {
  data: T | undefined;
  error: string | undefined;
  /** Looks again now (after a change the view made). */
  reload: () => Promise<void>;
}

export interface ResourceOptions<T> {
  /** What the error says when the server gave no message of its own. */
  failure: string;
  pollMs?: number;
  /** Poll only while this holds for the data (default: always, when pollMs is given). */
  pollWhile?: (data: T) => boolean;
  /** Called with each new look's data (a view that announces what is new). */
  onData?: (data: T, previous: T | undefined) => void;
}

export function useResource<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  { failure, pollMs, pollWhile, onData }: ResourceOptions<T>,
): Resource<T> {
  const [data, setData] = useState<T | undefined>();
  const [error, setError] = useState<string | undefined>();
  const latest = useRef<{ data: T | undefined; controller?: AbortController }>({ data: undefined });
  const hooks = useRef({ pollWhile, onData });
  hooks.current = { pollWhile, onData };

  const look = useCallback(
    async () => {
      latest.current.controller?.abort();
      const controller = new AbortController();
      latest.current.controller = controller;
      try {
        const next = await load(controller.signal);
        if (controller.signal.aborted) return;
        hooks.current.onData?.(next, latest.current.data);
        latest.current.data = next;
        setData(next);
        setError(undefined);
      } catch (caught) {
        if (controller.signal.aborted || (caught as Error).name === 'AbortError') return;
        setError(caught instanceof ApiError ? caught.message : failure);
      }
    },
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps say when `load` changes
    deps,
  );

  useEffect(() => {
    latest.current.data = undefined;
    void look();
    const worthIt = () => {
      const { data: current } = latest.current;
      return (
        !document.hidden && (!hooks.current.pollWhile || current === undefined || hooks.current.pollWhile(current))
      );
    };
    const timer = pollMs ? window.setInterval(() => worthIt() && void look(), pollMs) : undefined;
    const visible = () => pollMs && worthIt() && void look();
    document.addEventListener('visibilitychange', visible);
    return () => {
      latest.current.controller?.abort();
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [look, pollMs]);

  return { data, error, reload: look };
}
