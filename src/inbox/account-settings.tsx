// The signed-in owner's own choices, on the Notifications page: e-mail about new
// inquiries on or off (for this owner only), the private calendar feed of Booked
// inquiries with "Reset link", and "Sign out other devices".
import { useState } from 'react';
import type { OwnerAccountView } from '../shared/inbox-views.js';
import { ApiError, request } from './api.js';
import { copyLink } from './link.js';
import { useResource } from './use-resource.js';
import { FormError } from './form-parts.js';
import { OWNER_API } from '../shared/owner-api.js';

const accountApi = {
  get: () => request<OwnerAccountView>('GET', OWNER_API.account),
  setEmail: (notifyByEmail: boolean) =>
    request<{ notifyByEmail: boolean }>('PUT', OWNER_API.accountEmail, { notifyByEmail }),
  resetFeed: () => request<{ calendarFeedUrl: string }>('POST', OWNER_API.accountFeedReset, {}),
  signOutOthers: () =>
    request<{ signedOut: number; devicesTurnedOff: number; calendarFeedUrl: string }>(
      'POST',
      OWNER_API.accountSignOutOthers,
      {},
    ),
};

const failure = (caught: unknown, fallback: string) => (caught instanceof ApiError ? caught.message : fallback);

export function AccountSettings() {
  const { data: account, error } = useResource(() => accountApi.get(), [], {
    failure: 'Could not load your settings.',
  });
  if (error) {
    return <FormError>{error}</FormError>;
  }
  if (!account) return null;
  return <Settings account={account} />;
}

function Settings({ account }: { account: OwnerAccountView }) {
  // Signing out the other devices gives the feed a new address too: shown at once.
  const [feedUrl, setFeedUrl] = useState(account.calendarFeedUrl);
  return (
    <>
      <EmailChoice account={account} />
      <CalendarFeed key={feedUrl} url={feedUrl} />
      <OtherDevices onFeedChanged={setFeedUrl} />
    </>
  );
}

function EmailChoice({ account }: { account: OwnerAccountView }) {
  const [on, setOn] = useState(account.notifyByEmail);
  const [result, setResult] = useState('');
  const change = async (wanted: boolean) => {
    setOn(wanted);
    try {
      await accountApi.setEmail(wanted);
      setResult(wanted ? 'You will be e-mailed about new inquiries.' : 'You will not be e-mailed about new inquiries.');
    } catch (caught) {
      setOn(!wanted);
      setResult(failure(caught, 'Could not save that. Please try again.'));
    }
  };
  return (
    <section className="inbox-card" aria-labelledby="my-email-heading">
      <h2 id="my-email-heading">Your e-mail</h2>
      <div className="inbox-check">
        <input id="my-email-on" type="checkbox" checked={on} onChange={(event) => void change(event.target.checked)} />
        <label htmlFor="my-email-on">E-mail me ({account.email}) about each new inquiry</label>
      </div>
      <p className="inbox-muted">Only for you: the other owner accounts keep their own choice.</p>
      <p role="status" className="inbox-live">
        {result}
      </p>
    </section>
  );
}

function CalendarFeed({ url: initial }: { url: string }) {
  const [url, setUrl] = useState(initial);
  const [result, setResult] = useState('');
  const reset = async () => {
    const sure = window.confirm(
      'Make a new link? Calendars subscribed with the old link stop getting your bookings until you subscribe with the new one.',
    );
    if (!sure) return;
    try {
      setUrl((await accountApi.resetFeed()).calendarFeedUrl);
      setResult('A new link was made; the old one no longer works.');
    } catch (caught) {
      setResult(failure(caught, 'Could not make a new link. Please try again.'));
    }
  };
  return (
    <section className="inbox-card inbox-stack" aria-labelledby="calendar-feed-heading">
      <h2 id="calendar-feed-heading">Calendar feed</h2>
      <p>
        Your Booked inquiries, in Google Calendar, Apple Calendar or Outlook: subscribe to this address (“From URL” or
        “New calendar subscription”). Anyone with the link sees the bookings’ names, guests, packages and addresses, so
        keep it to yourself; “Reset link” retires it.
      </p>
      <div className="inbox-field">
        <label htmlFor="calendar-feed-url">Calendar feed address</label>
        <input
          id="calendar-feed-url"
          type="text"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <div className="inbox-row">
        <button type="button" className="inbox-button" onClick={async () => setResult(await copyLink(url))}>
          Copy link
        </button>
        <a className="inbox-button" href={url.replace(/^https?:/, 'webcal:')}>
          Subscribe on this device
        </a>
        <button type="button" className="inbox-button" onClick={() => void reset()}>
          Reset link
        </button>
      </div>
      <p role="status" className="inbox-live">
        {result}
      </p>
    </section>
  );
}

const devices = (n: number) => `${n} other ${n === 1 ? 'device' : 'devices'}`;

function OtherDevices({ onFeedChanged }: { onFeedChanged: (url: string) => void }) {
  const [result, setResult] = useState('');
  const signOutOthers = async () => {
    try {
      const { signedOut, devicesTurnedOff, calendarFeedUrl } = await accountApi.signOutOthers();
      onFeedChanged(calendarFeedUrl);
      setResult(
        [
          signedOut === 0 ? 'You were not signed in on any other device.' : `Signed out of ${devices(signedOut)}.`,
          devicesTurnedOff === 0 ? '' : `Notifications turned off on ${devices(devicesTurnedOff)}.`,
          'The calendar feed has a new address.',
        ]
          .filter(Boolean)
          .join(' '),
      );
    } catch (caught) {
      setResult(failure(caught, 'Could not sign out the other devices. Please try again.'));
    }
  };
  return (
    <section className="inbox-card" aria-labelledby="devices-heading">
      <h2 id="devices-heading">Signed-in devices</h2>
      <p>Lost a phone, or signed in on someone else’s computer? End every session of yours but this one.</p>
      <p className="inbox-muted">
        It also turns off notifications on every device but this one (turn them on again on yours), gives the calendar
        feed a new address (subscribe again with it), and the other browsers are strangers again when they next try to
        sign in. A new password (npm run owner -- passwd) does all of this for every device, this one too.
      </p>
      <button type="button" className="inbox-button" onClick={() => void signOutOthers()}>
        Sign out other devices
      </button>
      <p role="status" className="inbox-live">
        {result}
      </p>
    </section>
  );
}
