// Anonymous sign-in to our own backend (the spec's anonymous auth). The token is
// kept in localStorage, so a returning visitor keeps the same anonymous uid.
const TOKEN_KEY = 'curbside.session';

let signingIn: Promise<string> | undefined;

function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null; // storage blocked: sign in fresh each time
  }
}

async function requestSession(): Promise<string> {
  const previous = storedToken();
  const response = await fetch('/api/session', {
    method: 'POST',
    headers: previous ? { authorization: `Bearer ${previous}` } : {},
  });
  if (!response.ok) throw new Error(`Anonymous sign-in failed: HTTP ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Not persisted; this page still has it.
  }
  return token;
}

/** Signs in (once at a time) and resolves with the session token. */
export function signIn(): Promise<string> {
  signingIn ??= requestSession().catch((error: unknown) => {
    signingIn = undefined; // let the next call try again
    throw error;
  });
  return signingIn;
}

/** Forgets a token the server refused, so the next signIn gets a new one. */
export function forgetSession(): void {
  signingIn = undefined;
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // nothing stored
  }
}
