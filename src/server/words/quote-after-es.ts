// The quote page after acceptance in Spanish (record 360): the same keys as quote-after-en.ts.
import type { QuoteAfterWords } from './quote-after-en.js';

type Fill = Record<string, string | number>;

export const quoteAfterEs: QuoteAfterWords = {
  guests: (count: number) => `${count} ${count === 1 ? 'invitado' : 'invitados'}`,
  acceptedPaid: ({ accepted, paid }: Fill) =>
    `<strong>Aceptada</strong> el ${accepted}. <strong>Depósito pagado</strong> el ${paid}: su fecha queda reservada. ¡Gracias!`,
  accepted: ({ day }: Fill) => `<strong>Aceptada</strong> el ${day}. ¡Gracias!`,
  declined: ({ day }: Fill) => `<strong>Rechazada</strong> el ${day}. Gracias por avisarnos.`,
  expired: ({ day }: Fill) => `<strong>Vencida</strong>: esta cotización podía aceptarse hasta el ${day}.`,
  askNewOne: ({ phone, email }: Fill) => `Pídanos una nueva: ${phone}, ${email}.`,
  digest: ({ digest }: Fill) => `Huella de la aceptación: <strong>${digest}</strong> (la misma en sus recibos).`,
  holdEnded: ({ day }: Fill) =>
    `<strong>Su fecha ya no está apartada</strong>: el depósito no se pagó antes del ${day}. Solo reserva la fecha si sigue libre.`,
  holdUntil: ({ day }: Fill) => `Apartamos su fecha hasta el ${day} para el depósito.`,
  confirming:
    'Su pago se está confirmando: esta página dirá “Depósito pagado” cuando lo esté. Por ahora no hay nada más que pagar.',
  checkAgain: 'Volver a consultar',
  started: ({ amount }: Fill) =>
    `Se inició un pago de ${amount} en la página del servicio de pagos. Si lo pagó, se está confirmando: esta página dirá “Depósito pagado” cuando lo esté. Por ahora no hay nada más que pagar.`,
  notFinished: ({ link }: Fill) => `¿No lo terminó? ${link}`,
  continuePayment: 'Continuar el pago',
  notMade: 'El pago no se realizó. Puede intentarlo de nuevo justo debajo, o pagar de otra forma.',
  nextDeposit: ({ amount }: Fill) => `<strong>Siguiente paso: el depósito, ${amount}</strong>, reserva su fecha.`,
  payBelow: 'Páguelo justo debajo.',
  howToPayBelow: 'Cómo pagarlo se indica justo debajo.',
  depositPaid: 'Depósito pagado',
  received: ({ amount }: Fill) => `Gracias: recibimos ${amount}. Su fecha queda reservada.`,
  balanceDue: ({ amount }: Fill) => `Saldo pendiente: <strong>${amount}</strong>.`,
  ifNotOnline: 'Si no pagó en línea:',
  payDeposit: 'Pagar el depósito',
  securePage: 'En la página segura del servicio de pagos; nunca vemos su tarjeta.',
  payAnotherWay: 'O pague de otra forma:',
  payingDeposit: 'Cómo pagar el depósito',
  depositDue: ({ amount }: Fill) => `Depósito pendiente: <strong>${amount}</strong>.`,
  finalCount: 'Número final de invitados',
  yourFinalCount: ({ guests, dietary }: Fill) => `Su número final de invitados: <strong>${guests}</strong>${dietary}.`,
  quoteIsFor: ({ guests }: Fill) =>
    `La cotización es para <strong>${guests}</strong>. Díganos el número final cuando lo sepa.`,
  totalWith: ({ guests, total, accepted }: Fill) =>
    `Con ${guests}, el total queda en <strong>${total}</strong> (aceptado: ${accepted}).`,
  countClosed: ({ day, call }: Fill) =>
    `El número final podía cambiarse aquí hasta el ${day}. Para cambiarlo ahora, ${call}.`,
  callUs: ({ business, phone }: Fill) => `llame a ${business} al ${phone}`,
  ofThem: 'De ellos, cuántos son (opcional)',
  countSaved: 'Guardado: su número final de invitados.',
  changeUntil: ({ day }: Fill) => `Puede cambiarlo aquí hasta el final del <strong>${day}</strong>.`,
  saveCount: 'Guardar el número final',
  onTheDay: 'El día del evento',
  onSiteContact: 'Contacto en el lugar',
  onSitePhone: 'Teléfono en el lugar',
  anyChange: ({ call }: Fill) => `Para cualquier cambio ahora, ${call}.`,
  detailsSaved: 'Guardado: lo que nos contó del día.',
  whoMeets: 'Quién recibe al camión ese día. Omita lo que aún no sepa.',
  whoMeetsAndSite: 'Quién recibe al camión ese día, y qué debemos saber del lugar. Omita lo que aún no sepa.',
  saveDetails: 'Guardar los detalles',
  replaced: 'Esta cotización fue reemplazada',
  replacedText:
    'Le enviamos una cotización más reciente, que reemplaza a esta. Encontrará su enlace en nuestro último correo.',
  tooMany: 'Demasiados cambios',
  tooManyText: ({ wait, phone }: Fill) =>
    `El enlace de esta cotización nos envió demasiados cambios en poco tiempo, así que este no se guardó. Inténtelo de nuevo en ${wait}, o llámenos: ${phone}.`,
  notFound: 'Cotización no encontrada',
  notFoundText: ({ phone }: Fill) => `Este enlace no lleva a ninguna cotización. Revíselo, o pregúntenos: ${phone}.`,
  seconds: (count: number) => `${count} segundos`,
  minutes: (count: number) => `${count} minutos`,
};
