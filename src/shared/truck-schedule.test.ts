import { describe, expect, it } from 'vitest';
import { scheduleSection, withScheduleSection, SCHEDULE_END, SCHEDULE_START, stopEvents } from './schedule-section.js';
import type { StopFields } from './stop-fields.js';
import {
  addDays,
  localNow,
  overlapsOf,
  stopEntries,
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

describe('stops at the same time, and weekly runs', () => {
  it('finds the stops that overlap, overnight ones too, and not those that only touch', () => {
    const market = stop({ id: 'm', starts: '10:00', ends: '14:00' });
    const brewery = stop({ id: 'b', starts: '13:00', ends: '18:00', place: 'Brewery' });
    const evening = stop({ id: 'e', starts: '18:00', ends: '01:00', place: 'Late night' });
    const afterMidnight = stop({ id: 'n', date: addDays(market.date, 1), starts: '00:30', ends: '03:00' });
    const found = overlapsOf([market, brewery, evening, afterMidnight]);
    expect(found.get('m')).toEqual([brewery]);
    expect(found.get('b')).toEqual([market]);
    expect(found.get('e')).toEqual([afterMidnight]);
    expect(found.get('n')).toEqual([evening]);
  });

  it('groups a stop repeated seven days apart, and only that', () => {
    const weekly = [0, 7, 14].map((days, i) => stop({ id: `w${i}`, date: addDays('2030-06-01', days) }));
    const skipped = stop({ id: 'x', date: addDays('2030-06-01', 28) }); // a week left out: a run of its own
    const otherHours = stop({ id: 'y', date: addDays('2030-06-01', 21), starts: '12:00' });
    const entries = stopEntries([...weekly, otherHours, skipped]);
    expect(entries.map((entry) => entry.stops.map((s) => s.id))).toEqual([['w0', 'w1', 'w2'], ['y'], ['x']]);
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
    expect(at('2030-05-27T06:30:00Z')).toContain('<strong class="schedule-open">Open now</strong>');
    expect(at('2030-05-27T07:00:00Z')).toContain('No stops are scheduled right now.'); // 02:00: ended
  });

  it('says its fixed words in the page’s language: the Spanish page’s section in Spanish (record 360)', () => {
    const weekly = [
      stop({ id: 't', date: TODAY, place: 'Brewery' }),
      stop({ id: 'a' }),
      stop({ id: 'b', date: '2030-06-02' }),
      stop({ id: 'c', date: '2030-06-09' }),
    ];
    const html = scheduleSection(weekly, { ...options, locale: 'es', language: 'es', preorderStops: new Set(['a']) });
    expect(html).toContain('<h2 id="schedule-title">Encuentre el camión</h2>');
    expect(html).toContain('<strong class="schedule-today">Hoy</strong>');
    expect(html).toContain('>Abrir en Mapas</a>');
    expect(html).toContain('>Pedir por adelantado</a>');
    // The Spanish order page (record 420); English's stays /order/<stop id>.
    expect(html).toContain('<a class="schedule-order" href="/es/order/a"');
    expect(scheduleSection(weekly, { ...options, preorderStops: new Set(['a']) })).toContain(
      '<a class="schedule-order" href="/order/a"',
    );
    expect(html).toMatch(/<span>Cada domingo, <span class="schedule-hours">/);
    expect(html).toContain('Agregue las paradas del camión a su calendario');
    expect(html).not.toMatch(/Find the truck|Today|Open in Maps|Order ahead|Every|calendar</);
    expect(scheduleSection([], { ...options, language: 'es' })).toContain('No hay paradas programadas por ahora.');
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

  it('lists the next three first and the rest under "All stops", and describes ten for search engines', () => {
    const many: StopFields[] = Array.from({ length: 34 }, (_, i) => stop({ date: addDays('2030-05-27', i) }));
    const html = scheduleSection(
      many.map((fields, i) => ({ ...fields, id: `s${i}` })),
      options,
    );
    const [first, rest] = html.split('<details class="schedule-more"><summary>All stops</summary>');
    expect(first!.match(/class="schedule-stop"/g)).toHaveLength(3);
    expect(rest!.match(/class="schedule-stop"/g)).toHaveLength(27);
    const json = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(json).toHaveLength(10);
    // Three or fewer: no "All stops".
    expect(scheduleSection([stop()], options)).not.toContain('All stops');
  });

  it('shows a weekly stop once, as "Every Saturday … until …", and its next day', () => {
    // Saturdays from June 1, 2030, four weeks; and a stop of its own in between.
    const saturdays = [0, 7, 14, 21].map((days, i) =>
      stop({ id: `w${i}`, date: addDays('2030-06-01', days), starts: '11:00', ends: '15:00', place: 'East Brewery' }),
    );
    const html = scheduleSection([...saturdays, stop({ id: 'o', date: '2030-06-05' })], options);
    const list = html.slice(0, html.indexOf('<script'));
    expect(list.match(/East Brewery/g)).toHaveLength(1);
    expect(html).toContain(
      'Every Saturday, <span class="schedule-hours">11:00 AM–3:00 PM</span>, until <time datetime="2030-06-22">Sat, Jun 22</time>',
    );
    expect(html).toContain('Next: <time datetime="2030-06-01">Sat, Jun 1</time>');
    expect(html.indexOf('East Brewery')).toBeLessThan(html.indexOf('Sunday Market'));
    // Each of the four is still a FoodEvent.
    const json = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(json).toHaveLength(5);
  });

  it('says "Open now" while a stop is under way, not before it starts nor once it has ended', () => {
    const lunch = stop({ date: '2030-05-26', starts: '11:00', ends: '14:00' });
    const at = (time: string) => scheduleSection([lunch], { ...options, now: new Date(`2030-05-26T${time}:00-05:00`) });
    expect(at('10:59')).toContain('>Today<');
    expect(at('10:59')).not.toContain('Open now');
    expect(at('11:00')).toContain('Open now');
    expect(at('13:59')).toContain('Open now');
    expect(at('14:00')).not.toContain('Open now');
  });
});
