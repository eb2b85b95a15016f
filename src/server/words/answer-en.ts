// The no-JavaScript form's answers in English (record 360): the words the server adds to
// the form page it answers a post with (answer-es.ts has the same keys in Spanish).
type Fill = Record<string, string | number>;

export const answerEn = {
  /** Above the form when some fields are wrong. */
  checkFields: (count: number) => (count === 1 ? 'Please check this field' : `Please check these ${count} fields`),
  notSent: 'Your inquiry was not sent',
  somethingWrong: 'Something went wrong on our side. Please try again.',
  notStored: 'This inquiry could not be stored. Please try again.',
  fromOurPage: 'Please send the inquiry from our own page.',
  tooMany: ({ seconds }: Fill) => `Too many inquiries from this address. Please try again in ${seconds} seconds.`,
  unavailable: ({ seconds }: Fill) =>
    `The site cannot take this right now (its storage is unavailable). Please try again in ${seconds} seconds.`,
  notAccepted: 'This form could not be taken as it was sent. Please try again.',
  /** Instant booking's button on the thank-you page (record 350). */
  bookNow: 'Book now',
};

export type AnswerWords = typeof answerEn;
