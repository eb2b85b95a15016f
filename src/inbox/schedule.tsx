// The Schedule page (issue 19, record 111): the truck's upcoming stops, kept from the
// owner's phone. One form adds a stop (the same day in the following weeks too, if
// asked) or, after "Edit", changes one; each stop can be removed, with Undo. The landing
// page's "Find the truck" shows every change at once. The rules are the server's
// (src/shared/truck-schedule.ts): a message under each field that breaks one, nothing sent.
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { StopFieldName, StopFields } from '../shared/stop-fields.js';
import {
  emptyStop,
  isRequired,
  isToday,
  type LocalTime,
  MAX_REPEAT_WEEKS,
  overlapsOf,
  STOP_ROWS,
  type ScheduleView,
  stopDetails,
  stopProblems,
  type TruckStop,
} from '../shared/truck-schedule.js';
import { ApiError, request } from './api.js';
import { BlockedDays } from './blocked-days.js';
import { PreorderSettingsForm } from './preorder-settings.js';
import { clockTime, dateTime, eventDay } from './format.js';
import { useFocusOnMount } from './link.js';
import { useResource } from './use-resource.js';
import { FormError, FieldProblem } from './form-parts.js';
import { OWNER_API, ownerPath } from '../shared/owner-api.js';

const scheduleApi = {
  view: (signal: AbortSignal) => request<ScheduleView>('GET', OWNER_API.schedule, undefined, signal),
  add: (stop: StopFields, repeatWeeks: number) =>
    request<{ stops: TruckStop[] }>('POST', OWNER_API.schedule, { ...stop, repeatWeeks }),
  change: (id: string, stop: StopFields) =>
    request<{ stop: TruckStop }>('PUT', ownerPath(OWNER_API.scheduleStop, { id }), stop),
  remove: (id: string) => request<void>('DELETE', ownerPath(OWNER_API.scheduleStop, { id })),
};

/** Days and times as the rest of the inbox writes them (format.ts). */
const day = eventDay;
const hours = (stop: StopFields) => `${clockTime(stop.starts)}–${clockTime(stop.ends)}`;

type Problems = Partial<Record<StopFieldName, string>>;

export function Schedule() {
  const {
    data,
    error: loadError,
    reload,
  } = useResource(scheduleApi.view, [], {
    failure: 'Could not load the schedule.',
  });
  const heading = useFocusOnMount<HTMLHeadingElement>();
  useEffect(() => {
    document.title = 'Schedule · Inbox';
  }, []);
  const [editing, setEditing] = useState<TruckStop | undefined>();
  const [message, setMessage] = useState('');
  const [removed, setRemoved] = useState<TruckStop | undefined>();
  const [actionError, setActionError] = useState<string | undefined>();
  // The truck cannot be in two places at once: stops at the same time say so (issue 32).
  const overlaps = overlapsOf(data?.stops ?? []);

  const act = async (work: () => Promise<string>, after?: TruckStop) => {
    setActionError(undefined);
    try {
      setMessage(await work());
      setRemoved(after);
      await reload();
    } catch (caught) {
      setActionError(caught instanceof ApiError ? caught.message : 'Could not change the schedule.');
    }
  };
  const remove = (stop: TruckStop) =>
    act(async () => {
      await scheduleApi.remove(stop.id);
      if (editing?.id === stop.id) setEditing(undefined);
      return `Removed: ${stop.place}, ${day(stop.date)}.`;
    }, stop);
  const undo = (stop: TruckStop) =>
    act(async () => {
      const { id: _id, ...fields } = stop;
      await scheduleApi.add(fields, 1);
      return `Put back: ${stop.place}, ${day(stop.date)}.`;
    });

  return (
    <article className="inbox-schedule">
      <h1 ref={heading} tabIndex={-1}>
        Schedule
      </h1>
      <p className="inbox-muted">
        Where the truck will be. The site’s “Find the truck” section shows the next stops as soon as you save them.
      </p>
      <StopForm
        key={editing?.id ?? 'new'}
        editing={editing}
        now={data?.now}
        onSaved={async (saved) => {
          setEditing(undefined);
          setRemoved(undefined);
          setMessage(saved);
          await reload();
        }}
        onCancel={() => setEditing(undefined)}
      />
      <p role="status" className="inbox-live">
        {message}
      </p>
      {removed ? (
        <button type="button" className="inbox-button" onClick={() => void undo(removed)}>
          Undo<span className="visually-hidden"> the removal of {removed.place}</span>
        </button>
      ) : null}
      {(actionError ?? loadError) ? (
        <p role="alert" className="inbox-error">
          {actionError ?? loadError}
        </p>
      ) : null}

      <section aria-labelledby="stops-heading">
        <h2 id="stops-heading">Upcoming stops</h2>
        {!data ? (
          <p className="inbox-muted">Loading…</p>
        ) : data.stops.length === 0 ? (
          <p>No stops yet. Add the next place the truck will be, and the site shows it.</p>
        ) : (
          <ul className="inbox-stops">
            {data.stops.map((stop) => (
              <StopItem
                key={stop.id}
                stop={stop}
                overlaps={overlaps.get(stop.id) ?? []}
                today={data.now.date}
                onEdit={() => {
                  setEditing(stop);
                  setMessage('');
                }}
                onRemove={() => void remove(stop)}
              />
            ))}
          </ul>
        )}
      </section>

      <BlockedDays
        say={(said) => {
          setRemoved(undefined);
          setMessage(said);
        }}
      />

      {data && data.history.length > 0 ? (
        <section aria-labelledby="schedule-history-heading">
          <h2 id="schedule-history-heading">History</h2>
          <ol className="inbox-history">
            {data.history.map((change, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the history is newest first and only grows at the top
              <li key={`${change.at}-${index}`}>
                {dateTime(change.at)}: {change.by} {change.kind} {change.summary}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </article>
  );
}

function StopItem({
  stop,
  overlaps,
  today,
  onEdit,
  onRemove,
}: {
  stop: TruckStop;
  /** The other stops at the same time. */
  overlaps: TruckStop[];
  today: string;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const which = `${stop.place}, ${day(stop.date)}`;
  return (
    <li className="inbox-card">
      <p className="inbox-stop-when">
        {isToday(stop, today) ? <strong className="inbox-status status-booked">Today</strong> : null} {day(stop.date)} ·{' '}
        {hours(stop)}
      </p>
      <p className="inbox-stop-place">{stop.place}</p>
      <p>{stop.address}</p>
      {stopDetails(stop).map(([name, value]) => (
        <p key={name} className="inbox-muted">
          {value}
        </p>
      ))}
      {overlaps.length > 0 ? (
        <p className="inbox-notice">
          At the same time as{' '}
          {overlaps.map((other) => `${other.place} (${day(other.date)}, ${hours(other)})`).join(' and ')}: the site
          shows both.
        </p>
      ) : null}
      <PreorderSettingsForm stopId={stop.id} where={which} />
      <div className="inbox-row">
        <button type="button" className="inbox-button" onClick={onEdit}>
          Edit<span className="visually-hidden"> {which}</span>
        </button>
        <button type="button" className="inbox-button inbox-destructive" onClick={onRemove}>
          Remove<span className="visually-hidden"> {which}</span>
        </button>
      </div>
    </li>
  );
}

function StopForm({
  editing,
  now,
  onSaved,
  onCancel,
}: {
  editing: TruckStop | undefined;
  /** The business's clock as the page was read (the server checks again at its own). */
  now: LocalTime | undefined;
  onSaved: (message: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<StopFields>(() => {
    if (!editing) return emptyStop();
    const { id: _id, ...fields } = editing;
    return fields;
  });
  const [repeatWeeks, setRepeatWeeks] = useState(1);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const stop = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, value.normalize('NFC').trim()]),
    ) as unknown as StopFields;
    const found = now ? stopProblems(stop, now) : {};
    setProblems(found);
    setFailure(undefined);
    const first = STOP_ROWS.find(([name]) => found[name]);
    if (first) {
      document.getElementById(`${id}-${first[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      if (editing) {
        await scheduleApi.change(editing.id, stop);
        await onSaved(`Saved: ${stop.place}, ${day(stop.date)}.`);
      } else {
        const { stops } = await scheduleApi.add(stop, repeatWeeks);
        setValues(emptyStop());
        setRepeatWeeks(1);
        await onSaved(
          stops.length === 1
            ? `Added: ${stop.place}, ${day(stop.date)}.`
            : `Added ${stops.length} stops: ${stop.place}, every week from ${day(stop.date)}.`,
        );
      }
    } catch (caught) {
      // The server's own check, field by field, when it has one.
      const fields = caught instanceof ApiError ? caught.fields : undefined;
      if (fields) setProblems(fields as Problems);
      setFailure(caught instanceof ApiError ? caught.message : 'Could not save the stop.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="inbox-card inbox-stop-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{editing ? `Edit stop: ${editing.place}` : 'Add a stop'}</h2>
      <div className="inbox-stop-fields">
        {STOP_ROWS.map(([name, input]) => {
          const field = `${id}-${name}`;
          const problem = problems[name];
          const text = input.input === 'text' ? input : undefined;
          const described = [problem && `${field}-problem`, input.hint && `${field}-hint`].filter(Boolean).join(' ');
          return (
            <div key={name} className={`inbox-field inbox-stop-${input.input} inbox-stop-${name}`}>
              <label htmlFor={field}>{input.label}</label>
              <input
                id={field}
                name={name}
                type={input.input}
                value={values[name]}
                required={isRequired(input)}
                min={input.input === 'date' && !editing ? now?.date : undefined}
                maxLength={text?.maxLength}
                autoComplete={text?.autoComplete ?? 'off'}
                aria-invalid={problem ? true : undefined}
                aria-describedby={described || undefined}
                onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
              />
              {input.hint ? (
                <span id={`${field}-hint`} className="inbox-muted inbox-hint">
                  {input.hint}
                </span>
              ) : null}
              <FieldProblem id={`${field}-problem`}>{problem}</FieldProblem>
            </div>
          );
        })}
        {editing ? null : (
          <div className="inbox-field inbox-stop-repeat">
            <label htmlFor={`${id}-repeat`}>Repeat</label>
            <select
              id={`${id}-repeat`}
              value={repeatWeeks}
              onChange={(event) => setRepeatWeeks(Number(event.target.value))}
            >
              <option value={1}>Only this date</option>
              {Array.from({ length: MAX_REPEAT_WEEKS - 1 }, (_, i) => i + 2).map((weeks) => (
                <option key={weeks} value={weeks}>
                  Every week, {weeks} weeks in all
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <FormError>{failure}</FormError>
      <div className="inbox-row">
        <button type="submit" className="inbox-button inbox-primary" aria-disabled={busy}>
          {editing ? 'Save stop' : 'Add stop'}
        </button>
        {editing ? (
          <button type="button" className="inbox-button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
