// The owner's content file is checked before anything is built: the demo passes,
// and each kind of mistake stops with a message naming the exact field.
import { describe, expect, it } from 'vitest';
import { eventPlanning } from '../src/shared/event-plan.js';
import { business } from './business.js';
import { content } from './index.js';
import {
  ContentError,
  contentShapeIssues,
  operations,
  packageOptionLabel,
  truckOperation,
  truckPackages,
  validateContent,
  type BusinessContent,
} from './schema.js';

/** A deep copy of the demo content with one mistake made by `edit`. */
function broken(edit: (copy: BusinessContent & Record<string, unknown>) => void): unknown {
  const copy = structuredClone(business) as BusinessContent & Record<string, unknown>;
  edit(copy);
  return copy;
}

/** validateContent's message for `input`, which must be a ContentError. */
function problem(input: unknown): string {
  try {
    validateContent(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return (error as Error).message;
  }
  throw new Error('the content was accepted');
}

describe('the demo content', () => {
  it('validates, unchanged', () => {
    expect(validateContent(structuredClone(business))).toEqual(business);
    expect(content).toBe(business);
  });

  it('gives the spec’s truck operation and package options', () => {
    expect(truckOperation(content)).toBe('Taco Truck');
    expect(operations(content)[0]).toBe('Taco Truck');
    expect(truckPackages(content).map(packageOptionLabel)).toEqual([
      'Mini (reserved for large parties and schools)',
      'Basic',
      'Premium',
      "Custom (tell us what you're thinking in the notes)",
    ]);
  });
});

describe('a broken copy fails, naming the exact path', () => {
  it.each<[string, (copy: BusinessContent & Record<string, unknown>) => void, string]>([
    ['no time zone', (c) => delete (c as Partial<BusinessContent>).timeZone, 'timeZone: must be text'],
    [
      'an unknown time zone',
      (c) => (c.timeZone = 'Austin/Texas'),
      'timeZone: must be a time zone such as America/Chicago or Europe/London',
    ],
    [
      'a menu price with a currency sign',
      (c) => ((c.menu!.groups[0]!.items[1] as unknown as Record<string, unknown>).price = '$5'),
      'menu.groups[0].items[1].price: must be a number such as 4.5 (no currency sign)',
    ],
    [
      'a menu price with three decimals',
      (c) => (c.menu!.groups[1]!.items[0]!.price = 3.505),
      'menu.groups[1].items[0].price: must have at most two decimals',
    ],
    [
      'a negative menu price',
      (c) => (c.menu!.groups[0]!.items[0]!.price = -1),
      'menu.groups[0].items[0].price: must be a number such as 4.5 (no currency sign)',
    ],
    [
      'an empty menu item name',
      (c) => (c.menu!.groups[2]!.items[1]!.name = ' '),
      'menu.groups[2].items[1].name: must not be empty',
    ],
    [
      'an unknown dietary tag',
      (c) => ((c.menu!.groups[0]!.items[5]!.tags as string[])[1] = 'gluten free'),
      'menu.groups[0].items[5].tags[1]: must be one of vegan, vegetarian, gluten-free, contains-nuts',
    ],
    [
      'a dietary tag twice',
      (c) => (c.menu!.groups[1]!.items[0]!.tags = ['vegan', 'vegan']),
      'menu.groups[1].items[0].tags[1]: "vegan" appears twice',
    ],
    [
      'a menu item named twice in its group',
      (c) => (c.menu!.groups[0]!.items[2]!.name = c.menu!.groups[0]!.items[0]!.name),
      `menu.groups[0].items[2].name: "${business.menu!.groups[0]!.items[0]!.name}" appears twice`,
    ],
    [
      'a misspelt menu item field',
      (c) => ((c.menu!.groups[0]!.items[0] as unknown as Record<string, unknown>).descripton = 'x'),
      'menu.groups[0].items[0].descripton: is not a known field (check its spelling)',
    ],
    [
      'a menu photo without alt text',
      (c) => (c.menu!.groups[0]!.items[0]!.photo = { src: 'images/mini.jpg', alt: '' }),
      'menu.groups[0].items[0].photo.alt: must not be empty',
    ],
    [
      'a photo that is neither a file nor an uploaded photo (record 270)',
      (c) => (c.menu!.groups[0]!.items[0]!.photo = { src: 'upload:../../etc/passwd', alt: 'Tacos' }),
      'menu.groups[0].items[0].photo.src: must be an uploaded photo or a file inside the content folder such as images/photo.jpg (svg, png, jpg, jpeg, webp)',
    ],
    [
      'a menu group without items',
      (c) => (c.menu!.groups[3]!.items = []),
      'menu.groups[3].items: needs at least 1 item',
    ],
    [
      'an unknown currency',
      (c) => (c.menu!.currency = 'ABC'),
      'menu.currency: must be a known currency code such as USD, EUR or GBP',
    ],
    ['an empty name', (c) => (c.name = ''), 'name: must not be empty'],
    ['a blank name', (c) => (c.name = '   '), 'name: must not be empty'],
    ['a name that is not text', (c) => ((c as Record<string, unknown>).name = 42), 'name: must be text'],
    ['a missing tagline', (c) => delete (c as Partial<BusinessContent>).tagline, 'tagline: must be text'],
    ['a bad primary colour', (c) => (c.theme.primary = 'green'), 'theme.primary: must be a colour such as #0f5c3a'],
    ['a short accent colour', (c) => (c.theme.accent = '#fff'), 'theme.accent: must be a colour such as #0f5c3a'],
    [
      'an unknown field deep down',
      (c) => ((c.packageGroups[0]!.packages[1] as unknown as Record<string, unknown>).colour = 'red'),
      'packageGroups[0].packages[1].colour: is not a known field (check its spelling)',
    ],
    [
      'an unknown contact field',
      (c) => ((c.contact as unknown as Record<string, unknown>).fax = '123'),
      'contact.fax: is not a known field (check its spelling)',
    ],
    [
      'an empty package name',
      (c) => (c.packageGroups[1]!.packages[0]!.name = ''),
      'packageGroups[1].packages[0].name: must not be empty',
    ],
    [
      'a too long feature',
      (c) => (c.packageGroups[0]!.packages[2]!.features[3] = 'x'.repeat(81)),
      'packageGroups[0].packages[2].features[3]: must be at most 80 characters',
    ],
    [
      'truckPackageGroup pointing nowhere',
      (c) => (c.truckPackageGroup = 'nowhere'),
      'truckPackageGroup: must be the id of one of packageGroups (truck, catering)',
    ],
    [
      'a group id that is not a slug',
      (c) => (c.packageGroups[1]!.id = 'Catering!'),
      'packageGroups[1].id: must be lowercase letters, digits and dashes, starting with a letter',
    ],
    [
      'a bad nav link',
      (c) => (c.nav[2]!.href = 'javascript:alert(1)'),
      'nav[2].href: must be a #section, https, mailto: or tel: link',
    ],
    [
      'a control character in a text',
      (c) => (c.hero.heading = 'Tacos\u0007 for all'),
      'hero.heading: must not contain control characters',
    ],
    ['a lone surrogate in a text', (c) => (c.tagline = 'Tacos \ud800'), 'tagline: must not contain control characters'],
    [
      'a plain http social link',
      (c) => (c.social = [{ label: 'Old site', href: 'http://luckylime.example' }]),
      'social[0].href: must be a #section, https, mailto: or tel: link',
    ],
    [
      'a bad site address',
      (c) => (c.siteUrl = 'luckylimetacos.example'),
      'siteUrl: must be an https address such as https://example.com',
    ],
    [
      'a site address whose host could close an attribute',
      (c) => (c.siteUrl = 'https://a"onfocus=alert(document.domain)"autofocus"tabindex=1"x.example'),
      'siteUrl: must be an https address such as https://example.com',
    ],
    [
      'a review link whose host is not a hostname',
      (c) => (c.sale.reviewUrl = "https://a'b<c>.example/review"),
      'sale.reviewUrl: must be an https address such as https://example.com',
    ],
    ['too few logos', (c) => (c.clients.logos = ['Only one']), 'clients.logos: needs at least 2 items'],
    [
      'a list that is not a list',
      (c) => ((c as Record<string, unknown>).cuisine = 'Mexican'),
      'cuisine: must be a list',
    ],
    ['a section that is not an object', (c) => ((c as Record<string, unknown>).seo = null), 'seo: must be an object'],
    [
      'a sign word that is a sentence',
      (c) => (c.productPlural = ' Tacos and more'),
      'productPlural: must be a single short word such as Tacos',
    ],
  ])('%s', (_, edit, message) => {
    expect(problem(broken(edit))).toBe(`content/business.ts: ${message}`);
  });

  it('lists every wrong field, in the content’s order, the first in the message', () => {
    const copy = broken((c) => {
      c.name = '';
      c.theme.accent = 'green';
      c.packageGroups[1]!.packages[0]!.features[0] = 'x'.repeat(81);
    });
    expect(contentShapeIssues(copy)).toEqual([
      { path: 'name', message: 'must not be empty' },
      { path: 'packageGroups[1].packages[0].features[0]', message: 'must be at most 80 characters' },
      { path: 'theme.accent', message: 'must be a colour such as #0f5c3a' },
    ]);
    try {
      validateContent(copy);
      expect.unreachable();
    } catch (error) {
      expect((error as ContentError).issues).toEqual(contentShapeIssues(copy));
      expect((error as Error).message).toBe('content/business.ts: name: must not be empty');
    }
    expect(contentShapeIssues(structuredClone(business))).toEqual([]);
  });

  it('takes an uploaded photo’s upload:HASH as a photo (record 270)', () => {
    const src = `upload:${'0a'.repeat(32)}`;
    const copy = structuredClone(business);
    copy.menu!.groups[0]!.items[0]!.photo = { src, alt: 'Tacos' };
    expect(validateContent(copy).menu!.groups[0]!.items[0]!.photo!.src).toBe(src);
  });

  it('refuses content that is not an object at all', () => {
    expect(problem(null)).toBe('content/business.ts: : must be an object');
  });

  it('refuses duplicate package group ids', () => {
    const message = problem(broken((c) => (c.packageGroups[1]!.id = 'truck')));
    expect(message).toContain('"truck" appears twice');
    expect(message).toMatch(/packageGroups.*\[1\]/);
  });

  it('refuses duplicate package names in the truck group', () => {
    const message = problem(broken((c) => (c.packageGroups[0]!.packages[3]!.name = 'Basic')));
    expect(message).toContain('"Basic" appears twice');
    expect(message).toMatch(/packageGroups\[0\]\.packages.*\[3\]/);
  });

  it('refuses an operation that repeats another', () => {
    const message = problem(broken((c) => (c.otherOperations = ['Drop-off taco bar', 'Drop-off taco bar'])));
    expect(message).toContain('"Drop-off taco bar" appears twice');
  });

  describe('each card books an operation of the form', () => {
    it('refuses a card that names none, with its group naming none either', () => {
      expect(
        problem(
          broken((c) => {
            delete c.packageGroups[1]!.packages[1]!.operation;
          }),
        ),
      ).toBe(
        'content/business.ts: packageGroups[1].packages[1].operation: names no operation: give the group an operation, or this card one (Taco Truck, Drop-off taco bar, Full-service taco bar)',
      );
    });

    it('refuses an operation the form does not offer', () => {
      expect(problem(broken((c) => (c.packageGroups[1]!.packages[0]!.operation = 'Drop-off catering')))).toBe(
        "content/business.ts: packageGroups[1].packages[0].operation: must be one of the form's operations (Taco Truck, Drop-off taco bar, Full-service taco bar)",
      );
      expect(problem(broken((c) => (c.packageGroups[1]!.operation = 'Catering')))).toContain(
        'packageGroups[1].operation: must be one of the form',
      );
    });

    it('lets only the truck group book the truck, and the truck group only the truck', () => {
      expect(problem(broken((c) => (c.packageGroups[1]!.packages[0]!.operation = 'Taco Truck')))).toContain(
        'packageGroups[1].packages[0].operation: only the truck\'s group (truckPackageGroup) books "Taco Truck"',
      );
      expect(problem(broken((c) => (c.packageGroups[0]!.operation = 'Drop-off taco bar')))).toContain(
        'packageGroups[0].operation: the truck\'s group (truckPackageGroup) books "Taco Truck"',
      );
    });

    it('lets a group name the operation for all its cards', () => {
      const content = validateContent(
        broken((c) => {
          c.otherOperations = ['Catering'];
          c.packageGroups[1]!.operation = 'Catering';
          for (const card of c.packageGroups[1]!.packages) delete card.operation;
        }),
      );
      expect(content.packageGroups[1]!.operation).toBe('Catering');
    });
  });

  it('refuses an operation that repeats the truck operation', () => {
    const message = problem(broken((c) => (c.otherOperations = ['Taco Truck'])));
    expect(message).toContain('"Taco Truck" appears twice');
  });

  describe('paths of repeated and unknown fields', () => {
    it('names a duplicate group id by its real path', () => {
      expect(problem(broken((c) => (c.packageGroups[1]!.id = 'truck')))).toBe(
        'content/business.ts: packageGroups[1].id: "truck" appears twice',
      );
    });

    it('names a duplicate package by its real path', () => {
      expect(problem(broken((c) => (c.packageGroups[0]!.packages[3]!.name = 'Basic')))).toBe(
        'content/business.ts: packageGroups[0].packages[3].name: "Basic" appears twice',
      );
    });

    it('names a repeated operation by its index in otherOperations', () => {
      expect(problem(broken((c) => (c.otherOperations = ['Drop-off taco bar', 'Drop-off taco bar'])))).toBe(
        'content/business.ts: otherOperations[1]: "Drop-off taco bar" appears twice',
      );
    });

    it('names an unknown top-level field without a leading dot', () => {
      expect(problem(broken((c) => (c.colour = 'lime')))).toBe(
        'content/business.ts: colour: is not a known field (check its spelling)',
      );
    });

    it('refuses an unknown field named like an Object.prototype member', () => {
      expect(() => validateContent(broken((c) => Object.assign(c, { constructor: 'x' })))).toThrow(ContentError);
    });
  });
});

describe('the sale: prices the estimate and the quote read', () => {
  it('prices the demo and the second business', async () => {
    const { business: coffee } = await import('./examples/coffee-cart.js');
    for (const each of [business, coffee]) {
      const priced = each.packageGroups.flatMap((group) => group.packages).filter((card) => card.pricing);
      expect(priced.length).toBeGreaterThan(1);
      expect(validateContent(structuredClone(each)).sale.currency).toMatch(/^[A-Z]{3}$/);
    }
  });

  it.each<[string, (copy: BusinessContent & Record<string, unknown>) => void, string]>([
    [
      'a card whose text shows another price than its pricing',
      (c) => (c.packageGroups[0]!.packages[1]!.pricing = { per: 'guest', amount: 18 }),
      'packageGroups[0].packages[1].price: must show the package\'s price, $18 (pricing.amount), e.g. "From $18 / guest"',
    ],
    [
      'a fraction of a cent',
      (c) => (c.packageGroups[0]!.packages[1]!.pricing = { per: 'guest', amount: 16.005 }),
      "packageGroups[0].packages[1].pricing.amount: must be a whole number of USD's smallest unit (at most 2 decimals)",
    ],
    [
      'a price of nothing',
      (c) => (c.packageGroups[0]!.packages[1]!.pricing = { per: 'event', amount: 0 }),
      'packageGroups[0].packages[1].pricing.amount: must be more than 0',
    ],
    [
      'an unknown way of pricing',
      (c) => (c.packageGroups[0]!.packages[1]!.pricing = { per: 'hour', amount: 16 } as never),
      'packageGroups[0].packages[1].pricing.per: must be one of guest, event',
    ],
    [
      'a minimum guest count that is not whole',
      (c) => (c.packageGroups[0]!.packages[0]!.pricing = { per: 'guest', amount: 12, minimumGuests: 1.5 }),
      'packageGroups[0].packages[0].pricing.minimumGuests: must be a whole number from 1 to 100000',
    ],
    [
      'a tax past 100 %',
      (c) => (c.sale.tax.percent = 120),
      'sale.tax.percent: must be a percentage from 0 to 100, such as 8.25 (no % sign)',
    ],
    [
      'a rate with four decimals',
      (c) => (c.sale.serviceChargePercent = 18.1234),
      'sale.serviceChargePercent: must have at most three decimals',
    ],
    [
      'a quote valid for no days',
      (c) => (c.sale.quoteValidDays = 0),
      'sale.quoteValidDays: must be a whole number from 1 to 365',
    ],
    ['no terms', (c) => (c.sale.terms = ' '), 'sale.terms: must not be empty'],
    [
      'an unknown currency',
      (c) => (c.sale.currency = 'XYZ'),
      'sale.currency: must be a known currency code such as USD, EUR or GBP',
    ],
    [
      'a postal code in two areas',
      (c) => c.sale.travel[2]!.postalCodes.push('786'),
      'sale.travel[2].postalCodes[2]: "786" is in an area already',
    ],
    [
      'a travel fee with a fraction of a cent',
      (c) => (c.sale.travel[1]!.fee = 75.001),
      "sale.travel[1].fee: must be a whole number of USD's smallest unit (at most 2 decimals)",
    ],
    ['no sale at all', (c) => delete (c as Partial<BusinessContent>).sale, 'sale: must be an object'],
  ])('refuses %s', (_, edit, message) => {
    expect(problem(broken(edit))).toBe(`content/business.ts: ${message}`);
  });

  it('accepts a card without pricing (quoted by hand), whatever its text', () => {
    expect(() => validateContent(broken((c) => (c.packageGroups[0]!.packages[3]!.price = 'Ask us')))).not.toThrow();
  });
});

describe('the business hours: when a lead waiting is pushed again', () => {
  it.each<[string, (copy: BusinessContent & Record<string, unknown>) => void, string]>([
    ['no hours at all', (c) => delete (c as Partial<BusinessContent>).hours, 'hours: must be a list'],
    ['no periods', (c) => (c.hours = []), 'hours: needs at least 1 item'],
    [
      'a day by its full name',
      (c) => (c.hours[0]!.days[1] = 'tuesday' as never),
      'hours[0].days[1]: must be one of mon, tue, wed, thu, fri, sat, sun',
    ],
    ['a day twice', (c) => (c.hours[0]!.days = ['mon', 'mon']), 'hours[0].days[1]: "mon" appears twice'],
    [
      'a 12-hour time',
      (c) => (c.hours[0]!.opens = '9am'),
      'hours[0].opens: must be a 24-hour time from 00:00 to 23:59, such as 08:30',
    ],
    [
      'a time past midnight',
      (c) => (c.hours[0]!.closes = '24:30'),
      'hours[0].closes: must be a 24-hour time from 00:00 to 24:00, such as 08:30',
    ],
    [
      'opening at midnight’s end',
      (c) => (c.hours[0]!.opens = '24:00'),
      'hours[0].opens: must be a time from 00:00 to 23:59',
    ],
    [
      'closing before opening',
      (c) => Object.assign(c.hours[0]!, { opens: '22:00', closes: '02:00' }),
      "hours[0].closes: must be after opens (22:00); for hours past midnight, add the next day's from 00:00",
    ],
    [
      'a misspelt field',
      (c) => ((c.hours[0] as unknown as Record<string, unknown>).close = '18:00'),
      'hours[0].close: is not a known field (check its spelling)',
    ],
    [
      'a review link that is not one',
      (c) => (c.sale.reviewUrl = 'g.page/r/review'),
      'sale.reviewUrl: must be an https address such as https://example.com',
    ],
  ])('refuses %s', (_, edit, message) => {
    expect(problem(broken(edit))).toBe(`content/business.ts: ${message}`);
  });

  it('takes a day until midnight and no review link', () => {
    const copy = broken((c) => {
      c.hours = [{ days: ['sun'], opens: '00:00', closes: '24:00' }];
      delete c.sale.reviewUrl;
    });
    expect(() => validateContent(copy)).not.toThrow();
  });
});

describe('the event: the sheet’s times, the final count, site questions and reminders', () => {
  it('is optional: without it, the defaults (3 days’ cutoff, reminders 14 and 3 days before, all on)', () => {
    const copy = broken((c) => delete c.event);
    expect(() => validateContent(copy)).not.toThrow();
    const settings = eventPlanning(copy as BusinessContent);
    expect(settings.finalCountCutoffDays).toBe(3);
    expect(settings.reminders.finalCount).toEqual({ on: true, daysBefore: [14, 3] });
    expect(settings.reminders.balanceDue.on).toBe(true);
    expect(settings.reminders.tomorrow.on).toBe(true);
    expect(settings.siteQuestions).toEqual([]);
    expect(settings.eventsPerDay).toBe(1);
  });

  it('reads each business’s own, a kind of reminder switched off among them', async () => {
    const { business: coffee } = await import('./examples/coffee-cart.js');
    expect(eventPlanning(validateContent(structuredClone(coffee))).reminders.balanceDue.on).toBe(false);
    expect(eventPlanning(content).siteQuestions.length).toBeGreaterThan(0);
  });

  it.each<[string, (copy: BusinessContent & Record<string, unknown>) => void, string]>([
    [
      'a reminder for the final count after its cutoff',
      (c) => (c.event!.reminders!.finalCount = { on: true, daysBefore: [14, 2] }),
      'event.reminders.finalCount.daysBefore[1]: must be at least finalCountCutoffDays (3): after the cutoff the count can no longer be given',
    ],
    [
      'a site question asked twice',
      (c) => c.event!.siteQuestions!.push(c.event!.siteQuestions![0]!),
      `event.siteQuestions[4]: "${business.event!.siteQuestions![0]}" appears twice`,
    ],
    [
      'a setup time that is not whole minutes',
      (c) => (c.event!.setupMinutes = 12.5),
      'event.setupMinutes: must be a whole number from 0 to 720',
    ],
    [
      'a day that takes no events',
      (c) => (c.event!.eventsPerDay = 0),
      'event.eventsPerDay: must be a whole number from 1 to 50',
    ],
    [
      'a time of day that is not one',
      (c) => (c.event!.reminders!.sendAt = '9am'),
      'event.reminders.sendAt: must be a time of day such as 09:00',
    ],
    [
      'a reminder switched off with a word',
      (c) => (c.event!.reminders!.tomorrow = { on: 'no' as never }),
      'event.reminders.tomorrow.on: must be true or false',
    ],
  ])('refuses %s', (_, edit, message) => {
    expect(problem(broken(edit))).toBe(`content/business.ts: ${message}`);
  });
});
