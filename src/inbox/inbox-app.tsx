// The owner's inbox: the sign-in form when signed out; signed in, the header and the
// page the address names (the table in inbox-routes.tsx).
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api, whenSignedOut } from './api.js';
import { useFocusOnMount } from './link.js';
import { ErrorBoundary } from '../shared/error-boundary.js';
import { InboxNav, routeOf } from './inbox-routes.js';
import { INBOX, inquiryHref, navigate, useLocation } from './use-location.js';
import { useWaitingLeads, WaitingContext } from './use-waiting-leads.js';

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
    return <SignIn notice={session.notice} />;
  }
  return <SignedIn email={session.email} onSignedOut={() => setSession({ state: 'signed-out' })} />;
}

const SIGN_IN_MESSAGES: Record<string, (retry: string) => string> = {
  wrong: () => 'Wrong email or password.',
  missing: () => 'Enter your email and password.',
  'limited-account': (retry) => `Too many sign-in attempts for this account. Please try again in ${retry} seconds.`,
  'limited-address': (retry) => `Too many sign-ins from this address. Please try again in ${retry} seconds.`,
};
const EMAIL_KEY = 'curbside-inbox-email';

/** The outcome of the last sign-in, which the server put in the address; taken out of it at once. */
function signInOutcome(): { error: string | undefined; email: string } {
  const params = new URLSearchParams(location.search);
  const code = params.get('signin');
  const retry = /^\d{1,6}$/.test(params.get('retry') ?? '') ? params.get('retry')! : '60';
  if (code !== null) {
    params.delete('signin');
    params.delete('retry');
    const rest = params.toString();
    history.replaceState(null, '', `${location.pathname}${rest ? `?${rest}` : ''}`);
  }
  let email = '';
  try {
    email = sessionStorage.getItem(EMAIL_KEY) ?? '';
  } catch {}
  return { error: code !== null ? SIGN_IN_MESSAGES[code]?.(retry) : undefined, email };
}

/**
 * A plain form post to /inbox/sign-in (works before the script runs, and password
 * managers know it); the server answers with a redirect, to the inbox or back here.
 */
function SignIn({ notice }: { notice: string | undefined }) {
  const [outcome] = useState(signInOutcome);
  // Back here once signed in: the inquiry an e-mail linked stays open (the server checks it is an inbox address).
  const [next] = useState(() => location.pathname + location.search);
  const [busy, setBusy] = useState(false);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  useEffect(() => {
    document.title = 'Sign in · Inbox';
    // Back to this page from the back/forward cache: the form is usable again.
    const shown = () => setBusy(false);
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    // Kept for this tab only, so a mistyped password does not mean typing the e-mail again.
    try {
      sessionStorage.setItem(EMAIL_KEY, String(new FormData(event.currentTarget).get('email') ?? ''));
    } catch {}
    setBusy(true);
  };

  return (
    <main className="inbox-main inbox-sign-in">
      <h1 ref={heading} tabIndex={-1}>
        Sign in to the inbox
      </h1>
      {notice && !outcome.error ? <p className="inbox-notice">{notice}</p> : null}
      <form method="post" action="/inbox/sign-in" onSubmit={submit} className="inbox-card inbox-stack">
        <input type="hidden" name="next" value={next} />
        <div className="inbox-field">
          <label htmlFor="sign-in-email">Email</label>
          <input
            id="sign-in-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={254}
            defaultValue={outcome.email}
          />
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
          {outcome.error}
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
  const { route, id } = routeOf(url);
  // The owner's e-mail links to /inbox?id=<id> (decision record 031): open that inquiry.
  const linked = url.pathname === INBOX ? url.searchParams.get('id') : null;
  useEffect(() => {
    if (linked && /^[0-9a-f-]{36}$/.test(linked)) navigate(inquiryHref(linked), { replace: true });
  }, [linked]);
  const [listHref, setListHref] = useState(INBOX);
  const waiting = useWaitingLeads();
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
    <WaitingContext value={waiting}>
      <header className="inbox-header">
        <InboxNav />
        <span className="inbox-who">
          <span className="visually-hidden">Signed in as </span>
          {email}
        </span>
        <button type="button" className="inbox-button" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main className="inbox-main">
        <ErrorBoundary resetKey={url.href} fallback={<BrokenView />}>
          {route.page({
            url,
            id,
            list: { href: listHref, flash, onFlashShown: () => setFlash(undefined), onErased: erased },
          })}
        </ErrorBoundary>
      </main>
    </WaitingContext>
  );
}

/** What a view that failed to show says instead: the navigation above it still works. */
export function BrokenView() {
  return (
    <div role="alert" className="inbox-error">
      <p>Something went wrong showing this page. Nothing you saved is lost.</p>
      <p>
        <a href={location.href}>Reload the page</a> or go back to <a href="/inbox">all inquiries</a>.
      </p>
    </div>
  );
}
