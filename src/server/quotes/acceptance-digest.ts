// The digest of what a customer accepted (issue 35 item 2, record 203): an HMAC of the
// acceptance's snapshot under a key derived from SESSION_SECRET, as the quote links are
// (record 142). Kept with the acceptance, shown short on the quote page, the event sheet
// and the customer's e-mails, so either side can check what was agreed; an edit of the
// store alone cannot make a snapshot match it.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** The key acceptances are signed with, derived once from the server's secret. */
export function acceptanceKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, '', 'curbside acceptance digest', 32));
}

/** The digest of an acceptance's snapshot (64 hex digits). */
export const acceptanceDigest = (key: Buffer, snapshot: string): string =>
  createHmac('sha256', key).update(snapshot).digest('hex');

/** Whether `digest` is this server's digest of `snapshot`. */
export function digestMatches(key: Buffer, snapshot: string, digest: string): boolean {
  const expected = Buffer.from(acceptanceDigest(key, snapshot), 'hex');
  const given = Buffer.from(digest, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The digest as people read and compare it: its first 16 hex digits in four groups ('3F2A-91BC-0D4E-77A1'). */
export const shortDigest = (digest: string): string =>
  (
    digest
      .slice(0, 16)
      .toUpperCase()
      .match(/.{1,4}/g) ?? []
  ).join('-');
