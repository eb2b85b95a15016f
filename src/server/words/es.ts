// Every text a customer reads in a message from the server, in Spanish (record 300):
// the same keys as en.ts (words.test.ts checks that no key is missing and no English slips in).
import type { CustomerWords } from './en.js';

type Fill = Record<string, string | number>;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const es: CustomerWords = {
  guests: (count: number) => plural(count, 'invitado', 'invitados'),
  confirmationSubject: ({ business }: Fill) => `Recibimos su solicitud – ${business}`,
  confirmationGreeting: 'Hola:',
  confirmationThanks: ({ business }: Fill) =>
    `gracias por su solicitud. ${business} ya la recibió. Esto es lo que nos pidió:`,
  confirmationNext:
    'Qué sigue: leemos cada solicitud nosotros mismos y le responderemos por correo electrónico o por teléfono para hablar de su evento y enviarle una cotización. Por ahora no necesita hacer nada más.',
  confirmationReach: ({ email, phone, hours }: Fill) =>
    `Si necesita comunicarse antes: ${email}, ${phone} (${hours}). Para escribirnos, basta con responder a este correo.`,
  noticeGreeting: ({ firstName }: Fill) => `Hola, ${firstName}:`,
  noticeReach: ({ phone }: Fill) => `¿Preguntas? Responda a este correo o llámenos: ${phone}.`,
  estimateLine: ({ range }: Fill) => `Estimado: ${range}`,
  estimateFor: ({ packageName, guests }: Fill) => `${packageName} para ${guests}`,
  estimateServiceCharge: ({ rate }: Fill) => `cargo por servicio del ${rate}`,
  estimateTax: ({ rate }: Fill) => `impuesto del ${rate}`,
  estimateTravelKnown: 'el traslado a su dirección',
  estimateTravelRange: 'el traslado, que depende de la dirección',
  estimateNote: ({ parts, travel }: Fill) =>
    `${parts} y ${travel}. Es un estimado, no una cotización: su cotización confirmará el precio.`,
  quoteSubject: ({ business }: Fill) => `Su cotización de ${business}`,
  revisedQuoteSubject: ({ business }: Fill) => `Su cotización revisada de ${business}`,
  quoteThanks: ({ business, day }: Fill) =>
    `Gracias por pensar en ${business} para su evento del ${day}. Aquí tiene su cotización.`,
  revisedQuoteThanks: ({ business, day }: Fill) =>
    `Gracias por pensar en ${business} para su evento del ${day}. Aquí tiene su cotización revisada.`,
  quoteTotals: ({ total, deposit }: Fill) => `Total: ${total}. Depósito para reservar la fecha: ${deposit}.`,
  acceptUntil: ({ day }: Fill) => `Puede aceptarla en línea hasta el ${day}.`,
  quoteReplaces: 'Reemplaza la cotización que le enviamos antes.',
  seeAndAccept: 'Ver su cotización y aceptarla',
  seeQuote: 'Ver su cotización',
  nudgeSubject: ({ business }: Fill) => `Su cotización de ${business} sigue abierta`,
  nudgeSent: ({ day, total }: Fill) => `Hace unos días le enviamos una cotización para su evento del ${day}: ${total}.`,
  nudgeAsk: 'Si tiene alguna pregunta o desea cambiar algo, responda a este correo.',
  expiringSubject: ({ business, day }: Fill) => `Su cotización de ${business} puede aceptarse hasta el ${day}`,
  expiringLast: ({ day, total, until }: Fill) =>
    `Un último aviso sobre la cotización para su evento del ${day} (${total}): puede aceptarse en línea hasta el final del ${until}.`,
  expiringNothing: 'Si sus planes cambiaron, no necesita hacer nada.',
  thankYouSubject: ({ business }: Fill) => `Gracias de parte de ${business}`,
  thankYouLine: ({ day }: Fill) =>
    `Gracias por recibirnos en su evento del ${day}. Esperamos que usted y sus invitados lo hayan disfrutado.`,
  thankYouReview: 'Si tiene un minuto, una breve reseña ayuda a otros anfitriones a encontrarnos.',
  thankYouAgain: 'Nos encantaría volver a cocinar para usted.',
  leaveReview: 'Dejar una reseña',
  visit: ({ business }: Fill) => `Visitar ${business}`,
  digestLine: ({ digest }: Fill) =>
    `Huella de la aceptación: ${digest}. La página de su cotización y nuestros registros muestran lo mismo; si alguna vez difieren, avísenos.`,
  acceptedSubject: ({ business, day }: Fill) => `Aceptó nuestra cotización: ${business}, ${day}`,
  acceptedThanks: ({ version, day, at }: Fill) =>
    `¡Gracias! Aceptó la versión ${version} de nuestra cotización para su evento del ${day}, el ${at}.`,
  whatAccepted: 'Lo que aceptó:',
  acceptedLine: ({ description, quantity, unit, amount }: Fill) => `${description}: ${quantity} × ${unit} = ${amount}`,
  acceptedTotals: ({ total, deposit }: Fill) => `Total: ${total}. Depósito para reservar su fecha: ${deposit}.`,
  acceptedTerms: ({ terms }: Fill) => `Condiciones: ${terms}`,
  howToPay: ({ offline }: Fill) =>
    `Cómo pagar el depósito: desde la página de su cotización (el enlace de abajo), o ${offline}`,
  seeAndPay: 'Ver su cotización y pagar el depósito',
  receiptSubject: ({ amount, business }: Fill) => `Recibo: ${business} recibió ${amount}`,
  receiptReceived: ({ amount, method, at }: Fill) => `Recibimos su pago de ${amount} (${method}) el ${at}. ¡Gracias!`,
  paidOnline: 'en línea',
  methods: {
    cash: 'Efectivo',
    check: 'Cheque',
    'bank-transfer': 'Transferencia bancaria',
    card: 'Tarjeta',
    other: 'Otro medio',
    online: 'En línea',
  },
  receiptFigures: ({ total, paid, left }: Fill) => `Total: ${total}. Pagado hasta ahora: ${paid}. Por pagar: ${left}.`,
  dateHeld: ({ day }: Fill) => `Su fecha, ${day}, queda reservada para usted.`,
  dateHeldOnce: ({ day, deposit }: Fill) => `Su fecha, ${day}, queda reservada al pagar el depósito de ${deposit}.`,
  inDays: (days: number) => (days === 1 ? 'mañana' : `dentro de ${days} días`),
  finalCountKept: ({ guests, last }: Fill) =>
    `Tenemos su número final de invitados: ${guests}. Si cambia, puede actualizarlo hasta el final del ${last}.`,
  finalCountAsk: ({ last, guests }: Fill) =>
    `Díganos su número final de invitados antes del final del ${last}: su cotización es para ${guests}.`,
  finalCountLastSubject: ({ day }: Fill) => `Hoy es el último día para su número final de invitados (${day})`,
  finalCountSubject: ({ day }: Fill) => `Su número final de invitados para el ${day}`,
  eventOn: ({ business, day, when }: Fill) => `Su evento con ${business} es el ${day}, ${when}.`,
  giveFinalCount: 'Indicar su número final de invitados',
  balanceSubject: ({ day }: Fill) => `Saldo pendiente de su evento del ${day}`,
  balanceLine: ({ business, day, balance, total, paid }: Fill) =>
    `El saldo de su evento con ${business} del ${day} es de ${balance} (total ${total}, pagado ${paid}).`,
  // An address that leads to no page (record 460).
  pageNotFound: 'Página no encontrada',
  backHome: 'Volver a la página principal',
};
