// The owner's inbox: the sign-in form when signed out; signed in, the list of
// inquiries (/inbox) or one inquiry (/inbox/inquiries/<id>).
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api, ApiError, whenSignedOut } from './api.js';
import { InquiryList } from './inquiry-list.js';
import { InquiryPage } from './inquiry-page.js';
import { Link, useFocusOnMount } from './link.js';
import { NotificationSettings } from './notifications.js';
import { INBOX, inquiryHref, inquiryIdOf, navigate, SETTINGS, useLocation } from './use-location.js';

type Session = { state: 'signed-out'; notice?: string } | { state: 'signed-in'; email: string };

/** Who is signed in, as the server wrote it into the page (no request needed). */
function ownerFromPage(): Session {
  const email = document.querySelector<HTMLMetaElement>('meta[name="curbside-owner"]')?.content ?? '';
  return email ? { state: 'signed-in', email } : { state: 'signed-out' };
}

export function InboxApp() {
  const [session, setSession] = useState<Session>(ownerFromPage);

  useEffect(() => {
    whenSignedOut(() => setSession({ state: 'signed-out', notice: 'Your session has ended. Please sign in again.' }));
  }, []);

  if (session.state === 'signed-out') {
    return <SignIn notice={session.notice} onSignedIn={(email) => setSession({ state: 'signed-in', email })} />;
  }
  return <SignedIn email={session.email} onSignedOut={() => setSession({ state: 'signed-out' })} />;
}

function SignIn({ notice, onSignedIn }: { notice: string | undefined; onSignedIn: (email: string) => void }) {
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  useEffect(() => {
    document.title = 'Sign in · Inbox';
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      const info = await api.signIn(String(form.get('email') ?? ''), String(form.get('password') ?? ''));
      onSignedIn(info.email);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Sign-in failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="inbox-main inbox-sign-in">
      <h1 ref={heading} tabIndex={-1}>
        Sign in to the inbox
      </h1>
      {notice && !error ? <p className="inbox-notice">{notice}</p> : null}
      <form onSubmit={submit} className="inbox-card inbox-stack" noValidate={false}>
        <div className="inbox-field">
          <label htmlFor="sign-in-email">Email</label>
          <input id="sign-in-email" name="email" type="email" autoComplete="username" required maxLength={254} />
        </div>
        <div className="inbox-field">
          <label htmlFor="sign-in-password">Password</label>
          <input
            id="sign-in-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={1024}
          />
        </div>
        <div role="alert" className="inbox-error">
          {error}
        </div>
        <button type="submit" className="inbox-button inbox-primary" aria-disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}

function SignedIn({ email, onSignedOut }: { email: string; onSignedOut: () => void }) {
  const url = useLocation();
  const id = inquiryIdOf(url.pathname);
  // The owner's e-mail links to /inbox?id=<id> (decision record 031): open that inquiry.
  const linked = url.pathname === INBOX ? url.searchParams.get('id') : null;
  useEffect(() => {
    if (linked && /^[0-9a-f-]{36}$/.test(linked)) navigate(inquiryHref(linked), { replace: true });
  }, [linked]);
  const [listHref, setListHref] = useState(INBOX);
  const [flash, setFlash] = useState<string | undefined>();
  useEffect(() => {
    if (!id) setListHref(url.pathname + url.search);
  }, [id, url.pathname, url.search]);

  const signOut = async () => {
    try {
      await api.signOut();
    } finally {
      onSignedOut();
      navigate(INBOX, { replace: true });
    }
  };

  const erased = useCallback(
    (message: string) => {
      setFlash(message);
      navigate(listHref);
    },
    [listHref],
  );

  return (
    <>
      <header className="inbox-header">
        <Link href={INBOX} className="inbox-brand">
          Inbox
        </Link>
        <Link href={SETTINGS} className="inbox-settings-link">
          Notifications
        </Link>
        <span className="inbox-who">
          <span className="visually-hidden">Signed in as </span>
          {email}
        </span>
        <button type="button" className="inbox-button" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main className="inbox-main">
        {url.pathname === SETTINGS ? (
          <NotificationSettings />
        ) : id ? (
          <InquiryPage key={id} id={id} listHref={listHref} onErased={erased} />
        ) : (
          <InquiryList url={url} flash={flash} onFlashShown={() => setFlash(undefined)} />
        )}
      </main>
    </>
  );
}
