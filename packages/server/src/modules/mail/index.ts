import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import { type Mail, type Mailer, OutboxMailer, SmtpMailer } from './mailer.ts';
import { OutboxRepo } from './repo.ts';

export type { Mail, Mailer } from './mailer.ts';
export { type MailContent, mailTemplates } from './messages.ts';
export { OutboxRepo, type OutboxRow } from './repo.ts';

/** What other modules use of mail: the mailer of this instance and the outbox administrators read. */
export interface MailApi {
  mailer: Mailer;
  outbox: OutboxRepo;
}

/** Mail goes through SMTP when `SMTP_URL` is set, else into the outbox table. */
export function registerMail(
  app: FastifyInstance,
  {
    config,
    database,
    onKept,
  }: {
    config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom'>;
    database: Database;
    /** Told of each mail the outbox keeps (never of mail sent through SMTP). */
    onKept?: (mail: Mail) => void;
  },
): MailApi {
  const outbox = new OutboxRepo(database.db);
  const mailer: Mailer = config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom)
    : new OutboxMailer(outbox, app.log.child({ module: 'mail' }), onKept);
  app.addHook('onClose', async () => mailer.close());
  return { mailer, outbox };
}
