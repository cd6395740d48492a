/**
 * How a message leaves: through an SMTP server with nodemailer when SMTP_URL is set, or, in
 * the embedded default, as an .eml file under DATA_DIR/outbox/ (open it with any mail
 * program), so nothing is lost and nothing needs configuring.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

/** nodemailer loads with the first message (about 15 MB a process that sends nothing never spends). */
const mailer = async () => (await import('nodemailer')).default;

export interface Mail {
  /** `<id@host>`: the same on every try, so a message sent twice reads as one. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers: a marketing message's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Transport {
  /** What it does, for the console: "SMTP smtp.example.com:587" or "files in data/outbox". */
  readonly describe: string;
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string): Transport {
  let transporter: Transporter | undefined;
  const { hostname, port } = new URL(url);
  return {
    describe: `SMTP ${hostname}${port ? `:${port}` : ''}`,
    async send(mail) {
      transporter ??= (await mailer()).createTransport(url);
      await transporter.sendMail(mail);
    },
    close: () => transporter?.close(),
  };
}

export function fileTransport(dir: string): Transport {
  let builder: Transporter | undefined;
  return {
    describe: `files in ${dir}`,
    async send(mail) {
      builder ??= (await mailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await builder.sendMail(mail);
      // A message may hold a live password-reset link: for the shop's user only.
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/[<>@]/g, '').slice(0, 36)}.eml`;
      writeFileSync(path.join(dir, name), info.message as Buffer, { mode: 0o600 });
    },
    close: () => {},
  };
}
