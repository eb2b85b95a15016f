// The page in Spanish (issue 39, record 300), in real Chromium against the production
// build: /es/ with and without JavaScript (its lang, hreflang both ways, the navbar's
// link to the other language, the form and the toasts in Spanish), / keeping the spec's
// English; an inquiry from /es/ kept in Spanish: its confirmation e-mail (a real SMTP
// server) writes the estimate as Spanish writes money, its quote e-mail is Spanish, and
// the inbox, in English, says the language.
import { randomInt } from 'node:crypto';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { content, PACKAGE, TRUCK } from '../support/content-words.js';
import { expect, openPage, test } from './fixtures.js';
import { addOwner, PASSWORD, signIn } from './owner.js';
import { inDays, pressIncompleteSend, storedByEmail } from './visitor.js';
import { expectNoViolations } from './axe.js';

const PORT = Number(process.env.E2E_PORT ?? 4173);
test.describe.configure({ mode: 'default' });
test.skip(!content.languages?.includes('es'), 'the content lists no Spanish page');

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startSmtp(PORT + 1);
});
test.afterAll(async () => {
  await smtp.stop();
});

const site = new URL('/', content.siteUrl).href;

/** A visitor's answers to the Spanish form, by its labels. */
function spanishVisitor(email: string, day: string) {
  return {
    Nombre: 'Lucía',
    Apellido: 'Herrera',
    'Correo electrónico': email,
    Teléfono: '+1 512 555 0142',
    Fecha: day,
    'Hora de inicio': '11:00',
    'Hora de fin': '14:00',
    'Invitados previstos': '180',
    'Calle y número': '12 Oak St',
    Ciudad: 'Austin',
    Estado: 'TX',
    'Código postal': '78701',
  };
}

test('/es/ with JavaScript: Spanish throughout, its alternates, and an inquiry kept in Spanish to the last message', async ({
  page,
}) => {
  await openPage(page, '/es/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const alternates = page.locator('link[rel="alternate"][hreflang]');
  await expect(alternates).toHaveCount(3);
  await expect(page.locator('link[hreflang="en"]')).toHaveAttribute('href', site);
  await expect(page.locator('link[hreflang="es"]')).toHaveAttribute('href', `${site}es/`);
  await expect(page.locator('link[hreflang="x-default"]')).toHaveAttribute('href', site);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site}es/`);
  await expect(page).toHaveTitle(content.es!.seo!.title!);
  await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(content.es!.hero!.heading!);
  await expectNoViolations(page);

  await page.getByRole('button', { name: content.es!.hero!.callToAction! }).click();
  const dialog = page.getByRole('dialog', { name: 'Cuéntenos sobre su evento' });
  await expect(dialog).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Enviar solicitud' });
  await pressIncompleteSend(send);
  const toasts = page.getByRole('status').filter({ hasText: 'Un momento' });
  await expect(toasts).toContainText('Complete todos los campos obligatorios antes de enviar...');

  const email = `lucia.${Date.now()}@example.com`;
  for (const [label, value] of Object.entries(spanishVisitor(email, inDays(45)))) {
    await dialog.getByLabel(label, { exact: true }).fill(value);
  }
  // The service choices named in Spanish (content's es.operations, record 420); each value stays the English name.
  const services = dialog.getByLabel('Servicio', { exact: true }).locator('option:not([disabled])');
  await expect(services).toHaveText(content.es!.operations!);
  await expect(services.first()).toHaveAttribute('value', TRUCK);
  await dialog.getByLabel('Servicio', { exact: true }).selectOption(TRUCK);
  await dialog.getByLabel('Paquete', { exact: true }).selectOption(PACKAGE);
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: '¡Recibimos su solicitud! 🎉' })).toBeVisible();
  const note = page.locator('.send-note');
  await expect(note.getByRole('heading', { name: 'Solicitud enviada' })).toBeVisible({ timeout: 15_000 });
  await expect(note).toContainText(/Estimado: [\d.]+,\d{2}\s?US\$/);

  // Kept in Spanish; the confirmation says the estimate as Spanish writes money.
  await expect.poll(async () => (await storedByEmail(email))[0]?.language, { timeout: 15_000 }).toBe('es');
  const [inquiry] = await storedByEmail(email);
  await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(email)).length, { timeout: 20_000 }).toBe(1);
  const confirmation = smtp.received.find((mail) => mail.to.includes(email))!;
  expect(confirmation.subject).toBe(`Recibimos su solicitud – ${content.name}`);
  expect(confirmation.text).toMatch(/Estimado: [\d.]+,\d{2}\s?US\$/);
  expect(confirmation.text).toContain('Invitados previstos:');
  expect(confirmation.text).not.toMatch(/\b(Estimate|guests|thank you)\b/);

  // The owner's inbox stays English and says the language; the quote e-mail and page are Spanish.
  const owner = addOwner();
  await signIn(page, owner);
  await page.goto(`/inbox?id=${inquiry!.id}`);
  await expect(page.getByText('Language: Spanish')).toBeVisible();
  const origin = `http://127.0.0.1:${PORT}`;
  const request = page.request;
  expect(
    (
      await request.post('/api/owner/session', { headers: { origin }, data: { email: owner, password: PASSWORD } })
    ).status(),
  ).toBe(200);
  const { draft } = await (await request.get(`/api/owner/inquiries/${inquiry!.id}/quotes`)).json();
  const sent = await request.post(`/api/owner/inquiries/${inquiry!.id}/quotes`, { headers: { origin }, data: draft });
  expect(sent.status(), await sent.text()).toBe(201);
  const { url } = (await sent.json()) as { url: string };
  await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(email)).length, { timeout: 20_000 }).toBe(2);
  const quoteMail = smtp.received.filter((mail) => mail.to.includes(email))[1]!;
  expect(quoteMail.subject).toBe(`Su cotización de ${content.name}`);
  expect(quoteMail.text).toContain('Hola, Lucía:');
  expect(quoteMail.text).toMatch(/Total: [\d.]+,\d{2}\s?US\$/);
  await page.goto(new URL(url).pathname);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('button', { name: 'Aceptar la cotización' })).toBeVisible();
});

test('/es/: the note after a send offers “Reservar ahora” for an instant package, and a second press is refused in Spanish', async ({
  page,
}) => {
  const instant = content.packageGroups.flatMap((group) => group.packages).find((card) => card.instantBook);
  test.skip(!instant, 'the content marks no package instantBook');
  await openPage(page, '/es/');
  await page.getByRole('button', { name: content.es!.hero!.callToAction! }).click();
  const dialog = page.getByRole('dialog', { name: 'Cuéntenos sobre su evento' });
  const email = `reserva.${Date.now()}@example.com`;
  // A free day of its own (instant-booking.spec.ts takes 90 to 99 days ahead).
  for (const [label, value] of Object.entries(spanishVisitor(email, inDays(110 + randomInt(10))))) {
    await dialog.getByLabel(label, { exact: true }).fill(value);
  }
  await dialog.getByLabel('Servicio', { exact: true }).selectOption(TRUCK);
  await dialog.getByLabel('Paquete', { exact: true }).selectOption(instant!.name);
  await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
  const note = page.locator('.send-note');
  const book = note.getByRole('button', { name: 'Reservar ahora', exact: true });
  await expect(book).toBeVisible({ timeout: 15_000 });
  await expect(note).not.toContainText('Book now');
  const bookNowUrl = await note.locator('form').getAttribute('action');
  await book.click();
  await expect(page).toHaveURL(/\/quote\/[\w-]{43}$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const again = await page.request.post(bookNowUrl!, {
    headers: { origin: `http://127.0.0.1:${PORT}`, 'content-type': 'application/x-www-form-urlencoded' },
    data: '',
  });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain('Esta solicitud ya tiene su cotización');
});

test('/es/ without JavaScript: the Spanish form posts and the inquiry is kept in Spanish', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/es/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('link[hreflang="x-default"]')).toHaveAttribute('href', site);
  await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('heading', { name: 'Encuentre el camión' })).toBeVisible();
  // Without the script the form opens as the page's #inquiry.
  await page.getByRole('button', { name: content.es!.hero!.callToAction! }).click();
  const form = page.locator('#inquiry form');
  const email = `sinjs.${Date.now()}@example.com`;
  for (const [label, value] of Object.entries(spanishVisitor(email, inDays(47)))) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
  await expect(form.getByRole('option', { name: content.es!.operations![0]!, exact: true })).toHaveAttribute(
    'value',
    TRUCK,
  );
  await form.getByLabel('Servicio', { exact: true }).selectOption(TRUCK);
  await form.getByLabel('Paquete', { exact: true }).selectOption(PACKAGE);
  // An end before the start passes the browser's checks: the server's answer page says it in Spanish (record 360).
  await form.getByLabel('Hora de fin', { exact: true }).fill('10:00');
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('alert')).toContainText('Revise este campo');
  await expect(page.getByRole('alert')).toContainText(
    'Hora de fin: La hora de fin debe ser posterior a la hora de inicio.',
  );
  await page.getByLabel('Hora de fin', { exact: true }).fill('14:00');
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gracias');
  await expect(page.getByRole('status')).toHaveText('¡Recibimos su solicitud! 🎉');
  await expect(page.getByRole('link', { name: 'Volver a la página principal' })).toHaveAttribute('href', '/es/');
  await expect.poll(async () => (await storedByEmail(email))[0]?.language, { timeout: 15_000 }).toBe('es');
  await context.close();
});

test('/ keeps the spec’s English and links to the Spanish page, named in Spanish', async ({ page }) => {
  await openPage(page, '/');
  await expect(page.locator('html')).toHaveAttribute('lang', content.locale);
  await expect(page.getByRole('link', { name: 'Español' })).toHaveAttribute('href', '/es/');
  await expect(page.locator('link[hreflang="es"]')).toHaveAttribute('href', `${site}es/`);
  await page.getByRole('button', { name: content.hero.callToAction }).click();
  const dialog = page.getByRole('dialog', { name: 'Tell us about your event' });
  await pressIncompleteSend(dialog.getByRole('button', { name: 'Send inquiry' }));
  await expect(page.getByRole('status').filter({ hasText: 'Wait' })).toContainText(
    'Please fill out all required fields before submitting...',
  );
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${site}</loc>`);
  expect(sitemap).toContain(`<loc>${site}es/</loc>`);
});
