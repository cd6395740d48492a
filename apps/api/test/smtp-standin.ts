/**
 * A real SMTP server in the test process (the smtp-server package), which parses what
 * arrives (mailparser), so tests read the e-mails the shop sent: recipient, subject, text,
 * HTML, Message-ID. `stop()` and `start()` take it away and bring it back on the same port,
 * to test retries. Nothing leaves the machine.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Every header, its name lower-cased, its value as sent (List-Unsubscribe, say). */
  headers: Record<string, string>;
}

export interface SmtpStandin {
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` mails have arrived in all (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const addresses = (field: ParsedMail['to']) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address ?? '')).join(', ');

export async function startSmtpStandin(): Promise<SmtpStandin> {
  const received: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer | undefined;

  let listening = false;
  const listen = async () => {
    if (listening) return;
    server = new SMTPServer({
      authOptional: true,
      // Closing waits this long for connected clients (by default 30 s).
      closeTimeout: 50,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({
              to: addresses(mail.to),
              from: addresses(mail.from as ParsedMail['to']),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              messageId: mail.messageId ?? '',
              headers: Object.fromEntries(mail.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()])),
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', resolve);
    });
    port = (server.server.address() as AddressInfo).port;
    listening = true;
  };
  await listen();

  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server || !listening) return resolve();
      listening = false;
      server.close(() => resolve());
    });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received;
    },
    stop,
    start: listen,
    close: stop,
  };
}
