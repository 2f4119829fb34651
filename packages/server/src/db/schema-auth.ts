import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/** Accounts. `email` is stored lower-cased; state follows register → confirm → approve (or ban). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('user'),
    language: text('language').notNull().default('ru'),
    displayedCurrency: text('displayed_currency').notNull().default('RUB'),
    tmPreferredCurrency: text('tm_preferred_currency').notNull().default('RUB'),
    /** Null until the user saves their currencies; till then both follow the language (en USD, ru RUB). */
    currenciesChosenAt: at('currencies_chosen_at'),
    emailConfirmedAt: at('email_confirmed_at'),
    approvedAt: at('approved_at'),
    bannedAt: at('banned_at'),
    banReason: text('ban_reason'),
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    emailOtpEnabled: integer('email_otp_enabled').notNull().default(0),
    pendingEmail: text('pending_email'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: at('locked_until'),
    twoFactorFailures: integer('two_factor_failures').notNull().default(0),
    twoFactorLockedUntil: at('two_factor_locked_until'),
    passwordChangedAt: at('password_changed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/** A device session = one refresh-token family. Access tokens name it (`sid`), so revoking it acts at once. */
export const deviceSessions = pgTable(
  'device_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    revokeReason: text('revoke_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** When this session last passed a second factor (sign-in or step-up): secrets open for 15 minutes after. */
    twoFactorAt: at('two_factor_at'),
    /** When this session last passed the authenticator app (or a recovery code): what admin operations need. */
    totpAt: at('totp_at'),
  },
  (t) => [index('device_sessions_user_idx').on(t.userId)],
);

/** Refresh tokens, SHA-256 only; rotated on every use, a reused one revokes its whole session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => deviceSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    usedAt: at('used_at'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/**
 * One-time codes sent by e-mail: confirmation and reset links (256-bit, SHA-256) and 6-digit second-factor codes
 * (HMAC). Each is bound to a purpose (and an address for e-mail changes), attempt-capped and single use.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    target: text('target'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('email_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: at('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** Mail kept in the database when no SMTP server is configured; `tradedeck admin outbox` lists it. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  link: text('link'),
  createdAt: createdAt(),
});

/** Fixed-window counters shared by every server process (rate limits and lockouts). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: at('window_start').notNull(),
  count: integer('count').notNull(),
});

/** Security events: logins, failures, bans, approvals, session revocations, refresh reuse. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id'),
    event: text('event').notNull(),
    sessionId: uuid('session_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('security_events_user_idx').on(t.userId)],
);
