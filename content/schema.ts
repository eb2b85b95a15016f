// The shape of an owner's content (its types in content-types.ts, exported here too),
// as one Valibot schema (record 230): the build checks the content file with it, and
// the site editor and the import will check every edit with it, all with the same
// messages, each naming its field, e.g. `packageGroups[0].packages[1].name: must not be empty`.
// The rules that compare fields with each other (unique names, prices the cards show)
// run after the shape holds, and speak the same way.

import * as v from 'valibot';
import { MAX_GUESTS } from '../src/shared/inquiry-fields.js';
import { minorDigits, toMinor, toRate } from '../src/shared/money.js';
import { eventPlanning } from './event-settings.js';
import { type BusinessContent, DIETARY_TAGS, type Menu, type OpeningHours, WEEKDAYS } from './content-types.js';
import { clientName, menuPrice, normalizePostal, operations, truckOperation } from './helpers.js';

export * from './content-types.js';

export {
  bookedChoice,
  businessId,
  clientName,
  DIETARY_LABELS,
  menuPrice,
  operations,
  packageOptionLabel,
  truckOperation,
  truckPackages,
} from './helpers.js';

/** One wrong field: where (`packageGroups[0].name`, '' for the whole) and what is wrong with it. */
export interface ContentIssue {
  path: string;
  message: string;
}

export class ContentError extends Error {
  /** Every wrong field found (the first is in the message), for a form that marks each beside its field. */
  readonly issues: readonly ContentIssue[];
  constructor(path: string, problem: string, issues: readonly ContentIssue[] = [{ path, message: problem }]) {
    super(`content/business.ts: ${path}: ${problem}`);
    this.name = 'ContentError';
    this.issues = issues;
  }
}

// Plain text: what the owner types in the inbox is shown as typed, never as HTML (the
// page escapes it); well-formed Unicode without NUL or control characters but line breaks and tabs.
// A control character but tab and line breaks, or a lone surrogate (\p{Cs} with the u flag).
const CONTROL = /[^\P{Cc}\t\n\r]|\p{Cs}/u;
const text = (max = 400) =>
  v.pipe(
    v.string('must be text'),
    v.check((value) => value.trim() !== '', 'must not be empty'),
    v.check((value) => !CONTROL.test(value), 'must not contain control characters'),
    v.maxLength(max, `must be at most ${max} characters`),
  );

const matching = (pattern: RegExp, what: string, max?: number) =>
  v.pipe(text(max), v.regex(pattern, `must be ${what}`));

const list = <T extends v.GenericSchema>(item: T, min = 1, max = 50) =>
  v.pipe(
    v.array(item, 'must be a list'),
    v.minLength(min, `needs at least ${min} item${min === 1 ? '' : 's'}`),
    v.maxLength(max, `must have at most ${max} items`),
  );

/** An object of exactly these fields; a missing one is told as its own check tells `undefined` ('must be text'). */
const record = <T extends v.ObjectEntries>(entries: T) =>
  v.strictObject(entries, (issue) => {
    if (issue.expected === 'never') return 'is not a known field (check its spelling)';
    const key = issue.path?.at(-1)?.key;
    if (issue.input === undefined && typeof key === 'string' && Object.hasOwn(entries, key)) {
      return v.safeParse(entries[key]!, undefined).issues?.[0]?.message ?? 'is missing';
    }
    return 'must be an object';
  });

const oneOf = <T extends string>(choices: readonly T[]) => v.picklist(choices, `must be one of ${choices.join(', ')}`);

const wholeNumber = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
};

/** A number from 0 up to (not including) `below`, said as `example` when it is not one. */
const positiveNumber = (below: number, example: string) => {
  const message = `must be a number such as ${example} (no currency sign)`;
  return v.pipe(v.number(message), v.finite(message), v.minValue(0, message), v.ltValue(below, message));
};

const flag = v.boolean('must be true or false');

// Links only https:, mailto: and tel: (or a #section of the page): the owner edits
// these in the inbox, and no edit may put a javascript: (or plain http:) link on the page.
// Its host only a hostname's characters (and a port): nothing that could close an attribute.
const httpUrl = matching(
  /^https:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/\S*)?$/,
  'an https address such as https://example.com',
);
const link = record({
  label: text(60),
  href: matching(/^(#[\w-]+|https:\/\/\S+|mailto:\S+|tel:\S+)$/, 'a #section, https, mailto: or tel: link'),
});
const colour = matching(/^#[0-9a-fA-F]{6}$/, 'a colour such as #0f5c3a');
const slug = matching(/^[a-z][a-z0-9-]*$/, 'lowercase letters, digits and dashes, starting with a letter');

/** The picture formats the build reads (src/build/pictures.ts). */
export const PICTURE_EXTENSIONS = ['svg', 'png', 'jpg', 'jpeg', 'webp'] as const;
const pictureFile = matching(
  /^(?![/\\])(?!.*\.\.)[^\n]+\.(svg|png|jpe?g|webp)$/i,
  `a file inside the content folder such as images/photo.jpg (${PICTURE_EXTENSIONS.join(', ')})`,
);
/** A photo uploaded in the inbox's "Site" page: `upload:` and the SHA-256 of its stored original (record 270). */
export const UPLOADED_PHOTO = /^upload:[0-9a-f]{64}$/;
const photoSource = v.union(
  [v.pipe(v.string(), v.regex(UPLOADED_PHOTO)), pictureFile],
  `must be an uploaded photo or a file inside the content folder such as images/photo.jpg (${PICTURE_EXTENSIONS.join(', ')})`,
);
const photo = record({ src: photoSource, alt: text(160) });

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};
const timeZone = v.pipe(text(60), v.check(isTimeZone, 'must be a time zone such as America/Chicago or Europe/London'));

const currency = v.pipe(
  matching(/^[A-Z]{3}$/, 'a three-letter currency code such as USD'),
  v.check(
    (code) => Intl.supportedValuesOf('currency').includes(code),
    'must be a known currency code such as USD, EUR or GBP',
  ),
);

const price = v.pipe(
  positiveNumber(100_000, '4.5'),
  v.check((value) => Math.abs(value * 100 - Math.round(value * 100)) <= 1e-6, 'must have at most two decimals'),
);

const menuItem = record({
  name: text(60),
  price,
  description: v.optional(text(160)),
  tags: v.optional(list(oneOf(DIETARY_TAGS), 0, DIETARY_TAGS.length)),
  photo: v.optional(photo),
});

const menu = record({
  currency,
  intro: v.optional(text(240)),
  groups: list(record({ name: text(40), items: list(menuItem, 1, 30) }), 1, 10),
});

const clientLogo = v.lazy((input) =>
  typeof input === 'string' ? text(40) : record({ name: text(40), image: pictureFile }),
);

/** An amount of the sale's currency, as a number (its decimals are checked against the currency in checkSale). */
const amount = positiveNumber(10_000_000, '12.5');

const percent = (max: number) => {
  const message = `must be a percentage from 0 to ${max}, such as 8.25 (no % sign)`;
  return v.pipe(
    v.number(message),
    v.finite(message),
    v.minValue(0, message),
    v.maxValue(max, message),
    v.check((value) => toRate(value) !== undefined, 'must have at most three decimals'),
  );
};

const pricePerEvent = record({ per: v.literal('event'), amount });
const pricePerGuest = record({
  // 'event' is taken by pricePerEvent; named here so an unknown way of pricing is told both.
  per: v.picklist(['guest'], 'must be one of guest, event'),
  amount,
  minimumGuests: v.optional(wholeNumber(1, MAX_GUESTS)),
  minimumSpend: v.optional(amount),
});
const pricing = v.lazy((input) =>
  (input as { per?: unknown } | null)?.per === 'event' ? pricePerEvent : pricePerGuest,
);

const sale = record({
  currency,
  serviceChargePercent: percent(100),
  tax: record({ percent: percent(100), onServiceCharge: flag, onTravel: flag }),
  travel: list(
    record({
      name: text(60),
      postalCodes: list(matching(/^[A-Za-z0-9 -]{1,12}$/, 'the start of a postal code'), 1, 200),
      fee: amount,
    }),
    0,
    20,
  ),
  depositPercent: percent(100),
  quoteValidDays: wholeNumber(1, 365),
  terms: text(4000),
  payOffline: text(600),
  reviewUrl: v.optional(httpUrl),
  // Default 7 (holdDaysOf, src/shared/availability.ts), as eventsPerDay is 1 when not given.
  holdDays: v.optional(wholeNumber(1, 90)),
});

const clockTime = (latest: string) =>
  matching(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, `a 24-hour time from 00:00 to ${latest}, such as 08:30`);

const openingHours = record({
  days: list(oneOf(WEEKDAYS), 1, WEEKDAYS.length),
  opens: clockTime('23:59'),
  closes: clockTime('24:00'),
});

const timeOfDay = matching(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day such as 09:00');
/** The most days any of the event's day counts (the cutoff, a reminder's days before) may be. */
export const MOST_EVENT_DAYS = 120;
const days = wholeNumber(0, MOST_EVENT_DAYS);

const event = record({
  eventsPerDay: v.optional(wholeNumber(1, 50)),
  setupMinutes: v.optional(wholeNumber(0, 720)),
  teardownMinutes: v.optional(wholeNumber(0, 720)),
  finalCountCutoffDays: v.optional(days),
  fewerGuestsLowerPrice: v.optional(flag),
  dietaryCounts: v.optional(list(text(40), 0, 8)),
  siteQuestions: v.optional(list(text(200), 0, 12)),
  reminders: v.optional(
    record({
      sendAt: v.optional(timeOfDay),
      finalCount: v.optional(record({ on: flag, daysBefore: v.optional(list(days, 1, 4)) })),
      balanceDue: v.optional(record({ on: flag, daysBefore: v.optional(days) })),
      tomorrow: v.optional(record({ on: flag })),
    }),
  ),
});

const packageCard = record({
  name: text(40),
  summary: text(160),
  price: text(40),
  pricing: v.optional(pricing),
  features: list(text(80), 1, 8),
  formNote: v.optional(text(80)),
  photo: v.optional(photo),
  operation: v.optional(text(60)),
  instantBook: v.optional(flag),
});

/** The owner's texts in Spanish (record 300): every one optional, the same limits as its English. */
const maybe = <T extends v.GenericSchema>(schema: T) => v.optional(schema);
/** A photo's description in Spanish (record 460): its picture is the English one's. */
const spanishAlt = maybe(record({ alt: maybe(text(160)) }));
const spanishTexts = record({
  locale: maybe(matching(/^es(-[A-Z]{2})?$/, 'a Spanish language tag such as es or es-US')),
  tagline: maybe(text(160)),
  seo: maybe(record({ title: maybe(text(70)), description: maybe(text(170)) })),
  nav: maybe(list(text(40), 0, 8)),
  hero: maybe(
    record({
      heading: maybe(text(80)),
      lead: maybe(text(240)),
      callToAction: maybe(text(30)),
      lightsHint: maybe(text(60)),
    }),
  ),
  operations: maybe(list(text(60), 0, 11)),
  packageGroups: maybe(
    list(
      record({
        label: maybe(text(40)),
        intro: maybe(text(240)),
        packages: maybe(
          list(
            record({
              summary: maybe(text(160)),
              price: maybe(text(40)),
              features: maybe(list(text(80), 0, 8)),
              formNote: maybe(text(80)),
              photo: spanishAlt,
            }),
            0,
            8,
          ),
        ),
      }),
      0,
      6,
    ),
  ),
  menu: maybe(
    record({
      intro: maybe(text(240)),
      groups: maybe(
        list(
          record({
            name: maybe(text(40)),
            items: maybe(list(record({ description: maybe(text(200)), photo: spanishAlt }), 0, 60)),
          }),
          0,
          20,
        ),
      ),
    }),
  ),
  sale: maybe(record({ terms: maybe(text(4000)), payOffline: maybe(text(600)) })),
  whyUs: maybe(
    record({
      heading: maybe(text(80)),
      points: maybe(list(record({ title: maybe(text(60)), text: maybe(text(240)) }), 0, 8)),
    }),
  ),
  clients: maybe(record({ heading: maybe(text(80)) })),
  contact: maybe(record({ serviceArea: maybe(text(120)), hours: maybe(text(80)) })),
  shareImage: spanishAlt,
});

const businessShape = record({
  name: text(60),
  shortName: v.optional(text(12)),
  product: matching(/^[^\s].{0,29}$/, 'a single short word such as Taco'),
  productPlural: v.optional(matching(/^[^\s].{0,29}$/, 'a single short word such as Tacos')),
  tagline: text(160),
  siteUrl: httpUrl,
  locale: matching(/^[a-z]{2}(-[A-Z]{2})?$/, 'a language tag such as en-US'),
  timeZone,
  priceRange: matching(/^\${1,4}$/, 'one to four $ signs'),
  cuisine: list(text(40), 1, 10),
  seo: record({ title: text(70), description: text(170) }),
  nav: list(link, 1, 8),
  hero: record({ heading: text(80), lead: text(240), callToAction: text(30), lightsHint: text(60) }),
  otherOperations: list(text(60), 0, 10),
  truckPackageGroup: slug,
  packageGroups: list(
    record({
      id: slug,
      label: text(40),
      intro: text(240),
      operation: v.optional(text(60)),
      packages: list(packageCard, 1, 8),
    }),
    1,
    6,
  ),
  menu: v.optional(menu),
  sale,
  hours: list(openingHours, 1, 14),
  event: v.optional(event),
  preorders: v.optional(record({ payAtPickup: v.optional(v.boolean()) })),
  whyUs: record({ heading: text(80), points: list(record({ title: text(60), text: text(240) }), 1, 8) }),
  clients: record({ heading: text(80), logos: list(clientLogo, 2, 30) }),
  contact: record({
    email: matching(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an email address'),
    phone: matching(/^\+?[0-9 ()-]{7,20}$/, 'a phone number such as +1 512 555 0142'),
    city: text(60),
    region: text(60),
    country: matching(/^[A-Z]{2}$/, 'a two-letter country code such as US'),
    serviceArea: text(120),
    hours: text(80),
  }),
  social: list(link, 0, 8),
  theme: record({ primary: colour, accent: colour }),
  logoMark: v.optional(pictureFile),
  shareImage: v.optional(photo),
  languages: v.optional(list(oneOf(['en', 'es'] as const), 1, 2)),
  es: v.optional(spanishTexts),
});

/** The schema and the types of content-types.ts describe the same content (a compile-time check). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesTypes: Same<v.InferOutput<typeof businessShape>, BusinessContent> = true;
void schemaMatchesTypes;

function checkUnique(values: string[], pathOf: (index: number) => string, taken: string[] = []): void {
  const seen = new Set<string>(taken);
  values.forEach((value, index) => {
    if (seen.has(value)) throw new ContentError(pathOf(index), `"${value}" appears twice`);
    seen.add(value);
  });
}

function checkMenu(menu: Menu): void {
  checkUnique(
    menu.groups.map((group) => group.name),
    (g) => `menu.groups[${g}].name`,
  );
  menu.groups.forEach((group, g) => {
    checkUnique(
      group.items.map((item) => item.name),
      (i) => `menu.groups[${g}].items[${i}].name`,
    );
    group.items.forEach((item, i) => {
      checkUnique(item.tags ?? [], (t) => `menu.groups[${g}].items[${i}].tags[${t}]`);
    });
  });
}

/**
 * Throws a ContentError naming the file and the first wrong field; returns the
 * content typed when it is right.
 */
export function validateContent(input: unknown, file = 'content/business.ts'): BusinessContent {
  try {
    return checkContent(input);
  } catch (error) {
    if (error instanceof ContentError) error.message = error.message.replace('content/business.ts', file);
    throw error;
  }
}

/** A Valibot issue's path as the messages write it: `packageGroups[0].packages[1].name`. */
function pathOf(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? []).reduce<string>((path, { key }) => {
    if (typeof key === 'number') return `${path}[${key}]`;
    return path ? `${path}.${String(key)}` : String(key);
  }, '');
}

/** Every field whose shape is wrong, in the content's order; none when the shape holds. */
export function contentShapeIssues(input: unknown): ContentIssue[] {
  const result = v.safeParse(businessShape, input);
  return result.success ? [] : result.issues.map((issue) => ({ path: pathOf(issue), message: issue.message }));
}

function checkContent(input: unknown): BusinessContent {
  const issues = contentShapeIssues(input);
  if (issues.length > 0) throw new ContentError(issues[0]!.path, issues[0]!.message, issues);
  const content = input as BusinessContent;
  checkUnique(
    content.packageGroups.map((group) => group.id),
    (i) => `packageGroups[${i}].id`,
  );
  // The truck operation is built from `product`, so it counts as taken.
  checkUnique(content.otherOperations, (i) => `otherOperations[${i}]`, [truckOperation(content)]);
  const truckGroup = content.packageGroups.find((group) => group.id === content.truckPackageGroup);
  if (!truckGroup) {
    throw new ContentError(
      'truckPackageGroup',
      `must be the id of one of packageGroups (${content.packageGroups.map((g) => g.id).join(', ')})`,
    );
  }
  checkUnique(content.clients.logos.map(clientName), (i) => `clients.logos[${i}]`);
  if (content.menu) checkMenu(content.menu);
  checkBookedOperations(content);
  checkSale(content);
  checkHours(content.hours);
  checkEvent(content);
  const groupIndex = content.packageGroups.indexOf(truckGroup);
  checkUnique(
    truckGroup.packages.map((card) => card.name),
    (i) => `packageGroups[${groupIndex}].packages[${i}].name`,
  );
  return content;
}

/**
 * Every amount of the sale fits its currency (no fraction of a cent), and a priced
 * card's text shows its price: the card and the estimate read the same number.
 */
function checkSale(content: BusinessContent): void {
  const { currency: code, travel } = content.sale;
  const inCurrency = (value: number, path: string) => {
    if (toMinor(value, code) === undefined) {
      throw new ContentError(
        path,
        `must be a whole number of ${code}'s smallest unit (at most ${minorDigits(code)} decimals)`,
      );
    }
  };
  const starts = new Set<string>();
  travel.forEach((area, a) => {
    inCurrency(area.fee, `sale.travel[${a}].fee`);
    area.postalCodes.forEach((start, c) => {
      const key = normalizePostal(start);
      if (starts.has(key))
        throw new ContentError(`sale.travel[${a}].postalCodes[${c}]`, `"${start}" is in an area already`);
      starts.add(key);
    });
  });
  content.packageGroups.forEach((group, g) => {
    group.packages.forEach((card, p) => {
      const path = `packageGroups[${g}].packages[${p}]`;
      if (!card.pricing) return;
      inCurrency(card.pricing.amount, `${path}.pricing.amount`);
      if (card.pricing.amount === 0) throw new ContentError(`${path}.pricing.amount`, 'must be more than 0');
      if (card.pricing.per === 'guest' && card.pricing.minimumSpend !== undefined) {
        inCurrency(card.pricing.minimumSpend, `${path}.pricing.minimumSpend`);
      }
      const shown = menuPrice(card.pricing.amount, code, content.locale);
      if (!card.price.includes(shown)) {
        throw new ContentError(
          `${path}.price`,
          `must show the package's price, ${shown} (pricing.amount), e.g. "From ${shown} / guest"`,
        );
      }
    });
  });
}

/** Each period names a day once and closes after it opens (a period past midnight is two). */
function checkHours(hours: OpeningHours[]): void {
  hours.forEach((period, h) => {
    checkUnique(period.days, (d) => `hours[${h}].days[${d}]`);
    if (period.opens === '24:00') throw new ContentError(`hours[${h}].opens`, 'must be a time from 00:00 to 23:59');
    if (period.closes <= period.opens) {
      throw new ContentError(
        `hours[${h}].closes`,
        `must be after opens (${period.opens}); for hours past midnight, add the next day's from 00:00`,
      );
    }
  });
}

/** No list of the event's holds a value twice, and no final-count reminder comes after the cutoff. */
function checkEvent(content: BusinessContent): void {
  if (!content.event) return;
  checkUnique(content.event.dietaryCounts ?? [], (i) => `event.dietaryCounts[${i}]`);
  checkUnique(content.event.siteQuestions ?? [], (i) => `event.siteQuestions[${i}]`);
  const reminders = content.event.reminders?.finalCount?.daysBefore ?? [];
  checkUnique(reminders.map(String), (i) => `event.reminders.finalCount.daysBefore[${i}]`);
  const { finalCountCutoffDays: cutoff } = eventPlanning(content);
  reminders.forEach((day, index) => {
    if (day < cutoff) {
      throw new ContentError(
        `event.reminders.finalCount.daysBefore[${index}]`,
        `must be at least finalCountCutoffDays (${cutoff}): after the cutoff the count can no longer be given`,
      );
    }
  });
}

/**
 * Every card's "Book" button chooses one of the form's operations (its own, or its
 * group's), and only the truck's group books the truck: its cards are the truck's
 * packages, which the form offers once the truck is chosen.
 */
function checkBookedOperations(content: BusinessContent): void {
  const choices = operations(content);
  const truck = truckOperation(content);
  content.packageGroups.forEach((group, g) => {
    const isTruckGroup = group.id === content.truckPackageGroup;
    if (group.operation !== undefined && !choices.includes(group.operation)) {
      throw new ContentError(
        `packageGroups[${g}].operation`,
        `must be one of the form's operations (${choices.join(', ')})`,
      );
    }
    if (isTruckGroup && group.operation !== undefined && group.operation !== truck) {
      throw new ContentError(`packageGroups[${g}].operation`, `the truck's group (truckPackageGroup) books "${truck}"`);
    }
    group.packages.forEach((card, p) => {
      const path = `packageGroups[${g}].packages[${p}].operation`;
      const booked = isTruckGroup ? truck : (card.operation ?? group.operation);
      if (isTruckGroup && card.operation !== undefined && card.operation !== truck) {
        throw new ContentError(path, `the truck's packages book "${truck}"; move this card to another group`);
      }
      if (booked === undefined) {
        throw new ContentError(
          path,
          `names no operation: give the group an operation, or this card one (${choices.join(', ')})`,
        );
      }
      if (!choices.includes(booked))
        throw new ContentError(path, `must be one of the form's operations (${choices.join(', ')})`);
      if (!isTruckGroup && booked === truck) {
        throw new ContentError(path, `only the truck's group (truckPackageGroup) books "${truck}"`);
      }
    });
  });
}
