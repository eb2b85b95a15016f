// The shape of an owner's content file: its types, apart from the check in schema.ts
// so the page's helpers (helpers.ts) and the check can both take them.

export interface Link {
  label: string;
  href: string;
}

export interface PackageCard {
  name: string;
  summary: string;
  /** The card's price as it reads ('From $12 / guest', 'Quoted for you'); with `pricing`, it must show that amount. */
  price: string;
  /** How the package is priced, for estimates and quotes; without it the package is quoted by hand. */
  pricing?: PackagePricing;
  features: string[];
  /** Shown in brackets after the name in the form's package select. */
  formNote?: string;
  /** Optional photo on the card (cropped to 3:2). */
  photo?: Photo;
  /** The form's operation its "Book" button chooses, when not its group's. */
  operation?: string;
  /** A priced package a customer may book at once ("Book now" after the send, record 350); default off. */
  instantBook?: boolean;
}

/**
 * A picture file of the owner's, relative to the content/ folder, e.g.
 * 'images/mini.jpg'. SVG, PNG, JPEG or WebP; checked and converted at build
 * (src/build/pictures.ts), so a missing or broken file stops the build naming it.
 */
export type PictureFile = string;

export interface Photo {
  src: PictureFile;
  /** What the photo shows, for people who cannot see it. */
  alt: string;
}

/** A client: a name shown as a text chip, or a name and its logo (the name becomes the logo's alt text). */
export type ClientLogo = string | { name: string; image: PictureFile };

export interface PackageGroup {
  /** Used in element ids: lowercase letters, digits and dashes. */
  id: string;
  label: string;
  intro: string;
  /**
   * The form's operation (the truck's, or one of otherOperations) that its cards' "Book"
   * buttons choose. The truck's group books the truck with the card's package; a card
   * may name an operation of its own instead.
   */
  operation?: string;
  packages: PackageCard[];
}

/**
 * A package's price in the sale's currency (major units, e.g. 12.5): per guest, with
 * an optional minimum guest count or minimum spend, or one amount for the event.
 */
export type PackagePricing =
  | { per: 'guest'; amount: number; minimumGuests?: number; minimumSpend?: number }
  | { per: 'event'; amount: number };

/** Where the truck goes and what travel costs there: postal codes by their start ('787' is 78701–78799). */
export interface TravelArea {
  /** What the quote's travel line says: 'Travel: Round Rock and Georgetown'. */
  name: string;
  postalCodes: string[];
  /** In the sale's currency; 0 when travel is included. */
  fee: number;
}

/** How the business sells: the rules of estimates, quotes, deposits and the event's final count. */
export interface Sale {
  /** ISO 4217 code of every price of the sale, e.g. 'USD'. */
  currency: string;
  /** Added to the food (package and extra items), e.g. 18; 0 for none. */
  serviceChargePercent: number;
  /** Sales tax, e.g. 8.25; 0 for none. It is charged on the food, and on the service charge and travel when they say so. */
  tax: { percent: number; onServiceCharge: boolean; onTravel: boolean };
  /** The first area a postal code starts with sets the travel fee; an address in none is quoted by hand. */
  travel: TravelArea[];
  /** The deposit a quote asks for, as a percentage of its total. */
  depositPercent: number;
  /** How long a quote can be accepted, in days from when it is sent. */
  quoteValidDays: number;
  /** What the customer accepts with "I accept the terms" (paragraphs split by blank lines). */
  terms: string;
  /** How to pay outside the site: cash, check, bank transfer (shown on every accepted quote). */
  payOffline: string;
  /** Where a customer can review the business (Google, Yelp…): the thank-you after the event links it. */
  reviewUrl?: string;
  /** How many days an accepted quote holds its date until its deposit is paid (default 7). */
  holdDays?: number;
}

/** The days of the week as the content file names them. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * When the business answers leads: on these days, from `opens` to `closes` ('HH:MM',
 * 24-hour, in the content's timeZone; `closes` may be '24:00'). A lead still New
 * after ESCALATE_AFTER_MINUTES is pushed again only within these hours.
 */
export interface OpeningHours {
  days: Weekday[];
  opens: string;
  closes: string;
}

/**
 * The event once it is booked (issue 30, record 170): what the event sheet works out
 * from the inquiry, what the customer may still tell after accepting the quote, and
 * the reminders before the day. Every field has a default (src/shared/event-plan.ts).
 */
export interface EventPlanning {
  /** How many events the business takes on one day: a day with this many Booked is full (default 1, record 240). */
  eventsPerDay?: number;
  /** Minutes before service the truck arrives to set up: the sheet's "Arrive" (default 60). */
  setupMinutes?: number;
  /** Minutes after service the truck needs to pack up and go: the sheet's "Leave" (default 30). */
  teardownMinutes?: number;
  /**
   * The customer may set the final guest count on the quote page through the end of the
   * day this many days before the event, in the business's time zone (default 3).
   */
  finalCountCutoffDays?: number;
  /**
   * Whether a final count below the accepted quote's guests lowers the price (default
   * true). Terms that charge "the final count or the quoted count, whichever is higher" say false.
   */
  fewerGuestsLowerPrice?: boolean;
  /** Counts the customer may give with the final count ('Vegetarian', 'Vegan', 'Gluten-free'); none by default. */
  dietaryCounts?: string[];
  /**
   * What the truck needs to know of the site ('Is there a power outlet within 50 feet?'):
   * asked on the quote page once accepted; the event sheet shows the answers. None by default.
   */
  siteQuestions?: string[];
  /** The reminders before the day, each of which `on: false` switches off. */
  reminders?: {
    /** From this time of the business's day ('09:00'), the day's reminders go out (default '09:00'). */
    sendAt?: string;
    /** To the customer: give the final count, this many days before the event (default [14, 3]: the last at the cutoff). */
    finalCount?: { on: boolean; daysBefore?: number[] };
    /** To the customer: the balance due, this many days before the event (default 7). */
    balanceDue?: { on: boolean; daysBefore?: number };
    /** To the owner: "Tomorrow", a push and an e-mail the day before with the event sheet's link. */
    tomorrow?: { on: boolean };
  };
}

/** A dietary mark on a menu item, shown as words (never colour alone). */
export const DIETARY_TAGS = ['vegan', 'vegetarian', 'gluten-free', 'contains-nuts'] as const;
export type DietaryTag = (typeof DIETARY_TAGS)[number];

export interface MenuItem {
  name: string;
  /** In the menu's currency, e.g. 4.5 for $4.50. */
  price: number;
  /** One short line: what is in it. */
  description?: string;
  tags?: DietaryTag[];
  /** Optional photo beside the item (cropped square). */
  photo?: Photo;
}

export interface MenuGroup {
  /** 'Tacos', 'Sides', 'Drinks'… */
  name: string;
  items: MenuItem[];
}

export interface Menu {
  /** ISO 4217 code of the prices, e.g. 'USD'. */
  currency: string;
  /** A line under the heading, e.g. where the menu is served. */
  intro?: string;
  groups: MenuGroup[];
}

export interface BusinessContent {
  name: string;
  /** The name under the icon on a phone's home screen, at most 12 characters; by default the name's first words that fit. */
  shortName?: string;
  /** The product word: 'Taco' gives the operation 'Taco Truck'. */
  product: string;
  /** The word on the truck's roof sign, the product's plural ('Tacos'); without it, the product word itself. */
  productPlural?: string;
  tagline: string;
  /** Public address of the site, for canonical links, Open Graph and the sitemap. */
  siteUrl: string;
  locale: string;
  /** Where the truck is, as an IANA time zone ('America/Chicago'): the schedule's dates and times are in it. */
  timeZone: string;
  priceRange: string;
  cuisine: string[];
  seo: { title: string; description: string };
  nav: Link[];
  hero: { heading: string; lead: string; callToAction: string; lightsHint: string };
  otherOperations: string[];
  truckPackageGroup: string;
  packageGroups: PackageGroup[];
  /** What the truck serves, in groups; shown in the page's #menu section. */
  menu?: Menu;
  /** Prices, tax, travel, deposit and terms for estimates and quotes. */
  sale: Sale;
  /** When leads are answered, as structured data (contact.hours says it in words). */
  hours: OpeningHours[];
  /** The booked event: setup and teardown, the final count, site questions and reminders (defaults without it). */
  event?: EventPlanning;
  /** Pre-orders at a public stop (record 290): whether "Pay at pickup" is offered beside "Pay now" (default true). */
  preorders?: { payAtPickup?: boolean };
  whyUs: { heading: string; points: { title: string; text: string }[] };
  clients: { heading: string; logos: ClientLogo[] };
  contact: {
    email: string;
    phone: string;
    city: string;
    region: string;
    country: string;
    serviceArea: string;
    hours: string;
  };
  social: Link[];
  theme: { primary: string; accent: string };
  /** The owner's logo mark (square works best): navbar, footer, favicon and app icons. Without it, a mark drawn in the brand colours. */
  logoMark?: PictureFile;
  /** A photo for link previews (social card), at least 1200×630; without it, the truck art. */
  shareImage?: Photo;
  /** The customers' languages, the first the default: ['en', 'es'] serves Spanish at /es/ too (record 300). Default ['en']. */
  languages?: ContentLanguage[];
  /** The Spanish of the owner's texts (record 300): each one left out is shown in English. */
  es?: SpanishTexts;
}

/** A language of the customers' pages (src/shared/language.ts). */
export type ContentLanguage = 'en' | 'es';

/**
 * The owner's texts in Spanish, in the shape of the content's own (lists by the same
 * index). Names stay one (the business, packages, menu items): a customer chooses by them.
 */
/** What a photo shows, in Spanish: its `alt` on the Spanish page (record 460). */
export interface SpanishAlt {
  alt?: string;
}

export interface SpanishTexts {
  /** How Spanish writes money and dates on the Spanish page and in its messages (default 'es'). */
  locale?: string;
  tagline?: string;
  seo?: { title?: string; description?: string };
  /** The navbar's labels, in the order of `nav`. */
  nav?: string[];
  hero?: { heading?: string; lead?: string; callToAction?: string; lightsHint?: string };
  /** The form's service choices as shown, in the order of the truck's then `otherOperations` (the value sent stays). */
  operations?: string[];
  packageGroups?: {
    label?: string;
    intro?: string;
    packages?: { summary?: string; price?: string; features?: string[]; formNote?: string; photo?: SpanishAlt }[];
  }[];
  menu?: { intro?: string; groups?: { name?: string; items?: { description?: string; photo?: SpanishAlt }[] }[] };
  /** The link preview's description of its picture (record 460). */
  shareImage?: SpanishAlt;
  sale?: { terms?: string; payOffline?: string };
  whyUs?: { heading?: string; points?: { title?: string; text?: string }[] };
  clients?: { heading?: string };
  contact?: { serviceArea?: string; hours?: string };
}
