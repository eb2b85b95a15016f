// @vitest-environment jsdom
// The inbox's one data hook: polls while asked to and only then, forgets a failed
// look once one succeeds, and lets a replaced look change nothing.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api.js';
import { type ResourceOptions, useResource } from './use-resource.js';

function View<T>({
  load,
  options,
  deps = [],
}: {
  load: () => Promise<T>;
  options: ResourceOptions<T>;
  deps?: unknown[];
}) {
  const { data, error } = useResource(load, deps, options);
  return (
    <p>
      <span data-testid="data">{JSON.stringify(data ?? null)}</span>
      <span data-testid="error">{error ?? ''}</span>
    </p>
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('useResource', () => {
  afterEach(cleanup);

  it('polls while pollWhile holds, and stops when it no longer does', async () => {
    let looks = 0;
    const load = async () => ({ looks: ++looks, pending: looks < 3 });
    render(<View load={load} options={{ failure: 'x', pollMs: 20, pollWhile: (data) => data.pending }} />);
    await waitFor(() => expect(text('data')).toBe('{"looks":3,"pending":false}'), { timeout: 3000 });
    await wait(150);
    expect(looks).toBe(3);
  });

  it('does not poll without pollMs', async () => {
    let looks = 0;
    render(<View load={async () => ++looks} options={{ failure: 'x' }} />);
    await wait(100);
    expect(looks).toBe(1);
  });

  it('shows the server’s message, or its own, and forgets it once a look succeeds', async () => {
    let looks = 0;
    const load = async () => {
      looks++;
      if (looks === 1) throw new ApiError(503, 'The database does not answer.');
      if (looks === 2) throw new TypeError('network');
      return 'fine';
    };
    render(<View load={load} options={{ failure: 'Could not load it.', pollMs: 400 }} />);
    await waitFor(() => expect(text('error')).toBe('The database does not answer.'));
    await waitFor(() => expect(text('error')).toBe('Could not load it.'));
    await waitFor(() => expect(text('data')).toBe('"fine"'));
    expect(text('error')).toBe('');
  });

  it('lets a look replaced by a newer one (another view) change nothing', async () => {
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve('old view'), 60));
    const fast = async () => 'new view';
    const { rerender } = render(<View load={slow} deps={['a']} options={{ failure: 'x' }} />);
    rerender(<View load={fast} deps={['b']} options={{ failure: 'x' }} />);
    await wait(100);
    expect(text('data')).toBe('"new view"');
  });
});
