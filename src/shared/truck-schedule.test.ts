import { describe, expect, it } from 'vitest';
import { scheduleSection, withScheduleSection, SCHEDULE_END, SCHEDULE_START, stopEvents } from './schedule-section.js';
import type { StopFields } from './stop-fields.js';
import {
  addDays,
  localNow,
  stopDay,
  stopProblems,
  stopTime,
  type TruckStop,
  upcomingStops,
  zonedIso,
} from './truck-schedule.js';

const stop = (overrides: Partial<TruckStop> = {}): TruckStop => ({
  id: 'a1',
  date: '2030-05-26',
  starts: '11:00',
  ends: '14:00',
  place: 'Sunday Market',
  address: '400 W 2nd St, Austin, TX',
  note: '',
  ...overrides,
});
const TODAY = '2030-05-20';
const NOW = { date: TODAY, time: '09:00' };

describe('a stop’s rules (the inbox’s form and the server alike)', () => {
  it('takes a stop from today on, and an overnight one', () => {
    expect(stopProblems(stop(), NOW)).toEqual({});
    expect(stopProblems(stop({ date: TODAY }), NOW)).toEqual({});
    expect(stopProblems(stop({ starts: '20:00', ends: '01:30' }), NOW)).toEqual({});
    expect(stopProblems(stop({ note: 'By the north gate' }), NOW)).toEqual({});
  });

  it('names each field that is wrong by its label', () => {
    const problems = stopProblems(
      { date: '2030-02-30', starts: '25:00', ends: '9:00', place: '', address: ' 1 Main St', note: 'a\nb' },
      NOW,
    );
    expect(problems).toEqual({
      date: 'Date: enter a date such as 2030-05-26.',
      starts: 'Starts: enter a time such as 11:30.',
      ends: 'Ends: enter a time such as 11:30.',
      place: 'Place: please fill this in.',
      address: 'Address: must not start or end with spaces or line breaks.',
      note: 'Note: must not contain control characters or line breaks.',
    });
  });

  it('never takes a stop that has ended, nor one more than two years ahead, nor one ending as it starts', () => {
    expect(stopProblems(stop({ date: addDays(TODAY, -1) }), NOW).date).toBe('Date: pick today or a later day.');
    expect(stopProblems(stop({ date: TODAY, starts: '07:00', ends: '09:00' }), NOW).ends).toBe(
      'Ends: this stop has ended already; pick a later time.',
    );
    // Last night's late stop, still running at 01:00: it can be changed (its note, say), or put back.
    const lastNight = stop({ date: addDays(TODAY, -1), starts: '20:00', ends: '02:00' });
    expect(stopProblems(lastNight, { date: TODAY, time: '01:00' })).toEqual({});
    expect(stopProblems(lastNight, { date: TODAY, time: '02:00' }).date).toBe('Date: pick today or a later day.');
    expect(stopProblems(stop({ date: addDays(TODAY, 800) }), NOW).date).toBe('Date: pick a day within two years.');
    expect(stopProblems(stop({ ends: '11:00' }), NOW).ends).toBe('Ends: must differ from Starts.');
    expect(stopProblems(stop({ place: 'x'.repeat(81) }), NOW).place).toBe('Place: at most 80 characters.');
  });
});

describe('the business’s clock', () => {
  it('reads now as the business’s local date and time', () => {
    const now = new Date('2030-05-26T04:30:00Z');
    expect(localNow(now, 'America/Chicago')).toEqual({ date: '2030-05-25', time: '23:30' });
    expect(localNow(now, 'Europe/London')).toEqual({ date: '2030-05-26', time: '05:30' });
  });

  it('keeps the stops that have not ended, soonest first (a late night ends the next day)', () => {
    const zone = 'America/Chicago';
    const now = new Date('2030-05-26T19:00:00Z'); // 14:00 in Chicago
    const ended = stop({ id: 'ended', starts: '09:00', ends: '13:59' });
    const endsNow = stop({ id: 'ends-now', starts: '10:00', ends: '14:00' });
    const running = stop({ id: 'running', starts: '12:00', ends: '15:00' });
    const lastNight = stop({ id: 'last-night', date: '2030-05-25', starts: '20:00', ends: '02:00' });
    const tonight = stop({ id: 'tonight', starts: '20:00', ends: '02:00' });
    const later = stop({ id: 'later', date: '2030-06-02' });
    const ids = upcomingStops([later, tonight, lastNight, running, endsNow, ended], now, zone).map((s) => s.id);
    expect(ids).toEqual(['running', 'tonight', 'later']);
  });

  it('gives dates with the zone’s offset, summer and winter', () => {
    expect(zonedIso('2030-07-01', '11:00', 'America/Chicago')).toBe('2030-07-01T11:00:00-05:00');
    expect(zonedIso('2030-01-15', '11:00', 'America/Chicago')).toBe('2030-01-15T11:00:00-06:00');
    expect(zonedIso('2030-07-01', '11:00', 'Asia/Kolkata')).toBe('2030-07-01T11:00:00+05:30');
    expect(zonedIso('2030-01-15', '09:00', 'Europe/London')).toBe('2030-01-15T09:00:00+00:00');
  });

  it('writes a date and a time in the business’s locale, whatever zone reads it', () => {
    expect(stopDay('2030-05-26', 'en-US')).toBe('Sun, May 26');
    expect(stopDay('2030-05-26', 'en-GB')).toBe('Sun 26 May');
    expect(stopTime('17:30', 'en-US')).toBe('5:30 PM');
    expect(stopTime('17:30', 'en-GB')).toBe('17:30');
  });
});

describe('the landing page’s "Find the truck" section', () => {
  const options = {
    now: new Date('2030-05-26T15:00:00Z'), // 10:00 on the 26th in Chicago
    timeZone: 'America/Chicago',
    locale: 'en-US',
    businessId: 'https://tacos.example/#business',
    businessName: 'Taco Loco',
  };

  it('lists the next stops in order, today’s marked, each with its map link and a FoodEvent', () => {
    const html = scheduleSection(
      [stop({ id: 'b', date: '2030-06-02', place: 'Brewery Thursdays' }), stop({ id: 'a' })],
      options,
    );
    expect(html.startsWith(SCHEDULE_START) && html.endsWith(SCHEDULE_END)).toBe(true);
    expect(html).toContain('<h2 id="schedule-title">Find the truck</h2>');
    expect(html.indexOf('Sunday Market')).toBeLessThan(html.indexOf('Brewery Thursdays'));
    expect(html.match(/>Today</g)).toHaveLength(1);
    expect(html.indexOf('>Today<')).toBeLessThan(html.indexOf('Sunday Market'));
    expect(html).toContain('11:00 AM–2:00 PM');
    expect(html).toContain(
      'href="https://www.google.com/maps/search/?api=1&amp;query=400%20W%202nd%20St%2C%20Austin%2C%20TX" aria-describedby="stop-a">Open in Maps</a>',
    );
    const json = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(json).toEqual(
      stopEvents([stop({ id: 'a' }), stop({ id: 'b', date: '2030-06-02', place: 'Brewery Thursdays' })], options),
    );
    expect(json[0]).toMatchObject({
      '@type': 'FoodEvent',
      startDate: '2030-05-26T11:00:00-05:00',
      endDate: '2030-05-26T14:00:00-05:00',
      location: { '@type': 'Place', name: 'Sunday Market', address: '400 W 2nd St, Austin, TX' },
      organizer: { '@id': 'https://tacos.example/#business' },
    });
  });

  it('marks last night’s late stop Today while it still runs', () => {
    const lateNight = stop({ date: '2030-05-26', starts: '20:00', ends: '02:00' });
    const at = (iso: string) => scheduleSection([lateNight], { ...options, now: new Date(iso) });
    expect(at('2030-05-27T06:30:00Z')).toContain('<strong class="schedule-today">Today</strong>'); // 01:30 there
    expect(at('2030-05-27T07:00:00Z')).toContain('No stops are scheduled right now.'); // 02:00: ended
  });

  it('says so plainly when nothing is scheduled, and drops stops that ended', () => {
    const html = scheduleSection([stop({ date: '2030-05-25' })], options);
    expect(html).toContain('No stops are scheduled right now.');
    expect(html).not.toContain('Open in Maps');
    expect(html).not.toContain('ld+json');
  });

  it('escapes what the owner typed, in the text and in the JSON-LD', () => {
    const html = scheduleSection([stop({ place: '<img src=x onerror=alert(1)>', note: '</script><b>' })], options);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('</script><b>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('is replaced between its markers in a page, and a page without them stays as it is', () => {
    const page = `<main>a${scheduleSection([], options)}b</main>`;
    const filled = withScheduleSection(page, scheduleSection([stop()], options));
    expect(filled).toContain('Sunday Market');
    expect(filled.startsWith('<main>a<!--schedule-->') && filled.endsWith('<!--/schedule-->b</main>')).toBe(true);
    expect(withScheduleSection('<main></main>', 'x')).toBe('<main></main>');
  });

  it('shows at most ten stops', () => {
    const many: StopFields[] = Array.from({ length: 14 }, (_, i) => stop({ date: addDays('2030-05-27', i) }));
    const html = scheduleSection(
      many.map((fields, i) => ({ ...fields, id: `s${i}` })),
      options,
    );
    expect(html.match(/class="schedule-stop"/g)).toHaveLength(10);
  });
});
