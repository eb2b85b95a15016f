// Notifications in the inbox (decision record 030): an inquiry's deliveries and
// their state with "Send again"; the list's mark for a failed owner e-mail; the
// settings view (is e-mail set up, which webhooks) with a test e-mail.
import { useEffect, useState } from 'react';
import type { DeliveryView, NotificationSettingsView } from '../shared/notifications.js';
import { AccountSettings } from './account-settings.js';
import { ApiError, request } from './api.js';
import { dateTime } from './format.js';
import { useFocusOnMount } from './link.js';
import { PushDevices } from './push-devices.js';
import { useResource } from './use-resource.js';
import { ScrollRegion } from './scroll-region.js';
import { FormError } from './form-parts.js';
import { OWNER_API, ownerPath } from '../shared/owner-api.js';

export const notificationsApi = {
  deliveries: (id: string) => request<{ deliveries: DeliveryView[] }>('GET', ownerPath(OWNER_API.deliveries, { id })),
  resend: (deliveryId: string) =>
    request<{ delivery: DeliveryView | null }>('POST', ownerPath(OWNER_API.deliveryResend, { id: deliveryId }), {}),
  failed: (ids: string[]) =>
    request<{ failed: string[] }>(
      'GET',
      `${OWNER_API.notificationsFailed}?ids=${ids.map(encodeURIComponent).join(',')}`,
    ),
  settings: () => request<NotificationSettingsView>('GET', OWNER_API.notifications),
  testEmail: () => request<{ sent: boolean; to: string; error?: string }>('POST', OWNER_API.notificationsTestEmail, {}),
};

/** What a delivery's state says, in words. */
export function deliveryState(delivery: DeliveryView): string {
  switch (delivery.status) {
    case 'queued':
      return 'Queued';
    case 'retrying':
      return `Retrying (next try ${delivery.nextAttemptAt ? dateTime(delivery.nextAttemptAt) : 'soon'}): ${delivery.lastError ?? ''}`;
    case 'sent':
      return `Sent ${delivery.sentAt ? dateTime(delivery.sentAt) : ''}`.trim();
    case 'failed':
      return `Failed: ${delivery.lastError ?? 'unknown reason'}`;
    case 'skipped':
      return `Not sent: ${delivery.lastError ?? 'nothing to send it to'}`;
  }
}

/** What a delivery is, in words: its channel and, when it has one, its target. */
const describe = (delivery: DeliveryView) => `${delivery.label}${delivery.target ? ` to ${delivery.target}` : ''}`;

/** An inquiry's notifications, each with its state, attempts and "Send again". */
export function Deliveries({ inquiryId }: { inquiryId: string }) {
  const [message, setMessage] = useState('');
  // A failed look is forgotten once one succeeds (the resource's); a failed "Send again" stays until the next.
  const [error, setError] = useState<string | undefined>();
  const {
    data,
    error: loadError,
    reload: load,
  } = useResource(() => notificationsApi.deliveries(inquiryId), [inquiryId], {
    failure: 'Could not load the notifications.',
    // While something is still on its way, look again now and then.
    pollMs: 3000,
    pollWhile: (answer) =>
      answer.deliveries.some((delivery) => delivery.status === 'queued' || delivery.status === 'retrying'),
  });
  const deliveries = data?.deliveries;

  // The delivery being sent again: its button says so and takes no second press.
  const [busy, setBusy] = useState<string | undefined>();
  const resend = async (delivery: DeliveryView) => {
    if (busy) return;
    setBusy(delivery.id);
    setError(undefined);
    try {
      await notificationsApi.resend(delivery.id);
      setMessage(`${describe(delivery)}: queued to be sent again.`);
      await load();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Could not send it again.');
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section aria-labelledby="notifications-heading">
      <h2 id="notifications-heading">Notifications</h2>
      <FormError>{error ?? loadError}</FormError>
      {!deliveries ? (
        <p className="inbox-muted">Loading…</p>
      ) : deliveries.length === 0 ? (
        <p className="inbox-muted">No notifications for this inquiry (none are set up, or it was flagged as spam).</p>
      ) : (
        <ul className="inbox-deliveries">
          {deliveries.map((delivery) => (
            <li key={delivery.id} className={`delivery delivery-${delivery.status}`}>
              <strong>{describe(delivery)}</strong>: <span>{deliveryState(delivery)}</span>
              {delivery.attempts.length > 0 ? (
                <details>
                  <summary>
                    {delivery.attempts.length} {delivery.attempts.length === 1 ? 'attempt' : 'attempts'}
                  </summary>
                  <ol>
                    {delivery.attempts.map((attempt) => (
                      <li key={`${attempt.at}-${attempt.outcome}`}>
                        {dateTime(attempt.at)}: {attempt.outcome}
                        {attempt.error ? ` (${attempt.error})` : ''}
                      </li>
                    ))}
                  </ol>
                </details>
              ) : null}{' '}
              {/* Kept while queued (not removed, so focus stays on it), but it does nothing then. */}
              <button
                type="button"
                className="inbox-button"
                aria-disabled={delivery.status === 'queued' || busy !== undefined}
                onClick={() => delivery.status !== 'queued' && void resend(delivery)}
              >
                {busy === delivery.id ? 'Sending…' : 'Send again'}
                <span className="visually-hidden">: {describe(delivery)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* A polite live region, not role=status: the page's own status line stays the only one. */}
      <p aria-live="polite" className="inbox-live">
        {message}
      </p>
    </section>
  );
}

const NONE: ReadonlySet<string> = new Set();

/**
 * Of the page's inquiries, those whose owner e-mail failed (the list marks them), asked
 * again for each new page; and why, if they could not be asked (the list still shows).
 */
export function useFailedOwnerEmails(page: { inquiries: { id: string }[] }): {
  failed: ReadonlySet<string>;
  error: string | undefined;
} {
  const { data, error } = useResource(
    async () => {
      const ids = page.inquiries.map((row) => row.id);
      return ids.length === 0 ? NONE : new Set((await notificationsApi.failed(ids)).failed);
    },
    [page],
    { failure: 'no answer from the server.' },
  );
  return { failed: data ?? NONE, error };
}

/** The settings view: what is set up, and a test e-mail to the signed-in owner. */
export function NotificationSettings() {
  const { data: settings, error } = useResource(() => notificationsApi.settings(), [], {
    failure: 'Could not load the settings.',
  });
  const [result, setResult] = useState('');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  useEffect(() => {
    document.title = 'Notifications · Inbox';
  }, []);

  const sendTest = async () => {
    setResult('Sending…');
    try {
      const answer = await notificationsApi.testEmail();
      setResult(
        answer.sent
          ? `A test e-mail was sent to ${answer.to}.`
          : `The test e-mail to ${answer.to} was not sent: ${answer.error ?? 'unknown reason'}`,
      );
    } catch (caught) {
      setResult(caught instanceof ApiError ? caught.message : 'Could not send the test e-mail.');
    }
  };

  return (
    <article>
      <h1 ref={heading} tabIndex={-1}>
        Notifications
      </h1>
      <FormError>{error}</FormError>
      <div className="inbox-settings">
        <AccountSettings />
        {settings ? (
          <>
            {settings.trouble.setAside > 0 || settings.trouble.lastWorkerErrorAt ? (
              <section className="inbox-card" aria-labelledby="outbox-trouble">
                <h2 id="outbox-trouble">Needs attention</h2>
                {settings.trouble.setAside > 0 ? (
                  <p role="alert" className="inbox-error">
                    The notifications of {settings.trouble.setAside}{' '}
                    {settings.trouble.setAside === 1 ? 'inquiry' : 'inquiries'} could not be prepared and were set aside
                    (last error: {settings.trouble.setAsideError ?? 'unknown'}). The inquiries themselves are safe in
                    the inbox; their notifications are tried again when the server restarts.
                  </p>
                ) : null}
                {settings.trouble.lastWorkerErrorAt ? (
                  <p>
                    The notification worker last met an error at {dateTime(settings.trouble.lastWorkerErrorAt)}; it
                    keeps trying. The server's log says more.
                  </p>
                ) : null}
              </section>
            ) : null}
            <section className="inbox-card">
              <h2>E-mail</h2>
              {settings.email.configured ? (
                <p>
                  Set up: through {settings.email.server}, from {settings.email.from}. Customer confirmations are{' '}
                  {settings.email.confirmation ? 'on' : 'off'}.
                </p>
              ) : (
                <p>Not set up: set SMTP_URL (and MAIL_FROM) on the server to be e-mailed about new inquiries.</p>
              )}
              <p>
                Links in e-mails and webhooks open <code>{settings.links.base}/inbox</code>.
                {settings.links.set ? null : (
                  <strong>
                    {' '}
                    PUBLIC_URL is not set: set it to the site’s address so these links work away from the server.
                  </strong>
                )}
              </p>
              <button type="button" className="inbox-button" onClick={() => void sendTest()}>
                Send a test e-mail
              </button>
              <p role="status" className="inbox-live">
                {result}
              </p>
            </section>
            <PushDevices />
            <section className="inbox-card">
              <h2>Webhooks</h2>
              {settings.webhooks.length === 0 ? (
                <p>None set up (WEBHOOK_URLS).</p>
              ) : (
                <ul>
                  {settings.webhooks.map((webhook, index) => (
                    // The endpoints are shown without their paths (a path can be a secret), so two can look alike: numbered.
                    // biome-ignore lint/suspicious/noArrayIndexKey: the list is WEBHOOK_URLS in its order, fixed while the server runs
                    <li key={index}>
                      {index + 1}. {webhook.endpoint}
                      {webhook.slack ? ' (Slack)' : ''}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="inbox-card">
              <h2 id="notifications-so-far">So far</h2>
              <ScrollRegion labelledBy="notifications-so-far">
                <table>
                  <caption className="visually-hidden">
                    Notifications by kind: how each is set up, and their states
                  </caption>
                  {/* Five narrow columns: how each kind is set up reads under its name, so the
                      table fits a 360 px phone without scrolling (issue 32). */}
                  <thead>
                    <tr>
                      <th scope="col">Kind</th>
                      <th scope="col">Queued</th>
                      <th scope="col">Sent</th>
                      <th scope="col">Failed</th>
                      <th scope="col">Not sent</th>
                    </tr>
                  </thead>
                  <tbody>
                    {settings.channels.map((channel) => (
                      <tr key={channel.kind}>
                        <th scope="row">
                          {channel.label}
                          <span className="inbox-so-far-how">{channel.description}</span>
                        </th>
                        <td>{channel.queued}</td>
                        <td>{channel.sent}</td>
                        <td>{channel.failed}</td>
                        <td>{channel.skipped}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            </section>
          </>
        ) : error ? null : (
          <p className="inbox-muted">Loading…</p>
        )}
      </div>
    </article>
  );
}
