import type { TwoFactorInput } from '@tradedeck/sdk/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type LoggerOptions, pino } from 'pino';
import { type AppOptions, buildApp } from '../../../src/app.ts';
import { loadConfig, type ServerConfig } from '../../../src/config/config.ts';
import { loggerOptions } from '../../../src/logger.ts';
import { totpCode } from '../../../src/security/totp.ts';
import { withIdempotencyKey } from '../../helpers/idempotency-key.ts';
import { type MovableClock, movableClock } from '../../helpers/test-clock.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database.ts';
import { SmtpSink } from './smtp-sink.ts';

/** A strong password that passes the spec's rules and the common-password list. */
export const PASSWORD = 'Quartz-Lantern-42';

/** What a test reads and moves of the app's clock (`movableClock()`, test/helpers/test-clock.ts). */
export type Clock = Pick<MovableClock, 'now' | 'advance'>;

export interface AuthTestApp {
  app: FastifyInstance;
  config: ServerConfig;
  testDb: TestDatabase;
  smtp: SmtpSink;
  clock: Clock;
  call(method: string, url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface CallOptions {
  body?: unknown;
  token?: string | null;
  ip?: string;
  headers?: Record<string, string>;
  cookie?: string | null;
  /** The Idempotency-Key of an operation that takes one (default: a fresh key per call); null sends none. */
  idempotencyKey?: string | null;
}

let ipCounter = 1;
/** A fresh client address, so per-address limits of one test do not spill into the next. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/**
 * The real app on a fresh database, mail through a real SMTP sink on loopback, and a movable clock: the app's times
 * and its timers (`clock`, given to share it with the ports, a new one otherwise).
 */
export async function createAuthTestApp(
  overrides: Partial<ServerConfig> = {},
  logLines?: string[],
  appOptions: Pick<AppOptions, 'steam' | 'market' | 'seller' | 'lots' | 'confirmations'> = {},
  clock: MovableClock = movableClock(),
): Promise<AuthTestApp> {
  const smtp = new SmtpSink();
  const smtpUrl = await smtp.start();
  const testDb = await createTestDatabase();
  const config: ServerConfig = {
    ...loadConfig({}),
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    smtpUrl,
    publicUrl: 'http://panel.test',
    databaseUrl: testDb.url,
    ...overrides,
  };
  const logger = logLines
    ? pino(
        { ...(loggerOptions('info') as LoggerOptions) },
        { write: (line: string) => void logLines.push(line) },
      )
    : undefined;
  const app = await buildApp({
    config,
    database: testDb.database,
    now: clock.now,
    clock,
    ...appOptions,
    ...(logger ? { logger } : {}),
  });
  await app.ready();
  return asTestApp({ app, config, testDb, smtp, clock });
}

/** Wraps a ready app for tests: requests come from one fresh address unless a test names another. */
export function asTestApp(parts: Omit<AuthTestApp, 'call' | 'close'>): AuthTestApp {
  const { app, testDb, smtp } = parts;
  const defaultIp = freshIp();
  return {
    ...parts,
    call(method, url, options = {}) {
      const headers = withIdempotencyKey(
        method,
        url,
        { 'accept-language': 'en-US', ...options.headers },
        options.idempotencyKey,
      );
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.cookie) headers.cookie = options.cookie;
      return app.inject({
        method: method as 'GET',
        url,
        headers,
        remoteAddress: options.ip ?? defaultIp,
        ...(options.body !== undefined ? { payload: options.body as object } : {}),
      });
    },
    async close() {
      await app.close();
      await testDb.drop();
      await smtp.stop();
    },
  };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  cookie: string;
  /** The authenticator secret, once the user has turned the app on through `enableTotp`. */
  totpSecret?: string;
}

/** The refresh cookie of an answer as a `name=value` pair for the next request. */
export function refreshCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === '__Host-rt' || c.name === 'tradedeck-rt');
  if (!cookie) throw new Error(`no refresh cookie in ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export function linkParams(text: string): URLSearchParams {
  const link = /https?:\/\/\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no link in mail: ${text}`);
  return new URL(link).searchParams;
}

/**
 * Registers, confirms from the mailed link, approves (by `admin` when given) and signs in. Admin operations need
 * the authenticator app, so an approving admin without one turns it on first.
 */
export async function signUp(t: AuthTestApp, name: string, admin?: TestUser): Promise<TestUser> {
  const email = `${name}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const since = t.smtp.mails.length;
  const ip = freshIp();
  const registered = await t.call('POST', '/api/auth/register', {
    body: { email, userName: name, password: PASSWORD },
    ip,
  });
  if (registered.statusCode !== 200) throw new Error(`register: ${registered.body}`);
  const mail = await t.smtp.waitFor(email, { since, subject: /confirm/i });
  const params = linkParams(mail.text);
  const confirmed = await t.call('POST', '/api/auth/confirm-email', {
    body: { userId: params.get('userId'), code: params.get('code') },
    ip,
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.body}`);
  const userId = params.get('userId')!;
  if (admin) {
    await renew(t, admin);
    if (!admin.totpSecret) await enableTotp(t, admin);
    const approved = await t.call('POST', `/api/admin/users/${userId}/approve`, {
      token: admin.accessToken,
      body: {},
    });
    if (approved.statusCode !== 200) throw new Error(`approve: ${approved.body}`);
  }
  return { ...(await logIn(t, email, PASSWORD, undefined, ip)), id: userId };
}

export async function logIn(
  t: AuthTestApp,
  email: string,
  password: string,
  twoFactor?: TwoFactorInput,
  ip = freshIp(),
): Promise<TestUser> {
  const response = await t.call('POST', '/api/auth/login', { body: { email, password, twoFactor }, ip });
  if (response.statusCode !== 200) throw new Error(`login: ${response.statusCode} ${response.body}`);
  const data = response.json().data as { accessToken: string };
  const info = await t.call('GET', '/api/user/info', { token: data.accessToken });
  return {
    id: info.json().data.id,
    email,
    password,
    accessToken: data.accessToken,
    cookie: refreshCookieOf(response),
  };
}

/** The 6-digit code of a mail. */
export function mailedCode(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in mail: ${text}`);
  return code;
}

const CODE_SUBJECT = /verification code|Код подтверждения/;

/** The newest code mailed to an address: through the SMTP sink, or from the outbox when there is no SMTP. */
export async function latestCode(t: AuthTestApp, email: string, since: number | null): Promise<string> {
  if (!t.config.smtpUrl) {
    const rows = (await t.testDb.database.db.execute(
      `select body from mail_outbox where recipient = '${email}' and subject ~ '[0-9]{6}' order by created_at desc limit 1`,
    )) as unknown as { rows: Array<{ body: string }> };
    if (!rows.rows[0]) throw new Error(`no code for ${email} in the outbox`);
    return mailedCode(rows.rows[0].body);
  }
  const mail =
    since !== null
      ? await t.smtp.waitFor(email, { since, subject: CODE_SUBJECT })
      : [...t.smtp.mails].reverse().find((m) => m.to.includes(email) && CODE_SUBJECT.test(m.subject));
  if (!mail) throw new Error(`no code mailed to ${email}`);
  return mailedCode(mail.text);
}

/**
 * Steps the user's device session up, as the two-factor dialog does: with the authenticator when the user has
 * it (the clock moves past the step used), else with the code the server mails to the account's address.
 */
export async function stepUp(t: AuthTestApp, user: TestUser): Promise<void> {
  let twoFactor: TwoFactorInput;
  if (user.totpSecret) {
    const before = t.clock.now();
    t.clock.advance(30_000);
    // A wall clock (apps shared with other processes) cannot be moved on: the next step is within the window.
    const moved = t.clock.now() - before >= 30_000;
    twoFactor = {
      codes: { totp: totpCode(user.totpSecret, moved ? t.clock.now() : t.clock.now() + 30_000) },
    };
  } else {
    const since = t.smtp.mails.length;
    const asked = await t.call('POST', '/api/user/request-two-factor', {
      token: user.accessToken,
      body: { purpose: 'stepUp' },
    });
    // A code mailed within the last minute (by a refused step-up call) is still good: use the latest one.
    twoFactor = {
      codes: { emailCode: await latestCode(t, user.email, asked.statusCode === 200 ? since : null) },
    };
  }
  const res = await t.call('POST', '/api/user/step-up', { token: user.accessToken, body: { twoFactor } });
  if (res.statusCode !== 200) throw new Error(`step-up: ${res.body}`);
}

/**
 * Enables the authenticator for a user (a step-up first, as enrolment needs) and returns its secret and recovery
 * codes. The session then passes the new app once, as the dialog would ask for admin operations.
 */
export async function enableTotp(
  t: AuthTestApp,
  user: TestUser,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  await stepUp(t, user);
  const key = await t.call('POST', '/api/user/otp-key', { token: user.accessToken, body: {} });
  if (key.statusCode !== 200) throw new Error(`otp key: ${key.body}`);
  const secret = key.json().data.secret as string;
  const enabled = await t.call('POST', '/api/user/authenticator', {
    token: user.accessToken,
    body: { enable: true, twoFactor: { codes: { totp: totpCode(secret, t.clock.now()) } } },
  });
  if (enabled.statusCode !== 200) throw new Error(`enable totp: ${enabled.body}`);
  user.totpSecret = secret;
  await stepUp(t, user);
  // The step just used is spent: later codes in tests come from the next step.
  t.clock.advance(30_000);
  return { secret, recoveryCodes: enabled.json().data.recoveryCodes };
}

/** The instance's first user (its administrator) with the authenticator app on, as admin operations need. */
export async function signUpAdmin(t: AuthTestApp, name = 'admin'): Promise<TestUser> {
  const admin = await signUp(t, name);
  await enableTotp(t, admin);
  return admin;
}

export function errorOf(response: LightMyRequestResponse): {
  resultCode: number;
  errorDetails: Record<string, unknown> | null;
  message: string;
} {
  return response.json().error;
}

/** Renews a user's access token through the refresh cookie (tests move the clock past token lifetimes). */
export async function renew(t: AuthTestApp, user: TestUser): Promise<void> {
  const res = await t.call('POST', '/api/auth/refresh-token', { cookie: user.cookie, body: {} });
  if (res.statusCode !== 200) throw new Error(`refresh: ${res.body}`);
  user.accessToken = res.json().data.accessToken;
  user.cookie = refreshCookieOf(res);
}
