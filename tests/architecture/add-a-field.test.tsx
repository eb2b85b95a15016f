// Adding a field is one row in the field table (plus a migration per engine for its
// column): with a field added to a copy of the table, it reaches the request's schema,
// the columns, the owner's e-mail, the inbox's page of an inquiry and the CSV export,
// labelled as the row says, without touching any of them.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InquiryFields } from '../../src/inbox/inquiry-detail.js';
import { formatInquiries } from '../../src/server/inquiry-export.js';
import { content } from '../../content/index.js';
import { ownerEmail } from '../../src/server/notify/messages.js';
import { INQUIRY_FIELDS } from '../../src/shared/inquiry.js';
import { deriveInquiry, type FieldTable } from '../../src/shared/inquiry-fields.js';
import { buildNewInquiry } from '../support/builders.js';

const WITH_DIETARY_NEEDS = {
  ...INQUIRY_FIELDS,
  dietaryNeeds: {
    from: 'control',
    input: 'text',
    label: 'Dietary needs',
    column: 'text',
    maxLength: 200,
    optional: true,
    section: 'wish',
  },
} as const satisfies FieldTable;

const VALUE = 'Two guests are coeliac & one is vegan';

function storedInquiry() {
  const inquiry = buildNewInquiry();
  return { id: inquiry.id, uid: inquiry.uid, spamReason: null, ...inquiry.document, dietaryNeeds: VALUE };
}

describe('a field added to the table', () => {
  it('is in the request schema, the form’s controls and the columns a migration adds', () => {
    const derived = deriveInquiry(WITH_DIETARY_NEEDS);
    expect(derived.properties.dietaryNeeds).toEqual({ type: 'string', minLength: 0, maxLength: 200 });
    expect(derived.formControls).toContain('dietaryNeeds');
    expect(derived.columnDefinitions('sqlite')).toContain('dietaryNeeds TEXT NOT NULL');
    expect(derived.columnDefinitions('postgres')).toContain('"dietaryNeeds" text NOT NULL');
  });

  it('reaches the owner’s e-mail with its label', () => {
    const mail = ownerEmail({
      inquiry: storedInquiry(),
      to: ['owner@example.com'],
      from: 'inquiries@example.com',
      messageId: '<id@example.com>',
      publicUrl: 'https://tacos.example',
      fields: WITH_DIETARY_NEEDS,
      content,
    });
    expect(mail.text).toContain(`Dietary needs:`);
    expect(mail.text).toContain(VALUE);
    expect(mail.html).toContain('>Dietary needs</th>');
    expect(mail.html).toContain('Two guests are coeliac &amp; one is vegan');
  });

  it('reaches the inbox’s page of the inquiry with its label', () => {
    const html = renderToStaticMarkup(<InquiryFields inquiry={storedInquiry()} fields={WITH_DIETARY_NEEDS} />);
    expect(html).toContain('<dt>Dietary needs</dt><dd>Two guests are coeliac &amp; one is vegan</dd>');
  });

  it('reaches the CSV export: titled with its label in the inbox’s, with its name in the CLI’s', () => {
    const inquiry = storedInquiry();
    const [labels, row] = formatInquiries([inquiry], 'csv', { titles: 'labels', fields: WITH_DIETARY_NEEDS }).split(
      '\r\n',
    );
    // The table's new last row, then our own columns (visitor session, spam flag, language: record 300).
    expect(labels).toMatch(/,Source,Dietary needs,Visitor session,Spam flag,Language$/);
    expect(row).toMatch(new RegExp(`,web,${VALUE},${inquiry.uid},,en$`));
    const [names] = formatInquiries([inquiry], 'csv', { fields: WITH_DIETARY_NEEDS }).split('\r\n');
    expect(names!.split(',')).toContain('dietaryNeeds');
  });
});
