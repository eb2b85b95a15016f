// The customer's language (record 300): kept with the inquiry from the page it was sent
// from, validated, and every message to that customer written in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInquiryBody } from '../../../tests/support/builders.js';
import { expectApiError, newId, putInquiry, signIn, startApp, type TestApp } from '../../../tests/support/test-app.js';
import { confirmationEmail, customerNoticeEmail } from '../notify/messages.js';
import type { StoredInquiry } from '../store/inquiry-store.js';

describe('the inquiry’s language', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startApp()));
  afterAll(() => t.close());

  const stored = async (id: string) => (await t.store.list()).find((row) => row.id === id);
  const sender = { from: 'a@b.example', fromAddress: 'a@b.example' };
  const confirmation = (inquiry: StoredInquiry) =>
    confirmationEmail({ inquiry, ...sender, messageId: '<x@b>', content: t.app.content.current().content });

  it('keeps Spanish from the Spanish page, answers the estimate in Spanish and confirms in Spanish', async () => {
    const id = newId();
    const response = await putInquiry(t.app, id, buildInquiryBody({ language: 'es' }), { token: await signIn(t.app) });
    expect(response.statusCode, response.body).toBe(201);
    // Spanish writes money its own way: 1.234,50 US$.
    expect(response.json().estimate).toMatch(/^Estimado: [\d.]+,\d{2}\s?US\$/);
    expect(response.json().estimateNote).toContain('Es un estimado, no una cotización');
    const inquiry = (await stored(id))!;
    expect(inquiry.language).toBe('es');
    const mail = confirmation(inquiry);
    expect(mail.subject).toMatch(/^Recibimos su solicitud – /);
    expect(mail.text).toContain('Invitados previstos:');
    expect(mail.text).toMatch(/Estimado: [\d.]+,\d{2}\s?US\$/);
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.text).not.toMatch(/\b(Estimate|guests|Hello|thank you)\b/);
    const later = customerNoticeEmail({
      notice: { subject: 's', lines: ['l'], url: 'https://x.example', linkText: 'k' },
      inquiry,
      ...sender,
      messageId: '<y@b>',
      content: t.app.content.current().content,
    });
    expect(later.text).toContain(`Hola, ${inquiry.firstName}:`);
  });

  it('is English without one (a page from before languages), and the English words stay', async () => {
    const id = newId();
    const { language: _none, ...body } = buildInquiryBody();
    const response = await putInquiry(t.app, id, body, { token: await signIn(t.app) });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().estimate).toMatch(/^Estimate: \$[\d,]+\.\d{2}$/);
    const inquiry = (await stored(id))!;
    expect(inquiry.language).toBe('en');
    const mail = confirmation(inquiry);
    expect(mail.subject).toMatch(/^We received your inquiry – /);
    expect(mail.text).toContain('Planned guests:');
  });

  it('refuses a language it does not serve, storing nothing', async () => {
    const id = newId();
    const body = { ...buildInquiryBody(), language: 'fr' };
    const response = await putInquiry(t.app, id, body, { token: await signIn(t.app) });
    expectApiError(response, 400);
    expect(await stored(id)).toBeUndefined();
  });
});
