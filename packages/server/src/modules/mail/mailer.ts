import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboxRepo } from './repo.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one action link of the mail, if any (shown in the outbox and the server log). */
  link: string | null;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Sends through the SMTP server named by `SMTP_URL` (smtp:// or smtps://). */
export class SmtpMailer implements Mailer {
  readonly #transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.#transport = nodemailer.createTransport(url);
  }

  async send(mail: Mail): Promise<void> {
    await this.#transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }

  close(): void {
    this.#transport.close();
  }
}

/**
 * Without an SMTP server, mail is kept in the database and announced in the server log (recipient, subject,
 * link), so a fresh instance can confirm its first account; `tradedeck admin outbox` lists it.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly repo: OutboxRepo,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(mail: Mail): Promise<void> {
    await this.repo.add({ recipient: mail.to, subject: mail.subject, body: mail.text, link: mail.link });
    this.log.info(
      { mail: { to: mail.to, subject: mail.subject, link: mail.link } },
      'mail kept in the outbox',
    );
  }

  close(): void {}
}
