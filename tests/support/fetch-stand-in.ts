// The owner API as an in-memory stand-in behind fetch, for the inbox's component tests
// under jsdom (the routes themselves are tested on real stores): `route` answers each
// call (or a promise of it: an answer held back, or a connection that fails), or it is
// a 404; every call is recorded.
import { vi } from 'vitest';

type Answer = { status: number; body?: unknown } | undefined;
export type Route = (method: string, url: string, body: unknown) => Answer | Promise<Answer>;

export function standIn(route: Route): { method: string; url: string; body: unknown }[] {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const answer = (await route(method, url, body)) ?? { status: 404, body: { message: `No route ${method} ${url}` } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}
