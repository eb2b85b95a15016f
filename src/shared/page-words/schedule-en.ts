// The "Find the truck" section's fixed words in English (record 360): the server writes the
// section (schedule-section.ts), so these never enter the page's bundle. schedule-es.ts has
// the same keys in Spanish.
type Fill = Record<string, string | number>;

export const scheduleEn = {
  title: 'Find the truck',
  today: 'Today',
  openNow: 'Open now',
  every: ({ weekday, hours, until }: Fill) => `Every ${weekday}, ${hours}, until ${until}`,
  next: ({ day }: Fill) => `Next: ${day}`,
  openInMaps: 'Open in Maps',
  orderAhead: 'Order ahead',
  empty: 'No stops are scheduled right now. Check back soon: new stops show here as soon as they are set.',
  allStops: 'All stops',
  subscribe: 'Add the truck’s stops to your calendar',
};

export type ScheduleWords = typeof scheduleEn;
