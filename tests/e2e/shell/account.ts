import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { totp } from '../totp.ts';

/**
 * The suite's account: the first on the instance, so it is the administrator and needs no approval; it turns on
 * the authenticator app, as admin operations require.
 */
export const SHELL_ACCOUNT = {
  email: 'shell-admin@example.test',
  userName: 'shelladmin',
  password: 'Quartz-Lantern-42',
} as const;

type AnnouncedMail = { to: string; subject: string; link: string | null };

/** Outbox mail to `email` announced in the server log, oldest first. */
function announcedMail(email: string, logFile = process.env.SHELL_SERVER_LOG): AnnouncedMail[] {
  if (!logFile) throw new Error('No server log: run the shell suite through e2e/playwright.config.ts');
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((l) => l.includes('mail kept in the outbox') && l.includes(email))
    .map((l) => (JSON.parse(l) as { mail: AnnouncedMail }).mail);
}

/** Polls the log until `pick` finds something in the mail to `email` (mail is sent by a job, moments later). */
async function waitForMail<T>(email: string, pick: (mail: AnnouncedMail[]) => T | undefined): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const found = pick(announcedMail(email));
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no outbox mail to ${email}`);
}

/** The newest outbox link mailed to `email`, read from the server log. */
export function outboxLink(email: string): Promise<string> {
  return waitForMail(email, (mail) =>
    mail
      .map((m) => m.link)
      .filter((l): l is string => l !== null)
      .at(-1),
  );
}

/** A one-time code mailed to `email` after the first `skip` mails (its subject ends with the code). */
function outboxCode(email: string, skip: number): Promise<string> {
  return waitForMail(email, (mail) =>
    mail
      .slice(skip)
      .map((m) => /(\d{6})$/.exec(m.subject)?.[1])
      .filter((c): c is string => c !== undefined)
      .at(-1),
  );
}

let registered: Promise<string> | null = null;

/** Where the account's authenticator secret is kept for later workers: next to the suite server's log. */
function secretFile(): string {
  const log = process.env.SHELL_SERVER_LOG;
  if (!log) throw new Error('No server log: run the shell suite through e2e/playwright.config.ts');
  return join(dirname(log), 'shell-admin-totp');
}

/**
 * Registers the suite's account through the API, confirms it from the outbox and turns on the authenticator app,
 * once per suite; resolves to the authenticator secret. A later worker reads the secret the first one kept.
 */
export function ensureShellAccount(request: APIRequestContext, baseUrl: string): Promise<string> {
  registered ??= (async () => {
    if (existsSync(secretFile())) return readFileSync(secretFile(), 'utf8');
    const answer = await request.post(`${baseUrl}/api/auth/register`, { data: SHELL_ACCOUNT });
    if (!answer.ok()) throw new Error(`register: ${answer.status()} ${await answer.text()}`);
    const link = new URL(await outboxLink(SHELL_ACCOUNT.email), baseUrl);
    await request.post(`${baseUrl}/api/auth/confirm-email`, {
      data: { userId: link.searchParams.get('userId'), code: link.searchParams.get('code') },
    });
    const { accessToken } = await login(request, baseUrl);
    const headers = { authorization: `Bearer ${accessToken}` };
    // Enrolment is a two-factor setting: the session steps up with a code mailed to the account first.
    const mailedBefore = announcedMail(SHELL_ACCOUNT.email).length;
    await request.post(`${baseUrl}/api/user/request-two-factor`, { headers, data: { purpose: 'stepUp' } });
    const emailCode = await outboxCode(SHELL_ACCOUNT.email, mailedBefore);
    const steppedUp = await request.post(`${baseUrl}/api/user/step-up`, {
      headers,
      data: { twoFactor: { codes: { emailCode } } },
    });
    if (!steppedUp.ok()) throw new Error(`step-up: ${steppedUp.status()} ${await steppedUp.text()}`);
    const key = await request.post(`${baseUrl}/api/user/otp-key`, { headers, data: {} });
    if (!key.ok()) throw new Error(`otp key: ${key.status()} ${await key.text()}`);
    const secret = ((await key.json()) as { data: { secret: string } }).data.secret;
    const enabled = await request.post(`${baseUrl}/api/user/authenticator`, {
      headers,
      data: { enable: true, twoFactor: { codes: { totp: totp(secret, Date.now()) } } },
    });
    if (!enabled.ok()) throw new Error(`authenticator: ${enabled.status()} ${await enabled.text()}`);
    writeFileSync(secretFile(), secret, { mode: 0o600 });
    return secret;
  })();
  return registered;
}

/**
 * `auth.login`, with a code from the authenticator when a secret is given. A code is accepted once: when this
 * time step is spent (a sign-in moments ago), the next step's code is accepted too.
 */
async function login(
  request: APIRequestContext,
  baseUrl: string,
  secret?: string,
): Promise<{ accessToken: string; expiresAt: string }> {
  const attempt = (ms: number) =>
    request.post(`${baseUrl}/api/auth/login`, {
      data: {
        email: SHELL_ACCOUNT.email,
        password: SHELL_ACCOUNT.password,
        ...(secret ? { twoFactor: { codes: { totp: totp(secret, ms) } } } : {}),
      },
    });
  let answer = await attempt(Date.now());
  if (secret && answer.status() === 403) answer = await attempt(Date.now() + 30_000);
  if (answer.status() !== 200) throw new Error(`login: ${answer.status()} ${await answer.text()}`);
  return ((await answer.json()) as { data: { accessToken: string; expiresAt: string } }).data;
}

let signedIn: { token: { accessToken: string; expiresAt: string }; at: number } | null = null;
const TOKEN_REUSE_MS = 10 * 60_000;

/** An access token of the suite's account from a real `auth.login`, reused while it has minutes left. */
export async function shellAccessToken(
  request: APIRequestContext,
  baseUrl: string,
): Promise<{ accessToken: string; expiresAt: string }> {
  if (signedIn && Date.now() - signedIn.at < TOKEN_REUSE_MS) return signedIn.token;
  const secret = await ensureShellAccount(request, baseUrl);
  const token = await login(request, baseUrl, secret);
  signedIn = { token, at: Date.now() };
  return token;
}
