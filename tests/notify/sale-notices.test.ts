// The sale's notices end to end (issue 28): the server in its own process with a real
// SMTP server, a local HTTPS push service (trusted through NODE_EXTRA_CA_CERTS) and a
// webhook receiver. The owner sends a quote: the customer's e-mail carries its link,
// once. The customer opens it and accepts (or declines): the owner gets an e-mail
// (Reply-To the customer) and a push, decrypted here, and the webhook its state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SALE_OWNER as OWNER,
  SALE_PUBLIC_URL as PUBLIC_URL,
  type SaleServer,
  startSaleServer,
} from '../support/sale-server.js';
import { outboxSettled, until } from '../support/until.js';

describe('the sale’s notices', () => {
  let sale: SaleServer;

  beforeAll(async () => {
    sale = await startSaleServer();
  }, 60_000);
  afterAll(() => sale?.stop());

  const quoted = () => sale.quoted();
  const mailsTo = (address: string, subject: RegExp) => sale.mailsTo(address, subject);
  const pushesTitled = (title: RegExp) => sale.pushesTitled(title);
  const owner = (method: string, path: string) => sale.owner(method, path);
  /** Posts a form of the quote page from the page itself. */
  const answer = (path: string, action: string, fields: Record<string, string>) =>
    sale.form(`${path}/${action}`, fields);

  it('e-mails the customer the quote’s link once; their acceptance reaches the owner by e-mail, push and webhook', {
    timeout: 60_000,
  }, async () => {
    const { id, inquiry, quote } = await quoted();
    const [mail] = await until('the quote e-mail', () => {
      const found = mailsTo(inquiry.email, /quote/i);
      return found.length ? found : undefined;
    });
    expect(mail!.subject).toBe('Your quote from Lucky Lime Tacos');
    expect(mail!.text).toContain(`Hello ${inquiry.firstName},`);
    expect(mail!.text).toContain('$5,109.40');
    const link = /https:\/\/tacos\.example(\/quote\/[\w-]{43})/.exec(mail!.text)?.[1];
    expect(link).toBe(new URL(quote.url).pathname);

    const page = await fetch(`${sale.origin}${link}`);
    expect(page.status).toBe(200);
    expect((await answer(link!, 'accept', { accept: 'yes' })).status).toBe(303);

    const [ownerMail] = await until('the owner’s e-mail', () => {
      const found = mailsTo(OWNER, /^Quote accepted/);
      return found.length ? found : undefined;
    });
    expect(ownerMail!.subject).toContain(`${inquiry.firstName} ${inquiry.lastName}`);
    expect(ownerMail!.replyTo).toEqual([inquiry.email]);
    expect(ownerMail!.text).toContain(`${PUBLIC_URL}/inbox?id=${id}`);
    const [pushed] = await until('the owner’s push', () => {
      const found = pushesTitled(/^Quote accepted/);
      return found.length ? found : undefined;
    });
    expect(pushed).toMatchObject({ url: `${PUBLIC_URL}/inbox?id=${id}` });
    expect(pushed!.body).toContain('$5,109.40');
    const hook = await until('the webhook', () =>
      sale.hooks.received.find((each) => (each.verified as { type?: string } | undefined)?.type === 'quote.accepted'),
    );
    expect((hook.verified as { data: { id: string; quote: unknown } }).data).toMatchObject({
      id,
      quote: { id: quote.id, state: 'accepted', total: 510_940, currency: 'USD' },
    });

    // The inquiry's page lists each of these notifications by what it told of.
    const listed = (await (await owner('GET', `/api/owner/inquiries/${id}/deliveries`)).json()) as {
      deliveries: { label: string; status: string }[];
    };
    expect(listed.deliveries.map((delivery) => delivery.label)).toEqual(
      expect.arrayContaining([
        'Customer e-mail (quote sent)',
        'Customer e-mail (quote accepted)',
        'Owner e-mail (quote accepted)',
        'Push (quote accepted)',
      ]),
    );

    // A second acceptance changes nothing and tells no one again.
    expect((await answer(link!, 'accept', { accept: 'yes' })).status).toBe(303);
    await outboxSettled(sale.origin);
    expect(mailsTo(OWNER, /^Quote accepted/)).toHaveLength(1);
    // The customer's: the quote's link, and what they accepted in writing (record 203), each once.
    expect(mailsTo(inquiry.email, /^Your quote/)).toHaveLength(1);
    expect(mailsTo(inquiry.email, /^You accepted our quote/)).toHaveLength(1);
    expect(pushesTitled(/^Quote accepted/)).toHaveLength(1);
  });

  it('tells the owner of a decline with its reason', { timeout: 60_000 }, async () => {
    const { inquiry, quote } = await quoted();
    const path = new URL(quote.url).pathname;
    expect((await answer(path, 'decline', { reason: 'We found a cheaper truck' })).status).toBe(303);
    const [mail] = await until('the owner’s e-mail', () => {
      const found = mailsTo(OWNER, /^Quote declined/).filter((each) => each.replyTo.includes(inquiry.email));
      return found.length ? found : undefined;
    });
    expect(mail!.text).toContain('We found a cheaper truck');
    await until('the owner’s push', () => {
      const found = pushesTitled(/^Quote declined/);
      return found.length ? found : undefined;
    });
  });
});
