// The customer's quote page in Spanish (record 300): the same keys as quote-en.ts.
import type { QuoteWords } from './quote-en.js';

type Fill = Record<string, string | number>;

export const quoteEs: QuoteWords = {
  title: ({ event }: Fill) => `Cotización para ${event}`,
  forWhom: ({ name }: Fill) => `Para ${name}`,
  version: ({ version }: Fill) => `versión ${version}`,
  sentOn: ({ day }: Fill) => `enviada el ${day}`,
  whatWeBring: 'Lo que llevaremos',
  pricesIn: ({ currency }: Fill) => `Precios en ${currency}`,
  item: 'Concepto',
  quantity: 'Cant.',
  unitPrice: 'Precio unitario',
  amount: 'Importe',
  validUntil: 'Válida hasta el',
  terms: 'Condiciones',
  subtotal: 'Subtotal',
  serviceCharge: ({ rate }: Fill) => `Cargo por servicio (${rate})`,
  tax: ({ rate }: Fill) => `Impuesto (${rate})`,
  total: 'Total',
  depositDue: 'Depósito a pagar',
  noteFrom: ({ business }: Fill) => `Una nota de ${business}`,
  yourEvent: 'Su evento',
  date: 'Fecha',
  time: 'Hora',
  place: 'Lugar',
  guests: 'Invitados',
  yourAnswer: 'Su respuesta',
  acceptTerms: 'Acepto las condiciones',
  acceptQuote: 'Aceptar la cotización',
  decline: 'Rechazar',
  declineThis: 'Rechazar esta cotización',
  reason: 'Motivo (opcional)',
  declineQuote: 'Rechazar la cotización',
  backToQuote: 'Volver a la cotización',
  pageDescription: ({ business }: Fill) => `Una cotización de ${business}`,
};
