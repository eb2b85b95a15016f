// Owners' passwords: argon2id at OWASP's parameters (19 MiB, 2 iterations, 1 lane)
// through @node-rs/argon2 (its binary ships inside the npm package; hashing runs
// off the event loop). At least 12 characters, and none of the most common.
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../shared/inbox-views.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

/** Algorithm 2 is Argon2id (a const enum, which isolated modules cannot read by name). */
export const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Why a password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  }
  if (password.length > MAX_PASSWORD_LENGTH)
    return `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    return 'That password is one of the most common ones: choose another.';
  }
  return undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when `password` matches `passwordHash`; false for a wrong password or an unreadable hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * A hash of nothing anyone knows, verified against when the e-mail is unknown, so
 * an unknown e-mail takes as long to refuse as a wrong password.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`no owner has this password ${Math.random()}`);
  return dummy;
}
