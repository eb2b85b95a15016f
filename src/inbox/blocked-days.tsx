// "Block a day" on the Schedule page (issue 38, record 240): the owner takes a day off
// the calendar from the phone, with a private reason; each block is listed and can be
// removed. A blocked day is unavailable to the public at once, with no reason shown.
import { type FormEvent, useId, useState } from 'react';
import {
  BLOCK_LABELS,
  type BlockedDaysView,
  type BlockedDayView,
  type BlockFields,
  blockProblems,
  MAX_REASON_LENGTH,
} from '../shared/availability.js';
import { ApiError, request } from './api.js';
import { eventDay } from './format.js';
import { useResource } from './use-resource.js';
import { FormError, FieldProblem } from './form-parts.js';
import { OWNER_API, ownerPath } from '../shared/owner-api.js';

const blocksApi = {
  view: (signal: AbortSignal) => request<BlockedDaysView>('GET', OWNER_API.blockedDays, undefined, signal),
  add: (block: BlockFields) => request<{ block: BlockedDayView }>('POST', OWNER_API.blockedDays, block),
  remove: (id: string) => request<void>('DELETE', ownerPath(OWNER_API.blockedDay, { id })),
};

type Problems = Partial<Record<keyof BlockFields, string>>;

/** `say`: the page's one live region, for what was done. */
export function BlockedDays({ say }: { say: (message: string) => void }) {
  const {
    data,
    error: loadError,
    reload,
  } = useResource(blocksApi.view, [], { failure: 'Could not load the blocked days.' });
  const [failure, setFailure] = useState<string | undefined>();

  const remove = async (block: BlockedDayView) => {
    setFailure(undefined);
    try {
      await blocksApi.remove(block.id);
      say(`Removed the block on ${eventDay(block.date)}.`);
      await reload();
    } catch (caught) {
      setFailure(caught instanceof ApiError ? caught.message : 'Could not remove the block.');
    }
  };

  return (
    <section aria-labelledby="blocked-days-heading" className="inbox-blocked-days">
      <h2 id="blocked-days-heading">Blocked days</h2>
      <p className="inbox-muted">A blocked day can’t be booked: the site shows it as taken, never why.</p>
      <BlockForm
        today={data?.today}
        onSaved={async (saved) => {
          say(saved);
          await reload();
        }}
      />
      <FormError>{failure ?? loadError}</FormError>
      {data && data.blocks.length > 0 ? (
        <ul className="inbox-blocks">
          {data.blocks.map((block) => (
            <li key={block.id} className="inbox-card inbox-row">
              <span>
                <strong>{eventDay(block.date)}</strong>
                {block.reason ? ` · ${block.reason}` : ''}
              </span>
              <button type="button" className="inbox-button inbox-destructive" onClick={() => void remove(block)}>
                Remove<span className="visually-hidden"> the block on {eventDay(block.date)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : data ? (
        <p>No blocked days.</p>
      ) : null}
    </section>
  );
}

function BlockForm({ today, onSaved }: { today: string | undefined; onSaved: (message: string) => Promise<void> }) {
  const id = useId();
  const [values, setValues] = useState<BlockFields>({ date: '', reason: '' });
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const block = { date: values.date.trim(), reason: values.reason.normalize('NFC').trim() };
    const found = today ? blockProblems(block, today) : {};
    setProblems(found);
    setFailure(undefined);
    const first = (['date', 'reason'] as const).find((name) => found[name]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await blocksApi.add(block);
      setValues({ date: '', reason: '' });
      await onSaved(`Blocked: ${eventDay(block.date)}.`);
    } catch (caught) {
      const fields = caught instanceof ApiError ? caught.fields : undefined;
      if (fields) setProblems(fields as Problems);
      setFailure(caught instanceof ApiError ? caught.message : 'Could not block the day.');
    } finally {
      setBusy(false);
    }
  };

  const input = (name: keyof BlockFields, type: 'date' | 'text', hint?: string) => {
    const field = `${id}-${name}`;
    const problem = problems[name];
    const described = [problem && `${field}-problem`, hint && `${field}-hint`].filter(Boolean).join(' ');
    return (
      <div className={`inbox-field inbox-block-${name}`}>
        <label htmlFor={field}>{BLOCK_LABELS[name]}</label>
        <input
          id={field}
          name={name}
          type={type}
          value={values[name]}
          required={name === 'date'}
          min={type === 'date' ? today : undefined}
          maxLength={type === 'text' ? MAX_REASON_LENGTH : undefined}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        />
        {hint ? (
          <span id={`${field}-hint`} className="inbox-muted inbox-hint">
            {hint}
          </span>
        ) : null}
        <FieldProblem id={`${field}-problem`}>{problem}</FieldProblem>
      </div>
    );
  };

  return (
    <form className="inbox-card inbox-block-form" noValidate onSubmit={submit} aria-label="Block a day">
      <div className="inbox-stop-fields">
        {input('date', 'date')}
        {input('reason', 'text', 'Private: only you see it.')}
      </div>
      <FormError>{failure}</FormError>
      <button type="submit" className="inbox-button inbox-primary" aria-disabled={busy}>
        Block a day
      </button>
    </form>
  );
}
