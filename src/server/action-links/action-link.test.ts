import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { actionLinkKey, readActionLink, signActionLink } from './action-link.js';

const key = actionLinkKey('test-session-secret-0123456789abcdef');

describe('an action link’s token', () => {
  it('says what it was signed with, under a fresh id each time', () => {
    const inquiryId = randomUUID();
    const ownerId = randomUUID();
    const link = { inquiryId, action: 'decline' as const, expiresAt: Date.parse('2026-12-08T15:00:00Z'), ownerId };
    const [one, two] = [signActionLink(key, link), signActionLink(key, link)];
    expect(one).not.toBe(two);
    expect(readActionLink(key, one)).toEqual({ ...link, linkId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(readActionLink(key, one)!.linkId).not.toBe(readActionLink(key, two)!.linkId);
    expect(readActionLink(key, signActionLink(key, { ...link, ownerId: undefined }))!.ownerId).toBeUndefined();
  });

  it('is refused when any byte is changed, or under another secret', () => {
    const token = signActionLink(key, {
      inquiryId: randomUUID(),
      action: 'contacted',
      expiresAt: Date.now(),
      ownerId: undefined,
    });
    const bytes = Buffer.from(token, 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      const changed = Buffer.from(bytes);
      changed[i]! ^= 1;
      expect(readActionLink(key, changed.toString('base64url')), `byte ${i}`).toBeUndefined();
    }
    expect(readActionLink(actionLinkKey('another-session-secret-0123456789abcd'), token)).toBeUndefined();
    expect(readActionLink(key, `${token}A`)).toBeUndefined();
    expect(readActionLink(key, 'not a token')).toBeUndefined();
  });
});
