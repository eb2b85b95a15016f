// The parts of the "Site" page (issue 37, design.md "The owner's own site, from the
// phone"), one shown at a time: "Business", "Packages", "Menu", "Why us", "Clients" and
// "Prices and terms", and "Spanish" (site-spanish.tsx). Each field edits the draft by its path in the content.
import type { PackageCard, PackagePricing } from '../../content/content-types.js';
import { DIETARY_TAGS } from '../../content/content-types.js';
import { DIETARY_LABELS } from '../../content/helpers.js';
import { cardPriceText, spanishCardPriceText } from '../shared/card-price.js';
import { localeFor } from '../shared/language.js';
import {
  Field,
  fieldIdOf,
  getAt,
  ItemControls,
  inSpanishToo,
  LinesField,
  NumberField,
  setSpanish,
  spanishPath,
  TextField,
  useEditor,
} from './site-fields.js';
import { PhotoField } from './site-photo.js';
import { SpanishPart } from './site-spanish.js';

export const PARTS = [
  ['business', 'Business'],
  ['packages', 'Packages'],
  ['menu', 'Menu'],
  ['why-us', 'Why us'],
  ['clients', 'Clients'],
  ['terms', 'Prices and terms'],
  ['spanish', 'Spanish'],
] as const;
export type PartId = (typeof PARTS)[number][0];

export function Part({ part }: { part: PartId }) {
  switch (part) {
    case 'business':
      return <BusinessPart />;
    case 'packages':
      return <PackagesPart />;
    case 'menu':
      return <MenuPart />;
    case 'why-us':
      return <WhyUsPart />;
    case 'clients':
      return <ClientsPart />;
    case 'spanish':
      return <SpanishPart />;
    default:
      return <TermsPart />;
  }
}

/** A list's items, each in a fieldset named after it, with its controls, and a button that adds one. */
function ListOf<T>({
  path,
  addLabel,
  blank,
  nameOf,
  children,
}: {
  path: string;
  addLabel: string;
  blank: () => T;
  nameOf: (item: T, index: number) => string;
  children: (itemPath: string, item: T, index: number) => React.ReactNode;
}) {
  const { content, set } = useEditor();
  const items = (getAt(content, path) as T[] | undefined) ?? [];
  return (
    <>
      {items.map((item, index) => {
        const name = nameOf(item, index);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no id; the path is the item's name here
          <fieldset key={index} className="inbox-card site-item">
            <legend>{name}</legend>
            {children(`${path}[${index}]`, item, index)}
            <ItemControls path={path} index={index} count={items.length} name={name} />
          </fieldset>
        );
      })}
      <button type="button" className="inbox-button" onClick={() => set(path, [...items, blank()])}>
        {addLabel}
      </button>
    </>
  );
}

function BusinessPart() {
  return (
    <>
      <TextField label="Name" path="name" maxLength={80} />
      <TextField label="Tagline" path="tagline" spanish />
      <TextField label="Heading" path="hero.heading" hint="The first words on the page." spanish />
      <TextField label="Introduction" path="hero.lead" multiline spanish />
      <TextField label="Email" path="contact.email" type="email" />
      <TextField label="Phone" path="contact.phone" type="tel" />
      <TextField label="City" path="contact.city" />
      <TextField label="Region" path="contact.region" />
      <TextField label="Service area" path="contact.serviceArea" spanish />
      <TextField label="Hours" path="contact.hours" hint="As the page says them, e.g. Mon–Fri 9am–6pm." spanish />
      <h3>Social links</h3>
      <ListOf
        path="social"
        addLabel="Add a link"
        blank={() => ({ label: '', href: 'https://' })}
        nameOf={(link: { label: string }, i) => link.label || `Link ${i + 1}`}
      >
        {(at) => (
          <>
            <TextField label="Label" path={`${at}.label`} maxLength={60} />
            <TextField label="Address" path={`${at}.href`} type="url" hint="https://, mailto: or tel:" />
          </>
        )}
      </ListOf>
    </>
  );
}

type Priced = 'guest' | 'event' | 'hand';

/** "Price", "Priced" and "Minimum guests": the card's price text follows from them, never typed. */
function PriceFields({ at, card }: { at: string; card: PackageCard }) {
  const editor = useEditor();
  const { content, set } = editor;
  const sale = content.sale as { currency: string };
  const locale = content.locale as string;
  const priced: Priced = card.pricing?.per ?? 'hand';
  // The Spanish card's price follows from the price too, written as the Spanish page writes money.
  const spanish = inSpanishToo(content);
  const spanishPrice = spanishPath(`${at}.price`);
  const spanishText = (pricing: PackagePricing | undefined) =>
    spanishCardPriceText(pricing, sale.currency, localeFor('es', content as never));
  const setPricing = (pricing: PackagePricing | undefined) => {
    set(at, { ...(getAt(content, at) as PackageCard), price: cardPriceText(pricing, sale.currency, locale) });
    set(`${at}.pricing`, pricing);
    if (spanish) setSpanish(editor, spanishPrice, spanishText(pricing));
  };
  const says = `The card says: ${card.price}`;
  const spanishCardText = getAt(content, spanishPrice) as string | undefined;
  const amount = card.pricing?.amount ?? 0;
  const withAmount = (per: Priced, value: number): PackagePricing | undefined => {
    if (per === 'hand') return undefined;
    if (per === 'event') return { per: 'event', amount: value };
    const { minimumGuests, minimumSpend } = (card.pricing ?? {}) as { minimumGuests?: number; minimumSpend?: number };
    return {
      per: 'guest',
      amount: value,
      ...(minimumGuests !== undefined ? { minimumGuests } : {}),
      ...(minimumSpend !== undefined ? { minimumSpend } : {}),
    };
  };
  return (
    <>
      <Field label="Priced" path={`${at}.pricing.per`} {...(spanish ? { id: fieldIdOf(spanishPrice) } : {})}>
        {(props) => (
          <select {...props} value={priced} onChange={(e) => setPricing(withAmount(e.target.value as Priced, amount))}>
            <option value="guest">Per guest</option>
            <option value="event">Per event</option>
            <option value="hand">Quoted by hand</option>
          </select>
        )}
      </Field>
      {card.pricing ? (
        <NumberField
          label="Price"
          path={`${at}.pricing.amount`}
          alsoPath={`${at}.price`}
          hint={says}
          onNumber={(value) => setPricing(withAmount(priced, value ?? 0))}
        />
      ) : (
        <p className="inbox-muted">{says}</p>
      )}
      {spanish ? (
        <p className="inbox-muted">
          The Spanish card says:{' '}
          {spanishCardText ? <span lang="es">{spanishCardText}</span> : 'not written yet (set the price)'}
        </p>
      ) : null}
      {card.pricing?.per === 'guest' ? (
        <NumberField label="Minimum guests" path={`${at}.pricing.minimumGuests`} whole optional />
      ) : null}
    </>
  );
}

function PackagesPart() {
  const { content } = useEditor();
  const groups = (content.packageGroups as { label: string }[]) ?? [];
  return (
    <>
      {groups.map((group, g) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the groups are fixed here
        <section key={g} aria-labelledby={`site-group-${g}`} className="inbox-stack">
          <h3 id={`site-group-${g}`}>{group.label}</h3>
          <ListOf
            path={`packageGroups[${g}].packages`}
            addLabel={`Add a package to ${group.label}`}
            blank={(): PackageCard => ({
              name: '',
              summary: '',
              price: cardPriceText(undefined, '', ''),
              features: [],
            })}
            nameOf={(card: PackageCard, i) => card.name || `Package ${i + 1}`}
          >
            {(at, card: PackageCard) => (
              <>
                <TextField label="Name" path={`${at}.name`} maxLength={60} />
                <TextField label="Summary" path={`${at}.summary`} multiline spanish />
                <PriceFields at={at} card={card} />
                <CheckField label="Instant booking" path={`${at}.instantBook`} />
                <LinesField label="Features" path={`${at}.features`} hint="One a line." spanish />
                <PhotoField path={`${at}.photo`} name={card.name} />
              </>
            )}
          </ListOf>
        </section>
      ))}
    </>
  );
}

function MenuPart() {
  const { content, set } = useEditor();
  if (!content.menu) {
    return (
      <button
        type="button"
        className="inbox-button"
        onClick={() =>
          set('menu', {
            currency: (content.sale as { currency: string }).currency,
            groups: [{ name: 'Menu', items: [] }],
          })
        }
      >
        Add a menu
      </button>
    );
  }
  return (
    <>
      <TextField label="Introduction" path="menu.intro" spanish />
      <ListOf
        path="menu.groups"
        addLabel="Add a group"
        blank={() => ({ name: '', items: [] })}
        nameOf={(group: { name: string }, i) => group.name || `Group ${i + 1}`}
      >
        {(groupAt, group: { name: string }) => (
          <>
            <TextField label="Name" path={`${groupAt}.name`} maxLength={60} spanish />
            <ListOf
              path={`${groupAt}.items`}
              addLabel="Add item"
              blank={() => ({ name: '', price: 0 })}
              nameOf={(item: { name: string }, i) => item.name || `${group.name || 'Item'} ${i + 1}`}
            >
              {(at, item: { name: string }) => (
                <>
                  <TextField label="Name" path={`${at}.name`} maxLength={60} />
                  <NumberField label="Price" path={`${at}.price`} />
                  <TextField label="Description" path={`${at}.description`} spanish />
                  <DietaryMarks at={at} />
                  <PhotoField path={`${at}.photo`} name={item.name} />
                </>
              )}
            </ListOf>
          </>
        )}
      </ListOf>
    </>
  );
}

function DietaryMarks({ at }: { at: string }) {
  const { content, set } = useEditor();
  const tags = (getAt(content, `${at}.tags`) as string[] | undefined) ?? [];
  const toggle = (tag: string, on: boolean) => {
    const next = DIETARY_TAGS.filter((t) => (t === tag ? on : tags.includes(t)));
    set(`${at}.tags`, next.length > 0 ? next : undefined);
  };
  return (
    <fieldset className="site-marks">
      <legend>Dietary marks</legend>
      {DIETARY_TAGS.map((tag) => (
        <label key={tag} className="site-check">
          <input type="checkbox" checked={tags.includes(tag)} onChange={(e) => toggle(tag, e.target.checked)} />
          {DIETARY_LABELS[tag]}
        </label>
      ))}
    </fieldset>
  );
}

function WhyUsPart() {
  return (
    <>
      <TextField label="Heading" path="whyUs.heading" spanish />
      <ListOf
        path="whyUs.points"
        addLabel="Add a point"
        blank={() => ({ title: '', text: '' })}
        nameOf={(point: { title: string }, i) => point.title || `Point ${i + 1}`}
      >
        {(at) => (
          <>
            <TextField label="Title" path={`${at}.title`} spanish />
            <TextField label="Text" path={`${at}.text`} multiline spanish />
          </>
        )}
      </ListOf>
    </>
  );
}

function ClientsPart() {
  const { content } = useEditor();
  const logos = ((content.clients as { logos: unknown[] }).logos ?? []) as (string | { name: string })[];
  return (
    <>
      <TextField label="Heading" path="clients.heading" spanish />
      <ListOf
        path="clients.logos"
        addLabel="Add a client"
        blank={() => ''}
        nameOf={(logo: string | { name: string }, i) =>
          (typeof logo === 'string' ? logo : logo.name) || `Client ${i + 1}`
        }
      >
        {(at, _logo, i) => (
          <TextField label="Name" path={typeof logos[i] === 'string' ? at : `${at}.name`} maxLength={80} />
        )}
      </ListOf>
    </>
  );
}

function TermsPart() {
  return (
    <>
      <NumberField label="Service charge (%)" path="sale.serviceChargePercent" />
      <NumberField label="Sales tax (%)" path="sale.tax.percent" />
      <CheckField label="Tax on the service charge" path="sale.tax.onServiceCharge" />
      <CheckField label="Tax on travel" path="sale.tax.onTravel" />
      <NumberField label="Deposit (%)" path="sale.depositPercent" />
      <NumberField label="Days a quote can be accepted" path="sale.quoteValidDays" whole />
      <TextField
        label="Terms"
        path="sale.terms"
        multiline
        maxLength={10_000}
        hint="Paragraphs split by a blank line."
        spanish
      />
      <TextField label="Paying outside the site" path="sale.payOffline" multiline spanish />
      <TextField label="Review link" path="sale.reviewUrl" type="url" />
      <h3>Travel</h3>
      <ListOf
        path="sale.travel"
        addLabel="Add a travel area"
        blank={() => ({ name: '', postalCodes: [], fee: 0 })}
        nameOf={(area: { name: string }, i) => area.name || `Area ${i + 1}`}
      >
        {(at) => (
          <>
            <TextField label="Name" path={`${at}.name`} />
            <LinesField
              label="Postal codes"
              path={`${at}.postalCodes`}
              hint="One a line; the start of a code covers all that start so."
            />
            <NumberField label="Fee" path={`${at}.fee`} />
          </>
        )}
      </ListOf>
    </>
  );
}

function CheckField({ label, path }: { label: string; path: string }) {
  const { content, set } = useEditor();
  return (
    <label className="site-check">
      <input type="checkbox" checked={Boolean(getAt(content, path))} onChange={(e) => set(path, e.target.checked)} />
      {label}
    </label>
  );
}
