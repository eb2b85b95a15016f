// Reading the inquiry form's DOM: its controls' values, by the DOM contract's names.
import { FORM_CONTROLS, type InquiryBody, type InquiryFormValues } from '../../shared/inquiry.js';

export function readValues(form: HTMLFormElement): InquiryFormValues {
  const values = {} as InquiryFormValues;
  for (const name of FORM_CONTROLS) {
    values[name] = (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  }
  return values;
}

export function formControl(form: HTMLFormElement | null, name: string): HTMLInputElement | HTMLSelectElement | null {
  return form?.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
}

/** Same inquiry as a send that got no answer? Then resend that one, id and all. */
export function sameInquiry(a: InquiryBody, b: InquiryBody): boolean {
  const { dateCreated: _a, fillMs: _fa, ...restA } = a;
  const { dateCreated: _b, fillMs: _fb, ...restB } = b;
  return JSON.stringify(restA) === JSON.stringify(restB);
}
