import { describe, expect, it } from 'vitest';
import { PATTERNS } from '../../shared/inquiry.js';
import { newInquiryId } from './send-inquiry.js';

describe('inquiry ids chosen in the browser', () => {
  it('are version 4 UUIDs the server accepts, and do not repeat', () => {
    const ids = Array.from({ length: 2000 }, newInquiryId);
    for (const id of ids) {
      expect(id).toMatch(new RegExp(`^${PATTERNS.inquiryId}$`));
      expect(id[14]).toBe('4');
      expect('89ab').toContain(id[19]!);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});
