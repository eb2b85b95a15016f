// "Book now"'s refusal pages in Spanish (record 420): the same keys as instant-en.ts.
import { DAY_TAKEN_MESSAGE } from '../../shared/availability.js';
import { fieldMessageIn } from './field-messages.js';
import type { InstantWords } from './instant-en.js';

type Fill = Record<string, string | number>;

export const instantEs: InstantWords = {
  notBooked: 'Sin reservar',
  nothingChanged: ({ phone }: Fill) => `No se cambió nada. ¿Preguntas? Llámenos al ${phone}.`,
  fromOurPage: 'Reserve desde nuestra propia página, por favor.',
  missing: 'Este enlace de “Reservar ahora” no lleva a ninguna solicitud.',
  quoted: 'Esta solicitud ya tiene su cotización: véala con el enlace de nuestro correo.',
  notNew: 'Esta solicitud ya no se puede reservar al instante: la atenderemos nosotros mismos.',
  dayTaken: fieldMessageIn('es', DAY_TAKEN_MESSAGE),
  notOffered: 'Esta solicitud no se puede reservar al instante: le enviaremos una cotización nosotros mismos.',
};
