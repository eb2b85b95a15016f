// "Book now"'s refusal pages in English (record 350; Spanish in instant-es.ts, record 420).
import { DAY_TAKEN_MESSAGE } from '../../shared/availability.js';

type Fill = Record<string, string | number>;

export const instantEn = {
  notBooked: 'Not booked',
  nothingChanged: ({ phone }: Fill) => `Nothing was changed. Questions? Call us: ${phone}.`,
  fromOurPage: 'Please book from our own page.',
  missing: 'This “Book now” link does not lead to an inquiry.',
  quoted: 'This inquiry has its quote already: see it through the link in our e-mail.',
  notNew: 'This inquiry cannot be booked instantly any more: we will answer it ourselves.',
  dayTaken: DAY_TAKEN_MESSAGE,
  notOffered: 'This inquiry cannot be booked instantly: we will send you a quote ourselves.',
};

export type InstantWords = typeof instantEn;
