// The inbox's view in the query string: read leniently, written minimally, round trip.
import { describe, expect, it } from 'vitest';
import {
  cursorOf,
  inboxQueryString,
  mailtoHref,
  parseCursor,
  parseInboxQuery,
  replySubject,
  telHref,
} from './inbox-views.js';

const parse = (query: string) => parseInboxQuery(new URLSearchParams(query));
const CURSOR = '2026-11-22T03:00:00.000Z~6f1c2b1e-0d0a-4c55-9a51-3f4f6a7d0b02';

describe('the inbox query string', () => {
  it('reads every part of a view and writes it back the same', () => {
    const query = parse(
      `q=rosa+garcia&status=booked&from=2030-01-01&to=2030-02-01&spam=1&before=${encodeURIComponent(CURSOR)}`,
    );
    expect(query).toEqual({
      q: 'rosa garcia',
      status: 'booked',
      from: '2030-01-01',
      to: '2030-02-01',
      spam: true,
      before: CURSOR,
    });
    expect(parse(inboxQueryString(query))).toEqual(query);
  });

  it('drops what is malformed instead of failing', () => {
    expect(parse('status=won&from=yesterday&to=2030-13&spam=yes&before=x~y')).toEqual({
      q: '',
      status: '',
      from: '',
      to: '',
      spam: false,
      before: '',
    });
    expect(parse(`q=${'a'.repeat(500)}`).q).toHaveLength(200);
  });

  it('writes nothing for the default view', () => {
    expect(inboxQueryString(parse(''))).toBe('');
  });

  it('cursors carry createdAt and id', () => {
    const row = { createdAt: '2026-11-22T03:00:00.000Z', id: '6f1c2b1e-0d0a-4c55-9a51-3f4f6a7d0b02' };
    expect(cursorOf(row)).toBe(CURSOR);
    expect(parseCursor(CURSOR)).toEqual(row);
    expect(parseCursor('nonsense')).toBeUndefined();
  });
});

describe('one-tap actions', () => {
  it('a reply subject names the event and its date in words, or the service when the event has no name', () => {
    const day = (date: string) =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.parse(date));
    expect(replySubject({ eventName: 'Spring fair', eventDate: '2030-04-05', operation: 'Taco Truck' }, day)).toBe(
      'Re: Spring fair on Apr 5, 2030',
    );
    expect(replySubject({ eventName: ' ', eventDate: '2030-04-05', operation: 'Taco Truck' }, day)).toBe(
      'Re: your event (Taco Truck) on Apr 5, 2030',
    );
  });

  it('a mailto: link encodes the local part, so an address cannot add headers or text to the draft', () => {
    expect(mailtoHref('rosa.delgado@example.com', 'Re: fair')).toBe(
      'mailto:rosa.delgado@example.com?subject=Re%3A%20fair',
    );
    const hostile = mailtoHref('x?cc=boss@evil.example&body=Pay%20here&x=@example.com', 'Re: fair');
    expect(hostile).toBe(
      'mailto:x%3Fcc%3Dboss%40evil.example%26body%3DPay%2520here%26x%3D@example.com?subject=Re%3A%20fair',
    );
    // What a mail client reads from it: one recipient, one header (the subject), nothing else.
    const url = new URL(hostile);
    expect(decodeURIComponent(url.pathname)).toBe('x?cc=boss@evil.example&body=Pay%20here&x=@example.com');
    expect([...url.searchParams.keys()]).toEqual(['subject']);
  });

  it('a tel: link keeps only digits and the plus', () => {
    expect(telHref('+1 (512) 555-0199')).toBe('tel:+15125550199');
  });
});
