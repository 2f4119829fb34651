import type { Language } from '@tradedeck/sdk/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessTokens } from '../../security/access-token.ts';
import type { RateLimiter } from '../../security/rate-limiter.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import { type MailContent, type Mailer, mailTemplates } from '../mail/index.ts';
import type { CodeRepo } from './code-repo.ts';
import type { SecurityEvent, SecurityRepo } from './security-repo.ts';
import type { SessionRepo } from './session-repo.ts';
import type { UserRow, UsersRepo } from './users-repo.ts';

/** Where a call came from, for limits, the audit trail and the device list. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** What the account services share. */
export interface AuthDeps {
  users: UsersRepo;
  sessions: SessionRepo;
  codes: CodeRepo;
  security: SecurityRepo;
  limiter: RateLimiter;
  mailer: Mailer;
  secrets: SecretBox;
  tokens: AccessTokens;
  /** Key for HMACs of short codes (derived from the master key). */
  codeKey: Buffer;
  /** Key deriving a refresh token's successor (derived from the master key). */
  refreshKey: Buffer;
  log: FastifyBaseLogger;
  now: () => number;
  /** Absolute URL of a web page of this instance (path plus query). */
  link: (path: string, query: Record<string, string>) => string;
  /** Queues mail work of the anonymous account flows, which answer before it runs (no timing tells). */
  enqueueAccountMail: (job: AccountMailJob) => Promise<void>;
}

/**
 * Mail work of registration, confirmation resend and forgot-password: queued whether or not the address is
 * known, so the answer costs the same either way; the job looks the address up and mails when it should.
 */
export interface AccountMailJob {
  kind: 'registration' | 'resendConfirmation' | 'forgotPassword';
  email: string;
  /** Registration only: the account this request created, or null when the address was taken. */
  createdUserId: string | null;
  client: ClientInfo;
}

/** Records a security event in the audit table and the log; never lets a logging failure break the call. */
export async function audit(deps: AuthDeps, event: SecurityEvent): Promise<void> {
  deps.log.info({ security: { ...event, details: event.details ?? {} } }, `security event: ${event.event}`);
  try {
    await deps.security.record(event);
  } catch (error) {
    deps.log.error({ err: error }, 'could not record a security event');
  }
}

type Templates = typeof mailTemplates;

/** Renders a template in the user's language and sends it. */
export async function sendMail<K extends keyof Templates>(
  deps: AuthDeps,
  to: string,
  lang: Language | string,
  template: K,
  params: Parameters<Templates[K]['en']>[0],
  link: string | null = null,
): Promise<void> {
  const language: Language = lang === 'en' ? 'en' : 'ru';
  const render = mailTemplates[template][language] as (p: typeof params) => MailContent;
  const content = render(params);
  await deps.mailer.send({ to, subject: content.subject, text: content.text, link });
}

export function userLanguage(user: UserRow): Language {
  return user.language === 'en' ? 'en' : 'ru';
}
