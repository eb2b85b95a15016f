// The inquiry form's markup, laid out in fieldsets from the field table (each
// control's section, row, label and constraints); its lifecycle is use-inquiry-form.ts.
import type { Ref } from 'react';
import { content, operations, packageOptionLabel, truckPackages } from '../../../content/index.js';
import { INQUIRY_FIELDS } from '../../shared/inquiry.js';
import { type FormControlRow, type FormSection, formControlRows } from '../../shared/inquiry-fields.js';
import { describedBy, Field, FieldError, FieldLabel } from './form-field.js';
import { type InquiryFormHandle, useInquiryForm } from './use-inquiry-form.js';
import { labels, words } from '../page-words.js';

export { type InquiryFormHandle, MESSAGES } from './use-inquiry-form.js';

/** Each section's legend, in the page's language. */
const legendOf = (section: string): string =>
  ({ you: words.legendYou, event: words.legendEvent, where: words.legendWhere, wish: words.legendWish })[
    section as FormSection
  ] ?? words.legendOther;

/** The form's fieldsets in the table's order, each its rows of controls side by side; a control with no section goes last. */
function layout(controls: readonly FormControlRow[]): { section: string; rows: FormControlRow[][] }[] {
  const sections = new Map<string, FormControlRow[][]>();
  for (const control of controls) {
    const rows =
      sections.get(control.section ?? '') ?? sections.set(control.section ?? '', []).get(control.section ?? '')!;
    const last = rows.at(-1);
    if (control.row && last?.[0]?.row === control.row) last.push(control);
    else rows.push([control]);
  }
  const named = [...sections].filter(([section]) => section !== '');
  return [...named, ...[...sections].filter(([section]) => section === '')].map(([section, rows]) => ({
    section,
    rows,
  }));
}

const FIELDSETS = layout(formControlRows(INQUIRY_FIELDS));

export function InquiryForm({ handle, onSubmitted }: { handle: Ref<InquiryFormHandle>; onSubmitted: () => void }) {
  const {
    formRef,
    hydrated,
    sending,
    valid,
    errors,
    isTruck,
    showPackage,
    onInput,
    onOperationChange,
    onSubmitClick,
    onSubmit,
  } = useInquiryForm(handle, onSubmitted);

  // The two choices whose behaviour the form owns (the service reveals the package); any
  // other control is a Field. A function, not a component defined here: a component
  // type made anew on each render would remount every control and lose what was typed.
  const renderControl = (control: FormControlRow) => {
    if (control.name === 'operation') {
      return (
        <div key={control.name} className="field">
          <FieldLabel control={control} />
          <select
            id="inquiry-operation"
            name="operation"
            required
            defaultValue=""
            onChange={(event) => onOperationChange(event.target.value)}
            {...describedBy('inquiry-operation', false, errors.operation)}
          >
            <option value="" disabled>
              {words.chooseService}
            </option>
            {/* From the content rendered now (record 260); named in the page's language, valued in English (record 420). */}
            {operations(content).map((name) => (
              <option key={name} value={name}>
                {labels[name] ?? name}
              </option>
            ))}
          </select>
          <FieldError id="inquiry-operation" message={errors.operation} />
        </div>
      );
    }
    if (control.name === 'packageChoice') {
      return (
        <div key={control.name} className="field" hidden={!showPackage}>
          <label htmlFor="inquiry-packageChoice">{labels.packageChoice ?? control.label}</label>
          <select
            id="inquiry-packageChoice"
            name="packageChoice"
            required={isTruck}
            disabled={!showPackage}
            defaultValue=""
            {...describedBy('inquiry-packageChoice', false, errors.packageChoice)}
          >
            <option value="" disabled>
              {words.choosePackage}
            </option>
            {truckPackages(content).map((card) => (
              <option key={card.name} value={card.name}>
                {packageOptionLabel(card)}
              </option>
            ))}
          </select>
          <FieldError id="inquiry-packageChoice" message={errors.packageChoice} />
        </div>
      );
    }
    return <Field key={control.name} control={control} error={errors[control.name]} />;
  };

  return (
    <form
      ref={formRef}
      className="inquiry-form"
      // Without JavaScript (or before it runs) the form posts itself (src/server/routes/form-post.ts).
      method="post"
      action="/inquiry"
      // Once the script runs, the form shows its own messages (one per field), never
      // the browser's bubbles; without it, the browser's validation guards the post.
      noValidate={hydrated}
      onSubmit={onSubmit}
      onInput={onInput}
      onChange={onInput}
      aria-describedby="inquiry-required-note"
    >
      <p id="inquiry-required-note" className="inquiry-note">
        {words.requiredNote}
      </p>
      {FIELDSETS.map(({ section, rows }) => (
        <fieldset key={section}>
          <legend>{legendOf(section)}</legend>
          {rows.map((row) =>
            row.length === 1 ? (
              renderControl(row[0]!)
            ) : (
              <div key={row[0]!.name} className={`field-row${row.length === 3 ? ' field-row-3' : ''}`}>
                {row.map(renderControl)}
              </div>
            ),
          )}
        </fieldset>
      ))}

      {/* The page's language, for the post without JavaScript (record 300); English says nothing. */}
      {words.lang === 'en' ? null : <input type="hidden" name="language" value={words.lang} />}
      {/* A honeypot: hidden from people, filled in by bots. */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="inquiry-website">Website</label>
        <input id="inquiry-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      {/* Exposed as disabled while incomplete or sending (spec §4, record 220); pressed then, it says what is missing. */}
      <button
        type="submit"
        className="button button-large inquiry-submit"
        aria-describedby={hydrated && !valid ? 'inquiry-send-hint' : undefined}
        aria-disabled={hydrated ? sending || !valid : undefined}
        onClick={onSubmitClick}
      >
        {sending ? words.sending : words.send}
      </button>
      {hydrated && !valid ? (
        <p id="inquiry-send-hint" className="inquiry-send-hint">
          {words.sendHint}
        </p>
      ) : null}
    </form>
  );
}
