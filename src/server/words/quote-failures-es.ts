// The quote page's failure pages and refusals in Spanish (record 420): the same keys as quote-failures-en.ts.
import type { QuoteFailureWords } from './quote-failures-en.js';

type Fill = Record<string, string | number>;

export const quoteFailuresEs: QuoteFailureWords = {
  notDone: 'No se hizo',
  notAvailable: 'No disponible por ahora',
  notSentYet: 'Aún no se envió',
  tryAgain: 'Intentar de nuevo',
  keptList: 'Lo que envió se conserva:',
  yes: 'Sí',
  backToQuote: 'Volver a la cotización',
  reason: 'Motivo',
  somethingWrong: 'Algo falló de nuestro lado. Inténtelo de nuevo.',
  unavailable: ({ seconds }: Fill) =>
    `El sitio no puede recibir esto ahora mismo (su almacenamiento no responde). Inténtelo de nuevo en ${seconds} segundos.`,
  notAccepted: 'No pudimos recibir esto tal como llegó. Vuelva a la cotización e inténtelo de nuevo.',
  fromQuotePage: 'Responda desde la página de la cotización, por favor.',
  tickAccept: 'Marque “Acepto las condiciones” para aceptar la cotización.',
  paymentUnreachable:
    'No pudimos comunicarnos con el servicio de pago en este momento. Inténtelo de nuevo en un minuto, o pague de otra forma más abajo.',
};
