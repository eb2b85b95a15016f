// The Spanish of the owner's texts in the "Site" page (issue 39 item 3, record 410): each
// translatable text's Spanish sits under its English in its part; the part "Spanish"
// turns the Spanish page on, lists what is still missing (shown in English on /es/
// meanwhile, content/languages.ts), each a link to its field, and holds the Spanish of the
// texts no other part edits (the search title, the navbar, the form's services…).
import type { BusinessContent } from '../../content/content-types.js';
import { operations } from '../../content/helpers.js';
import { missingSpanish } from '../../content/languages.js';
import {
  fieldIdOf,
  getAt,
  inSpanishToo,
  requestFocus,
  SpanishLinesField,
  SpanishTextField,
  spanishPath,
  useEditor,
} from './site-fields.js';
import { navigate, SITE } from './use-location.js';

/** Where a missing Spanish text is edited: the part, what the list calls it, and the field's (Spanish) path. */
interface Place {
  /** The part's id, as site-parts.tsx's PARTS names it. */
  part: string;
  label: string;
  field: string;
}

const OWN: Record<string, [string, string]> = {
  tagline: ['business', 'Tagline'],
  'hero.heading': ['business', 'Business: Heading'],
  'hero.lead': ['business', 'Business: Introduction'],
  'contact.serviceArea': ['business', 'Service area'],
  'contact.hours': ['business', 'Hours'],
  'seo.title': ['spanish', 'Search title'],
  'seo.description': ['spanish', 'Search description'],
  'hero.callToAction': ['spanish', 'Button'],
  'hero.lightsHint': ['spanish', 'Truck lights hint'],
  'menu.intro': ['menu', 'Menu introduction'],
  'sale.terms': ['terms', 'Terms'],
  'sale.payOffline': ['terms', 'Paying outside the site'],
  'whyUs.heading': ['why-us', 'Why us: Heading'],
  'clients.heading': ['clients', 'Clients: Heading'],
  'shareImage.alt': ['spanish', 'Link preview’s picture description'],
};

const FIELD_NAMES: Record<string, string> = {
  summary: 'Summary',
  price: 'the card’s price',
  formNote: 'Form note',
  label: 'Group name',
  intro: 'Group introduction',
  name: 'Name',
  description: 'Description',
  title: 'Title',
  text: 'Text',
};

/** Where the Spanish of the English text at `path` is edited. */
export function placeOf(path: string, content: BusinessContent): Place {
  const own = OWN[path];
  if (own) return { part: own[0], label: own[1], field: spanishPath(path) };
  if (/^nav\[\d+\]\.label$/.test(path)) return { part: 'spanish', label: 'Navigation labels', field: 'es.nav' };
  const features = /^(packageGroups\[\d+\]\.packages\[\d+\])\.features\[\d+\]$/.exec(path);
  if (features) {
    const card = getAt(content, features[1]!) as { name: string };
    return { part: 'packages', label: `${card.name}: Features`, field: spanishPath(`${features[1]}.features`) };
  }
  const photo = /^(.*)\.photo\.alt$/.exec(path);
  if (photo) {
    const item = getAt(content, photo[1]!) as { name: string };
    const part = path.startsWith('menu') ? 'menu' : 'packages';
    return { part, label: `${item.name}: Photo description`, field: spanishPath(path) };
  }
  const [, owner = '', key = ''] = /^(.*)\.(\w+)$/.exec(path) ?? [];
  const item = getAt(content, owner) as { name?: string; label?: string; title?: string };
  const part = path.startsWith('packageGroups')
    ? /\.packages\[\d+\]\.(summary|price)$/.test(path)
      ? 'packages'
      : 'spanish'
    : path.startsWith('menu')
      ? 'menu'
      : 'why-us';
  const name = item?.name ?? item?.label ?? item?.title ?? '';
  return { part, label: `${name}: ${FIELD_NAMES[key] ?? key}`, field: spanishPath(path) };
}

/** Focuses the Spanish field of `place` if it is on screen, or shows its part and focuses the field there. */
function goTo(place: Place): void {
  const id = fieldIdOf(place.field);
  const field = document.getElementById(id);
  if (field) field.focus();
  else {
    requestFocus(id);
    navigate(`${SITE}?part=${place.part}`);
  }
}

/** Where each text still English on the Spanish page is written, one place per field. */
function missingPlaces(content: BusinessContent): Place[] {
  const places = new Map<string, Place>();
  for (const path of missingSpanish(content)) {
    const place = placeOf(path, content);
    if (!places.has(place.field)) places.set(place.field, place);
  }
  return [...places.values()];
}

/** Above every other part: how many texts the Spanish page still shows in English, with a link to the list. */
export function MissingNotice() {
  const { content } = useEditor();
  if (!inSpanishToo(content)) return null;
  const count = missingPlaces(content as unknown as BusinessContent).length;
  if (count === 0) return null;
  return (
    <p className="inbox-muted">
      {count === 1 ? 'One text has' : `${count} texts have`} no Spanish yet.{' '}
      <a
        href={`${SITE}?part=spanish`}
        onClick={(event) => {
          event.preventDefault();
          navigate(`${SITE}?part=spanish`);
        }}
      >
        See what is missing
      </a>
    </p>
  );
}

/** The texts still English on the Spanish page, each a link to its Spanish field. */
function MissingList({ content }: { content: BusinessContent }) {
  const places = new Map(missingPlaces(content).map((place) => [place.field, place]));
  if (places.size === 0) return <p>Every text has its Spanish.</p>;
  return (
    <>
      <p>
        {places.size === 1 ? 'One text is' : `${places.size} texts are`} not written in Spanish yet: the Spanish page
        shows {places.size === 1 ? 'it' : 'them'} in English until you do.
      </p>
      <ul className="site-missing">
        {[...places.values()].map((place) => (
          <li key={place.field}>
            <a
              className="site-missing-link"
              href={`${SITE}?part=${place.part}#${fieldIdOf(place.field)}`}
              onClick={(event) => {
                event.preventDefault();
                goTo(place);
              }}
            >
              {place.label}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The part "Spanish": the Spanish page on or off, what is missing, and the texts no other part edits. */
export function SpanishPart() {
  const { content, set } = useEditor();
  const on = inSpanishToo(content);
  const site = content as unknown as BusinessContent;
  return (
    <>
      <label className="site-check">
        <input
          type="checkbox"
          checked={on}
          onChange={(event) => set('languages', event.target.checked ? ['en', 'es'] : undefined)}
        />
        A page in Spanish too, at /es/
      </label>
      {on ? (
        <>
          <h3>Missing in Spanish</h3>
          <MissingList content={site} />
          <h3>The page’s other texts</h3>
          <OtherTexts content={site} />
        </>
      ) : (
        <p className="inbox-muted">The site is in English only.</p>
      )}
    </>
  );
}

/** The Spanish of the texts whose English no other part edits, each with its English as the hint. */
function OtherTexts({ content }: { content: BusinessContent }) {
  const english = (text: string | undefined) => `English: ${text ?? ''}`;
  return (
    <>
      <SpanishTextField label="Search title" path="seo.title" hint={english(content.seo.title)} />
      <SpanishTextField label="Search description" path="seo.description" hint={english(content.seo.description)} />
      <SpanishTextField label="Button" path="hero.callToAction" hint={english(content.hero.callToAction)} />
      <SpanishTextField label="Truck lights hint" path="hero.lightsHint" hint={english(content.hero.lightsHint)} />
      <SpanishLinesField
        label="Navigation labels"
        path="nav"
        hint={`One a line, in this order: ${content.nav.map((link) => link.label).join(', ')}.`}
      />
      <SpanishLinesField
        label="The form’s services"
        path="operations"
        hint={`One a line, in this order: ${operations(content).join(', ')}.`}
      />
      {content.packageGroups.map((group, g) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the groups are fixed here
        <fieldset key={g} className="inbox-card site-item">
          <legend>{group.label}</legend>
          <SpanishTextField label="Group name" path={`packageGroups[${g}].label`} hint={english(group.label)} />
          <SpanishTextField
            label="Group introduction"
            path={`packageGroups[${g}].intro`}
            multiline
            hint={english(group.intro)}
          />
          {group.packages.map((card, c) =>
            card.formNote ? (
              <SpanishTextField
                // biome-ignore lint/suspicious/noArrayIndexKey: the cards are fixed here
                key={c}
                label={`${card.name}: Form note`}
                path={`packageGroups[${g}].packages[${c}].formNote`}
                hint={english(card.formNote)}
              />
            ) : null,
          )}
        </fieldset>
      ))}
      {content.shareImage ? (
        <SpanishTextField
          label="Link preview’s picture description"
          path="shareImage.alt"
          hint={english(content.shareImage.alt)}
        />
      ) : null}
    </>
  );
}
