// The "Find the truck" section's fixed words in Spanish (record 360): the same keys as schedule-en.ts.
import type { ScheduleWords } from './schedule-en.js';

type Fill = Record<string, string | number>;

export const scheduleEs: ScheduleWords = {
  title: 'Encuentre el camión',
  today: 'Hoy',
  openNow: 'Abierto ahora',
  every: ({ weekday, hours, until }: Fill) => `Cada ${weekday}, ${hours}, hasta el ${until}`,
  next: ({ day }: Fill) => `Próxima: ${day}`,
  openInMaps: 'Abrir en Mapas',
  orderAhead: 'Pedir por adelantado',
  empty: 'No hay paradas programadas por ahora. Vuelva pronto: las nuevas paradas aparecen aquí en cuanto se fijan.',
  allStops: 'Todas las paradas',
  subscribe: 'Agregue las paradas del camión a su calendario',
};
