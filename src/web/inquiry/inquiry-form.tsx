// The inquiry form's markup, laid out in fieldsets; its lifecycle is
// use-inquiry-form.ts, its controls' constraints come from the field table.
import type { Ref } from 'react';
import { content, packageOptionLabel, truckPackages } from '../../../content/index.js';
import { FORM_CONTROLS, MAX_GUESTS, OPERATIONS, PATTERNS, TEXT_LIMITS } from '../../shared/inquiry.js';
import { Field } from './form-field.js';
import { type InquiryFormHandle, useInquiryForm } from './use-inquiry-form.js';

export { type InquiryFormHandle, MESSAGES } from './use-inquiry-form.js';

/** The controls the layout below places; any other control of the field table is added after them. */
const LAID_OUT = new Set([
  ...['firstName', 'lastName', 'email', 'phoneNumber', 'company', 'eventName', 'eventDate', 'startTime', 'endTime'],
  ...['plannedGuestCount', 'streetAddress', 'city', 'state', 'postalCode', 'operation', 'packageChoice', 'notes'],
  'reference',
]);
const MORE_CONTROLS = FORM_CONTROLS.filter((name) => !LAID_OUT.has(name));

export function InquiryForm({ handle, onSubmitted }: { handle: Ref<InquiryFormHandle>; onSubmitted: () => void }) {
  const {
    formRef,
    hydrated,
    sending,
    valid,
    isTruck,
    showPackage,
    onInput,
    onOperationChange,
    onSubmitClick,
    onSubmit,
  } = useInquiryForm(handle, onSubmitted);
  return (
    <form
      ref={formRef}
      className="inquiry-form"
      // Without JavaScript (or before it runs) the form posts itself (src/server/routes/form-post.ts).
      method="post"
      action="/inquiry"
      onSubmit={onSubmit}
      onInput={onInput}
      onChange={onInput}
      aria-describedby="inquiry-required-note"
    >
      <p id="inquiry-required-note" className="inquiry-note">
        All fields are required unless marked optional.
      </p>
      <fieldset>
        <legend>About you</legend>
        <div className="field-row">
          <Field name="firstName" label="First name" autoComplete="given-name" />
          <Field name="lastName" label="Last name" autoComplete="family-name" />
        </div>
        <div className="field-row">
          <Field name="email" label="Email" type="email" autoComplete="email" inputMode="email" />
          <Field
            name="phoneNumber"
            label="Phone"
            type="tel"
            autoComplete="tel"
            pattern={PATTERNS.phone}
            hint="Digits, spaces and + ( ) - . only"
          />
        </div>
        <Field name="company" label="Company or school" autoComplete="organization" />
      </fieldset>

      <fieldset>
        <legend>Your event</legend>
        <Field name="eventName" label="Event name" />
        <div className="field-row field-row-3">
          <Field name="eventDate" label="Date" type="date" />
          <Field name="startTime" label="Start time" type="time" />
          <Field name="endTime" label="End time" type="time" />
        </div>
        <Field
          name="plannedGuestCount"
          label="Planned guests"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_GUESTS}
        />
      </fieldset>

      <fieldset>
        <legend>Where</legend>
        <Field name="streetAddress" label="Street address" autoComplete="address-line1" />
        <div className="field-row field-row-3">
          <Field name="city" label="City" autoComplete="address-level2" />
          <Field name="state" label="State" autoComplete="address-level1" />
          <Field name="postalCode" label="Postal code" autoComplete="postal-code" />
        </div>
      </fieldset>

      <fieldset>
        <legend>What you’d like</legend>
        <div className="field">
          <label htmlFor="inquiry-operation">Service</label>
          <select
            id="inquiry-operation"
            name="operation"
            required
            defaultValue=""
            onChange={(event) => onOperationChange(event.target.value)}
          >
            <option value="" disabled>
              Choose a service
            </option>
            {OPERATIONS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field" hidden={!showPackage}>
          <label htmlFor="inquiry-packageChoice">Package</label>
          <select
            id="inquiry-packageChoice"
            name="packageChoice"
            required={isTruck}
            disabled={!showPackage}
            defaultValue=""
          >
            <option value="" disabled>
              Choose a package
            </option>
            {truckPackages(content).map((card) => (
              <option key={card.name} value={card.name}>
                {packageOptionLabel(card)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="inquiry-notes">
            Notes<span className="field-optional"> (optional)</span>
          </label>
          <textarea id="inquiry-notes" name="notes" rows={3} maxLength={TEXT_LIMITS.notes} />
        </div>
        <Field name="reference" label="How did you hear about us?" />
      </fieldset>

      {MORE_CONTROLS.length > 0 && (
        <fieldset>
          <legend>Anything else</legend>
          {MORE_CONTROLS.map((name) => (
            <Field key={name} name={name} />
          ))}
        </fieldset>
      )}

      {/* A honeypot: hidden from people, filled in by bots. */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="inquiry-website">Website</label>
        <input id="inquiry-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <button
        type="submit"
        className="button button-large inquiry-submit"
        aria-disabled={hydrated ? !valid || sending : undefined}
        onClick={onSubmitClick}
      >
        {sending ? 'Sending…' : 'Send inquiry'}
      </button>
    </form>
  );
}
