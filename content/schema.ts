// The shape of an owner's content file (its types in content-types.ts, exported here
// too), and the build-time check that names the first field that is wrong, e.g.
// `packageGroups[0].packages[1].name: must not be empty`.

import { eventPlanning } from '../src/shared/event-plan.js';
import { MAX_GUESTS } from '../src/shared/inquiry-fields.js';
import { minorDigits, toMinor, toRate } from '../src/shared/money.js';
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

export class ContentError extends Error {
  constructor(path: string, problem: string) {
    super(`content/business.ts: ${path}: ${problem}`);
    this.name = 'ContentError';
  }
}

type Check = (value: unknown, path: string) => void;

const text =
  (max = 400): Check =>
  (value, path) => {
    if (typeof value !== 'string') throw new ContentError(path, 'must be text');
    if (value.trim() === '') throw new ContentError(path, 'must not be empty');
    if (value.length > max) throw new ContentError(path, `must be at most ${max} characters`);
  };

const matching =
  (pattern: RegExp, what: string): Check =>
  (value, path) => {
    text()(value, path);
    if (!pattern.test(value as string)) throw new ContentError(path, `must be ${what}`);
  };

const list =
  (item: Check, min = 1, max = 50): Check =>
  (value, path) => {
    if (!Array.isArray(value)) throw new ContentError(path, 'must be a list');
    if (value.length < min) throw new ContentError(path, `needs at least ${min} item${min === 1 ? '' : 's'}`);
    if (value.length > max) throw new ContentError(path, `must have at most ${max} items`);
    value.forEach((entry, index) => {
      item(entry, `${path}[${index}]`);
    });
  };

const optional =
  (check: Check): Check =>
  (value, path) => {
    if (value !== undefined) check(value, path);
  };

const record =
  (shape: Record<string, Check>): Check =>
  (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new ContentError(path, 'must be an object');
    }
    const at = (key: string) => (path ? `${path}.${key}` : key);
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(shape, key)) throw new ContentError(at(key), 'is not a known field (check its spelling)');
    }
    for (const [key, check] of Object.entries(shape)) {
      check((value as Record<string, unknown>)[key], at(key));
    }
  };

const httpUrl = matching(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'an http(s) address such as https://example.com');
const link = record({
  label: text(60),
  href: matching(/^(#[\w-]+|https?:\/\/\S+|mailto:\S+|tel:\S+)$/, 'a #section, http(s), mailto: or tel: link'),
});
const colour = matching(/^#[0-9a-fA-F]{6}$/, 'a colour such as #0f5c3a');
const slug = matching(/^[a-z][a-z0-9-]*$/, 'lowercase letters, digits and dashes, starting with a letter');

/** The picture formats the build reads (src/build/pictures.ts). */
export const PICTURE_EXTENSIONS = ['svg', 'png', 'jpg', 'jpeg', 'webp'] as const;
const pictureFile = matching(
  /^(?![/\\])(?!.*\.\.)[^\n]+\.(svg|png|jpe?g|webp)$/i,
  `a file inside the content folder such as images/photo.jpg (${PICTURE_EXTENSIONS.join(', ')})`,
);
const photo = record({ src: pictureFile, alt: text(160) });

const timeZone: Check = (value, path) => {
  text(60)(value, path);
  try {
    new Intl.DateTimeFormat('en', { timeZone: value as string });
  } catch {
    throw new ContentError(path, 'must be a time zone such as America/Chicago or Europe/London');
  }
};

const currency: Check = (value, path) => {
  matching(/^[A-Z]{3}$/, 'a three-letter currency code such as USD')(value, path);
  if (!Intl.supportedValuesOf('currency').includes(value as string)) {
    throw new ContentError(path, 'must be a known currency code such as USD, EUR or GBP');
  }
};

const price: Check = (value, path) => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value >= 100_000) {
    throw new ContentError(path, 'must be a number such as 4.5 (no currency sign)');
  }
  if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) {
    throw new ContentError(path, 'must have at most two decimals');
  }
};

const dietaryTag: Check = (value, path) => {
  if (!(DIETARY_TAGS as readonly unknown[]).includes(value)) {
    throw new ContentError(path, `must be one of ${DIETARY_TAGS.join(', ')}`);
  }
};

const menuItem = record({
  name: text(60),
  price,
  description: optional(text(160)),
  tags: optional(list(dietaryTag, 0, DIETARY_TAGS.length)),
  photo: optional(photo),
});

const menu = record({
  currency,
  intro: optional(text(240)),
  groups: list(record({ name: text(40), items: list(menuItem, 1, 30) }), 1, 10),
});

const clientLogo: Check = (value, path) => {
  if (typeof value === 'string') text(40)(value, path);
  else record({ name: text(40), image: pictureFile })(value, path);
};

const oneOf =
  (choices: readonly string[]): Check =>
  (value, path) => {
    if (!choices.includes(value as string)) throw new ContentError(path, `must be one of ${choices.join(', ')}`);
  };

const wholeNumber =
  (min: number, max: number): Check =>
  (value, path) => {
    if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) {
      throw new ContentError(path, `must be a whole number from ${min} to ${max}`);
    }
  };

/** An amount of the sale's currency, as a number (its decimals are checked against the currency in checkSale). */
const amount: Check = (value, path) => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value >= 10_000_000) {
    throw new ContentError(path, 'must be a number such as 12.5 (no currency sign)');
  }
};

const percent =
  (max: number): Check =>
  (value, path) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > max) {
      throw new ContentError(path, `must be a percentage from 0 to ${max}, such as 8.25 (no % sign)`);
    }
    if (toRate(value) === undefined) throw new ContentError(path, 'must have at most three decimals');
  };

const flag: Check = (value, path) => {
  if (typeof value !== 'boolean') throw new ContentError(path, 'must be true or false');
};

const pricing: Check = (value, path) => {
  const per = (value as { per?: unknown } | null)?.per;
  if (per === 'event') record({ per: oneOf(['event']), amount })(value, path);
  else {
    record({
      per: oneOf(['guest', 'event']),
      amount,
      minimumGuests: optional(wholeNumber(1, MAX_GUESTS)),
      minimumSpend: optional(amount),
    })(value, path);
  }
};

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
  reviewUrl: optional(httpUrl),
});

const clockTime = (latest: string): Check =>
  matching(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, `a 24-hour time from 00:00 to ${latest}, such as 08:30`);

const openingHours = record({
  days: list(oneOf(WEEKDAYS), 1, WEEKDAYS.length),
  opens: clockTime('23:59'),
  closes: clockTime('24:00'),
});

const timeOfDay = matching(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day such as 09:00');
const days = wholeNumber(0, 120);

const event = record({
  setupMinutes: optional(wholeNumber(0, 720)),
  teardownMinutes: optional(wholeNumber(0, 720)),
  finalCountCutoffDays: optional(days),
  fewerGuestsLowerPrice: optional(flag),
  dietaryCounts: optional(list(text(40), 0, 8)),
  siteQuestions: optional(list(text(200), 0, 12)),
  reminders: optional(
    record({
      sendAt: optional(timeOfDay),
      finalCount: optional(record({ on: flag, daysBefore: optional(list(days, 1, 4)) })),
      balanceDue: optional(record({ on: flag, daysBefore: optional(days) })),
      tomorrow: optional(record({ on: flag })),
    }),
  ),
});

const packageCard = record({
  name: text(40),
  summary: text(160),
  price: text(40),
  pricing: optional(pricing),
  features: list(text(80), 1, 8),
  formNote: optional(text(80)),
  photo: optional(photo),
  operation: optional(text(60)),
});

const businessShape = record({
  name: text(60),
  shortName: optional(text(12)),
  product: matching(/^[^\s].{0,29}$/, 'a single short word such as Taco'),
  productPlural: optional(matching(/^[^\s].{0,29}$/, 'a single short word such as Tacos')),
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
      operation: optional(text(60)),
      packages: list(packageCard, 1, 8),
    }),
    1,
    6,
  ),
  menu: optional(menu),
  sale,
  hours: list(openingHours, 1, 14),
  event: optional(event),
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
  logoMark: optional(pictureFile),
  shareImage: optional(photo),
});

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

function checkContent(input: unknown): BusinessContent {
  businessShape(input, '');
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
