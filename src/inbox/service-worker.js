// The inbox's service worker (decision record 121): it shows pushes and opens the
// inquiry a tap is for, and nothing else. It has no fetch handler and keeps no cache,
// so no inquiry ever lands in the browser's storage. Plain JavaScript, copied to
// dist/client/inbox-sw.js by the build; registered with the scope /inbox.
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
  // Only a path of this site's inbox: the payload's URL is PUBLIC_URL's, this may be another name for the site.
  let path = '/inbox';
  try {
    const url = new URL(event.notification.data?.url ?? '/inbox', self.location.origin);
    if (url.pathname === '/inbox' || url.pathname.startsWith('/inbox/')) path = url.pathname + url.search;
  } catch {
    // Keep /inbox.
  }
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).pathname.startsWith('/inbox'));
      if (open) {
        await open.focus();
        return open.navigate(path);
      }
      return self.clients.openWindow(path);
    })(),
  );
});
