// A stop's pre-orders on the Schedule page (issue 40, record 290), from the owner's
// phone: "Take pre-orders", the menu's items offered (each with an optional cap),
// "Pickup every", "Orders per pickup time" and "Order by". The server checks again and
// names each field it refuses; nothing changes then.
import { type Dispatch, type FormEvent, type SetStateAction, useEffect, useId, useState } from 'react';
import { OWNER_API, ownerPath } from '../shared/owner-api.js';
import type { MenuChoice, PreorderSettings, Taken } from '../shared/preorder-views.js';
import { ApiError, request } from './api.js';
import { ORDERS } from './use-location.js';
import { Link } from './link.js';

export interface PreorderAnswer {
  settings: PreorderSettings;
  menu: { currency: string; items: MenuChoice[] };
  taken: Taken;
}

export const preorderApi = {
  view: (stopId: string) => request<PreorderAnswer>('GET', ownerPath(OWNER_API.preorderStop, { stopId })),
  save: (stopId: string, body: unknown) =>
    request<{ settings: PreorderSettings }>('PUT', ownerPath(OWNER_API.preorderStop, { stopId }), body),
};

interface Values {
  open: boolean;
  offered: Record<string, boolean>;
  caps: Record<string, string>;
  pickupEvery: string;
  perPickup: string;
  orderBy: string;
}

const valuesOf = ({ settings, menu }: PreorderAnswer): Values => ({
  open: settings.open,
  offered: Object.fromEntries(
    menu.items.map((item) => [item.name, settings.items.some((one) => one.name === item.name)]),
  ),
  caps: Object.fromEntries(
    menu.items.map((item) => [item.name, String(settings.items.find((one) => one.name === item.name)?.cap ?? '')]),
  ),
  pickupEvery: String(settings.pickupEvery),
  perPickup: String(settings.perPickup),
  orderBy: String(settings.orderBy),
});

/** What the server is sent: the ticked items (each with its cap, if any) and the three numbers. */
const bodyOf = (answer: PreorderAnswer, values: Values) => ({
  open: values.open,
  items: answer.menu.items
    .filter((item) => values.offered[item.name])
    .map((item) => ({ name: item.name, cap: values.caps[item.name] ? Number(values.caps[item.name]) : null })),
  pickupEvery: Number(values.pickupEvery),
  perPickup: Number(values.perPickup),
  orderBy: Number(values.orderBy),
});

type SetValues = Dispatch<SetStateAction<Values | undefined>>;

/** One of the three numbers ("Pickup every", ...), its hint replaced by the server's problem with it. */
function NumberField({
  id,
  name,
  label,
  hint,
  values,
  problems,
  setValues,
}: {
  id: string;
  name: 'pickupEvery' | 'perPickup' | 'orderBy';
  label: string;
  hint: string;
  values: Values | undefined;
  problems: Record<string, string>;
  setValues: SetValues;
}) {
  return (
    <div className="inbox-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="number"
        inputMode="numeric"
        min={name === 'orderBy' ? 0 : 1}
        value={values?.[name] ?? ''}
        aria-describedby={`${id}-${name}-hint`}
        aria-invalid={problems[name] ? true : undefined}
        onChange={(event) => setValues((current) => current && { ...current, [name]: event.target.value })}
      />
      <span id={`${id}-${name}-hint`} className="inbox-muted">
        {problems[name] ?? hint}
      </span>
    </div>
  );
}

/** "Items offered": each menu item's tick box and its optional cap. */
function ItemsOffered({
  id,
  items,
  values,
  problems,
  setValues,
}: {
  id: string;
  items: MenuChoice[];
  values: Values;
  problems: Record<string, string>;
  setValues: SetValues;
}) {
  return (
    <fieldset>
      <legend>Items offered</legend>
      {items.length === 0 ? <p>Add a menu to the site first: pre-orders offer its items.</p> : null}
      {items.map((item, index) => (
        <div key={item.name} className="inbox-row">
          <label className="inbox-check">
            <input
              type="checkbox"
              checked={values.offered[item.name] ?? false}
              onChange={(event) =>
                setValues({ ...values, offered: { ...values.offered, [item.name]: event.target.checked } })
              }
            />
            {item.name}
          </label>
          <label htmlFor={`${id}-cap-${index}`}>
            Cap<span className="visually-hidden"> for {item.name}</span>
          </label>
          <input
            id={`${id}-cap-${index}`}
            type="number"
            inputMode="numeric"
            min={1}
            placeholder="none"
            className="inbox-cap"
            value={values.caps[item.name] ?? ''}
            aria-invalid={problems[`items[${index}].cap`] ? true : undefined}
            onChange={(event) => setValues({ ...values, caps: { ...values.caps, [item.name]: event.target.value } })}
          />
        </div>
      ))}
      {problems.items ? <p className="inbox-error">{problems.items}</p> : null}
    </fieldset>
  );
}

/** The stop's pre-order settings: "Take pre-orders" first; the rest once it is ticked. */
export function PreorderSettingsForm({ stopId, where }: { stopId: string; where: string }) {
  const id = useId();
  const [answer, setAnswer] = useState<PreorderAnswer | undefined>();
  const [values, setValues] = useState<Values | undefined>();
  const [said, setSaid] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const load = async () => {
    if (answer) return answer;
    const loaded = await preorderApi.view(stopId);
    setAnswer(loaded);
    setValues(valuesOf(loaded));
    return loaded;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per stop
  useEffect(() => {
    load().catch(() => setSaid('Could not load the pre-orders.'));
  }, [stopId]);
  const toggle = async (open: boolean) => {
    try {
      const loaded = await load();
      setValues((current) => ({ ...(current ?? valuesOf(loaded)), open }));
    } catch (caught) {
      setSaid(caught instanceof ApiError ? caught.message : 'Could not load the pre-orders.');
    }
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!answer || !values || busy) return;
    setBusy(true);
    setProblems({});
    try {
      const { settings } = await preorderApi.save(stopId, bodyOf(answer, values));
      setSaid(settings.open ? `Pre-orders open for ${where}.` : `Pre-orders closed for ${where}.`);
    } catch (caught) {
      if (caught instanceof ApiError) {
        setProblems(caught.fields ?? {});
        setSaid(caught.message);
      } else setSaid('Could not save the pre-orders.');
    } finally {
      setBusy(false);
    }
  };

  const field = { id, values, problems, setValues };
  return (
    <form className="inbox-preorders" onSubmit={(event) => void submit(event)} aria-label={`Pre-orders at ${where}`}>
      <label className="inbox-check">
        <input
          type="checkbox"
          checked={values?.open ?? false}
          onChange={(event) => void toggle(event.target.checked)}
        />
        Take pre-orders
      </label>
      {values?.open && answer ? (
        <>
          <ItemsOffered id={id} items={answer.menu.items} values={values} problems={problems} setValues={setValues} />
          <NumberField {...field} name="pickupEvery" label="Pickup every" hint="Minutes between pickup times." />
          <NumberField
            {...field}
            name="perPickup"
            label="Orders per pickup time"
            hint="The most orders the kitchen takes for one pickup time."
          />
          <NumberField
            {...field}
            name="orderBy"
            label="Order by"
            hint="Minutes before the stop starts that ordering closes."
          />
        </>
      ) : null}
      {answer ? (
        <div className="inbox-row">
          <button type="submit" className="inbox-button" disabled={busy}>
            Save pre-orders<span className="visually-hidden"> for {where}</span>
          </button>
          <Link href={`${ORDERS}?stop=${stopId}`}>
            View orders<span className="visually-hidden"> at {where}</span>
          </Link>
        </div>
      ) : null}
      {/* Polite, not a second role=status: the page keeps one status region of its own. */}
      <p aria-live="polite" className="inbox-live">
        {said}
      </p>
    </form>
  );
}
