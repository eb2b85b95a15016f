// The no-JavaScript form's answers in Spanish (record 360): the same keys as answer-en.ts.
import type { AnswerWords } from './answer-en.js';

type Fill = Record<string, string | number>;

export const answerEs: AnswerWords = {
  checkFields: (count: number) => (count === 1 ? 'Revise este campo' : `Revise estos ${count} campos`),
  notSent: 'Su solicitud no se envió',
  somethingWrong: 'Algo falló de nuestro lado. Inténtelo de nuevo.',
  notStored: 'No pudimos guardar esta solicitud. Inténtelo de nuevo.',
  fromOurPage: 'Envíe la solicitud desde nuestra propia página.',
  tooMany: ({ seconds }: Fill) =>
    `Demasiadas solicitudes desde esta dirección. Inténtelo de nuevo en ${seconds} segundos.`,
  unavailable: ({ seconds }: Fill) =>
    `El sitio no puede recibirla ahora mismo (su almacenamiento no responde). Inténtelo de nuevo en ${seconds} segundos.`,
  notAccepted: 'No pudimos recibir el formulario tal como llegó. Inténtelo de nuevo.',
  bookNow: 'Reservar ahora',
};
