// A real SMTP server for tests (smtp-server, in this process, on 127.0.0.1, no
// TLS, no auth), keeping every accepted message parsed with mailparser. It can
// answer the next messages with an error (4xx or 5xx, as a real server does),
// and be stopped and started again on the same port (an outage).
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  rcptTo: string[];
  mailFrom: string;
  parsed: ParsedMail;
  messageId: string;
  subject: string;
  from: string[];
  to: string[];
  replyTo: string[];
  text: string;
  html: string;
  /** When the server accepted it (Date.now()). */
  acceptedAt: number;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Answer the next `count` messages' DATA with this SMTP error. */
  failNext(count: number, code: number, message?: string): void;
  /**
   * Keeps the next message waiting for the server's answer to its DATA (a send in
   * flight) until `release()`; `arrived` resolves once it is held.
   */
  holdNext(): { arrived: Promise<void>; release(): void };
  /** Resolves once `count` messages in all were accepted (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Stop listening (an outage); `start()` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Called with each accepted message. */
  onAccepted?: (mail: {
    messageId: string;
    inquiryId: string | undefined;
    rcptTo: string[];
    acceptedAt: number;
  }) => void;
  /** Called with each accepted message's envelope recipients. */
  onEnvelope?: (rcptTo: string[]) => void;
  /** Parse and keep each message in `received` (default); false only reads two headers and calls onAccepted (load tests). */
  parse: boolean;
  /** Answers each message's DATA this much later (a slow relay); 0 by default. */
  delayMs: number;
  /** Recipients refused at RCPT TO with 550 (the others still get the message). */
  refused: Set<string>;
  /** Called when a message's DATA has arrived, before the answer (a send in flight). */
  onData?: () => void;
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((object) =>
    object.value.map((entry) => entry.address ?? ''),
  );

export async function startSmtp(port = 0): Promise<TestSmtp> {
  let failures: { count: number; code: number; message: string } | undefined;
  const holds: { arrived: () => void; released: Promise<void> }[] = [];
  let server: SMTPServer | undefined;
  const waiters: (() => boolean)[] = [];

  const smtp: TestSmtp = {
    port,
    url: '',
    received: [],
    parse: true,
    delayMs: 0,
    refused: new Set(),
    failNext(count, code, message = code >= 500 ? 'Mailbox unavailable' : 'Try again later') {
      failures = { count, code, message };
    },
    holdNext() {
      let arrived!: () => void;
      let release!: () => void;
      const hold = {
        arrived: new Promise<void>((resolve) => {
          arrived = resolve;
        }),
        released: new Promise<void>((resolve) => {
          release = resolve;
        }),
      };
      holds.push({ arrived, released: hold.released });
      return { arrived: hold.arrived, release };
    },
    waitFor(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (smtp.received.length >= count) {
            clearTimeout(timer);
            resolve(smtp.received.slice());
            return true;
          }
          return false;
        };
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} messages, the SMTP server has ${smtp.received.length}`)),
          timeoutMs,
        );
        if (!check()) waiters.push(check);
      });
    },
    async start() {
      server = new SMTPServer({
        disabledCommands: ['STARTTLS', 'AUTH'],
        authOptional: true,
        logger: false,
        size: 1024 * 1024,
        onRcptTo(address, _session, callback) {
          if (!smtp.refused.has(address.address)) return callback();
          callback(Object.assign(new Error(`5.1.1 <${address.address}> no such user`), { responseCode: 550 }));
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', async () => {
            smtp.onData?.();
            if (smtp.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, smtp.delayMs));
            const hold = holds.shift();
            if (hold) {
              hold.arrived();
              await hold.released;
            }
            if (failures && failures.count > 0) {
              failures.count--;
              return callback(Object.assign(new Error(failures.message), { responseCode: failures.code }));
            }
            const source = Buffer.concat(chunks);
            const acceptedAt = Date.now();
            const envelope = {
              rcptTo: session.envelope.rcptTo.map((address) => address.address),
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            };
            smtp.onEnvelope?.(envelope.rcptTo);
            if (!smtp.parse) {
              const head = source.toString('latin1', 0, Math.min(source.length, 8192));
              const messageId = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? '';
              const inquiryId = /^x-curbside-inquiry:\s*(\S+)/im.exec(head)?.[1];
              smtp.onAccepted?.({ messageId, inquiryId, rcptTo: envelope.rcptTo, acceptedAt });
              callback();
              return;
            }
            simpleParser(source).then(
              (parsed) => {
                const mail: ReceivedMail = {
                  ...envelope,
                  parsed,
                  messageId: parsed.messageId ?? '',
                  subject: parsed.subject ?? '',
                  from: addresses(parsed.from),
                  to: addresses(parsed.to),
                  replyTo: addresses(parsed.replyTo),
                  text: parsed.text ?? '',
                  html: typeof parsed.html === 'string' ? parsed.html : '',
                  acceptedAt,
                };
                smtp.received.push(mail);
                const inquiryId = parsed.headers.get('x-curbside-inquiry');
                smtp.onAccepted?.({
                  messageId: mail.messageId,
                  inquiryId: typeof inquiryId === 'string' ? inquiryId : undefined,
                  rcptTo: envelope.rcptTo,
                  acceptedAt,
                });
                callback();
                for (const waiter of waiters.splice(0)) if (!waiter()) waiters.push(waiter);
              },
              (error: Error) => callback(error),
            );
          });
        },
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(smtp.port, '127.0.0.1', () => {
          listening.removeListener('error', reject);
          resolve();
        });
      });
      listening.on('error', () => {});
      const address = listening.server.address();
      if (address && typeof address === 'object') smtp.port = address.port;
      smtp.url = `smtp://127.0.0.1:${smtp.port}`;
    },
    async stop() {
      const running = server;
      server = undefined;
      if (!running) return;
      // Cut open connections too: an outage, not a polite goodbye.
      for (const connection of (running as unknown as { connections: Set<{ close(): void }> }).connections ?? []) {
        connection.close();
      }
      await new Promise<void>((resolve) => running.close(() => resolve()));
    },
  };
  await smtp.start();
  return smtp;
}
