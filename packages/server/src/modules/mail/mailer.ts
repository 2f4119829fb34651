import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboxRepo } from './repo.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one action link of the mail, if any (shown in the outbox, never in the server log). */
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
 * Without an SMTP server, mail is kept in the database and announced in the server log (recipient only), so a
 * fresh instance can confirm its first account; `tradedeck admin outbox` lists it with its codes and links.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly repo: OutboxRepo,
    private readonly log: FastifyBaseLogger,
    /** Told of each mail kept, in-process (the demo shows its own user's mail on its own console). */
    private readonly onKept: ((mail: Mail) => void) | null = null,
    /** Test and demo instances only (`TRADEDECK_OUTBOX_LOG_LINKS=on`): the announcement carries subject and link. */
    private readonly logLinks = process.env.TRADEDECK_OUTBOX_LOG_LINKS === 'on',
  ) {
    if (logLinks)
      log.warn('TRADEDECK_OUTBOX_LOG_LINKS is on: one-time codes and links of mail go to the log');
  }

  async send(mail: Mail): Promise<void> {
    await this.repo.add({ recipient: mail.to, subject: mail.subject, body: mail.text, link: mail.link });
    // Subjects and links carry one-time codes and reset links: the log only says where to read them.
    const announced = this.logLinks
      ? { to: mail.to, subject: mail.subject, link: mail.link }
      : { to: mail.to };
    this.log.info({ mail: announced }, 'mail kept in the outbox');
    this.onKept?.(mail);
  }

  close(): void {}
}
