import { describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { operations } from '../../../content/helpers.js';
import { pageDataElement } from '../page-data.js';
import { PAGE_TEXT, pageTextFor } from './page-text.js';
import { INQUIRY_FIELDS } from '../inquiry.js';
import { catalogProblems } from '../catalog-check.js';
import { SPANISH_LABELS } from '../inquiry-labels.js';
import { en } from './en.js';
import { es } from './es.js';

describe('the page’s words (record 300)', () => {
  it('have every key in both languages, each in its own language', () => {
    // 'lang' and the other language's name are codes and names, not messages.
    const { lang: _en, otherLanguage: _toEs, ...english } = en;
    const { lang: _es, otherLanguage: _toEn, ...spanish } = es;
    expect(catalogProblems(english, spanish)).toEqual([]);
    expect(catalogProblems({ labels: {} }, { labels: {} })).toEqual([]);
    const labels = Object.fromEntries(Object.keys(SPANISH_LABELS).map((name) => [name, name]));
    expect(catalogProblems(labels, SPANISH_LABELS).filter((problem) => !problem.includes('the same'))).toEqual([]);
  });

  it('keep the spec’s English texts exactly, and the field table’s hint', () => {
    expect([en.waitTitle, en.waitMessage, en.sentToast, en.failedToast]).toEqual([
      'Wait',
      'Please fill out all required fields before submitting...',
      'We got your inquiry! 🎉',
      'Couldn’t send your inquiry. Please try again.',
    ]);
    expect(en.phoneHint).toBe(INQUIRY_FIELDS.phoneNumber.hint);
    expect(es.otherLanguage).toBe('English');
    expect(en.otherLanguage).toBe('Español');
  });

  it('carry the form’s service names in Spanish on /es/, keyed by the English value (record 420)', () => {
    const spanish = pageTextFor(content, 'es');
    const names = operations(content);
    expect(names.map((name) => spanish.labels[name])).toEqual(content.es!.operations);
    expect(spanish.labels.firstName).toBe(SPANISH_LABELS.firstName);
    expect(pageTextFor(content, 'en')).toBe(PAGE_TEXT.en);
    // A content without Spanish names keeps the catalog's labels as they are.
    const { operations: _none, ...es } = content.es!;
    expect(pageTextFor({ ...content, es }, 'es')).toBe(PAGE_TEXT.es);
    expect(pageDataElement(content, {}, 'es')).toContain(`"${names[0]}":"${content.es!.operations![0]}"`);
  });
});
