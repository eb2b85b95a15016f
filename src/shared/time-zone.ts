// A time zone's wall clock and offset at an instant, from the platform's time zone
// database: one cached formatter per zone (making one costs far more than using it).
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The zone's wall clock at an instant: 'YYYY-MM-DD' and 'HH:MM'. */
export function wallClock(timeZone: string, at: number): { date: string; time: string } {
  const parts = formatOf(timeZone).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/** The zone's UTC offset, in minutes, at an instant. */
export function offsetAt(timeZone: string, at: number): number {
  const { date, time } = wallClock(timeZone, at);
  return Math.round((Date.parse(`${date}T${time}:00Z`) - Math.floor(at / 60_000) * 60_000) / 60_000);
}

/** An offset in minutes as '+0530' (iCalendar), or with a separator as '+05:30' (ISO 8601). */
export function offsetText(minutes: number, separator = ''): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${separator}${String(abs % 60).padStart(2, '0')}`;
}

/** The day it is in the zone: 'YYYY-MM-DD'. */
export const todayIn = (timeZone: string, at: number = Date.now()): string => wallClock(timeZone, at).date;
