// The inbox's service worker (decision record 121): it shows pushes and opens the
// inquiry a tap is for, and nothing else. It has no fetch handler and keeps no cache,
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

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    // Not ours to read: show a plain notice rather than nothing.
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'New inquiry', {
      body: data.body || '',
      tag: data.tag,
      icon: '/icon-192.png',
      data: { url: data.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
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
