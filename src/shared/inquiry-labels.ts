// The inquiry's labels in Spanish (record 300), for the Spanish form and the messages
// to a customer who wrote in Spanish. English stays the field table's (inquiry.ts):
// one label per field there; here one per field and form control, the same names.
import type { Language } from './language.js';
import type { INQUIRY_FIELDS } from './inquiry.js';

type Fields = typeof INQUIRY_FIELDS;
type BuiltControls = { [K in keyof Fields]: Fields[K] extends { controls: infer C } ? keyof C : never }[keyof Fields];

/** Every field's and control's label in Spanish (a missing one fails the type check). */
export const SPANISH_LABELS: Record<keyof Fields | BuiltControls, string> = {
  dateCreated: 'Completado el',
  firstName: 'Nombre',
  lastName: 'Apellido',
  email: 'Correo electrónico',
  phoneNumber: 'Teléfono',
  company: 'Empresa o escuela',
  eventName: 'Nombre del evento',
  eventDate: 'Fecha',
  siteAddress: 'Dirección',
  streetAddress: 'Calle y número',
  city: 'Ciudad',
  state: 'Estado',
  postalCode: 'Código postal',
  startTime: 'Hora de inicio',
  endTime: 'Hora de fin',
  plannedGuestCount: 'Invitados previstos',
  operation: 'Servicio',
  package: 'Paquete',
  packageChoice: 'Paquete',
  notes: 'Notas',
  reference: '¿Cómo supo de nosotros?',
  createdAt: 'Recibida',
  source: 'Origen',
};

/** A field's or control's label in a language: English from the field table, Spanish from above. */
export function labelIn(name: string, english: string, language: Language): string {
  return language === 'es' ? (SPANISH_LABELS[name as keyof typeof SPANISH_LABELS] ?? english) : english;
}
