// The inbox's service worker (decision record 121): it shows pushes, opens the inquiry
// a tap is for, and posts a lead's action link when its button is tapped (record 182),
// and nothing else. It has no fetch handler and keeps no cache,
// so no inquiry ever lands in the browser's storage. Plain JavaScript, copied to
// dist/client/inbox-sw.js by the build; registered with the scope /inbox.
// (service-worker.test.ts runs this file with stand-ins for the worker's globals.)

/**
 * Where a tap goes: the path and query of the payload's URL if it is in the inbox,
 * else the inbox itself. Only the path is kept: the payload's URL is PUBLIC_URL's,
 * and this worker may run under another name for the site.
 */
function inboxPath(url, origin) {
  try {
    const target = new URL(url ?? '/inbox', origin);
    if (target.pathname === '/inbox' || target.pathname.startsWith('/inbox/')) return target.pathname + target.search;
  } catch {
    // Not a URL: the inbox.
  }
  return '/inbox';
}

/**
 * The path of an action link (record 182: /act/<token>) on this site, or undefined: as
 * with inboxPath, only the path of the payload's URL is kept.
 */
function actionPath(url, origin) {
  try {
    const target = new URL(url, origin);
    if (/^\/act\/[\w-]+$/.test(target.pathname)) return target.pathname;
  } catch {
    // Not a URL: no action.
  }
  return undefined;
}

/** A lead's "Mark as contacted" and "Decline": buttons where the browser shows them, their links kept. */
function actionsOf(data) {
  const actions = Array.isArray(data.actions) ? data.actions : [];
  return actions
    .map((each) => ({
      action: String(each?.action ?? ''),
      title: String(each?.title ?? ''),
      path: actionPath(each?.url, self.location.origin),
    }))
    .filter((each) => each.action && each.title && each.path);
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    // Not ours to read: show a plain notice rather than nothing.
  }
  const actions = actionsOf(data);
  const options = {
    body: data.body || '',
    tag: data.tag,
    icon: '/icon-192.png',
    data: { url: data.url },
  };
  if (actions.length) {
    options.actions = actions.map(({ action, title }) => ({ action, title }));
    options.data.actions = Object.fromEntries(actions.map(({ action, path }) => [action, path]));
  }
  // A lead still waiting (record 180): it replaces the first push (same tag), alerts again and stays until seen.
  if (data.urgent) {
    options.renotify = Boolean(data.tag);
    options.requireInteraction = true;
  }
  event.waitUntil(self.registration.showNotification(data.title || 'New inquiry', options));
});

/**
 * An action button: its link posted as the link's own page would (its token is the key),
 * and what the server said shown; if that fails, the link's page opens to do it there.
 */
async function act(path, notification) {
  try {
    const response = await fetch(path, { method: 'POST', headers: { accept: 'application/json' } });
    const answer = await response.json();
    await self.registration.showNotification(answer.message || 'Done', {
      tag: notification.tag,
      icon: '/icon-192.png',
    });
    if (response.ok) return;
  } catch {
    // Offline or refused: the page says what happened.
  }
  await self.clients.openWindow(path);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const actionLink = event.action ? event.notification.data?.actions?.[event.action] : undefined;
  if (actionLink) {
    event.waitUntil(act(actionLink, event.notification));
    return;
  }
  const path = inboxPath(event.notification.data?.url, self.location.origin);
  event.waitUntil(
    (async () => {
      // A window this worker controls (so in its scope, the inbox): navigate() refuses any
      // other, such as the tab where notifications were turned on, open since before the worker.
      const [open] = await self.clients.matchAll({ type: 'window' });
      const moved = open ? await open.navigate(path).catch(() => null) : null;
      // Focus and openWindow each need the tap's permission: one of them is called, once.
      return moved ? moved.focus() : self.clients.openWindow(path);
    })(),
  );
});
