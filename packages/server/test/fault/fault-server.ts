import { expect } from 'vitest';
import { linkParams, PASSWORD } from '../auth/helpers/auth-app.ts';
import type { SmtpSink } from '../auth/helpers/smtp-sink.ts';
import { type SpawnedServer, spawnServer } from '../helpers/spawn-server.ts';
import { clusterQuery } from './cluster.ts';

export const ADMIN_EMAIL = 'fault-admin@example.test';
export const ADMIN_PASSWORD = 'Quartz-Lantern-42';

/** Server processes load the TypeScript sources first: slow on a busy machine. */
export const SPAWN_TIMEOUT_MS = 90_000;

export interface ApiAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: fault tests read answer fields freely and assert their values
  body: any;
}

/** Calls the API of a spawned server as a client would (JSON over loopback). */
export async function api(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<ApiAnswer> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      'accept-language': 'en-US',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed };
}

/** The real server entry point on Postgres, sandbox mode, on a fixed port so that a restart comes back there. */
export async function startServerProcess(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
): Promise<SpawnedServer & { url: string }> {
  const server = spawnServer({
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    TRADEDECK_MODE: 'sandbox',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const url = await server.ready;
  return Object.assign(server, { url });
}

/**
 * The first account of an instance is its approved administrator: registers it (or finds it registered),
 * confirms its e-mail in the database as the mailed link would, and signs in. Answers the access token.
 */
export async function signInAdmin(
  url: string,
  databaseUrl: string,
): Promise<{ token: string; userId: string }> {
  await api(url, 'POST', '/api/auth/register', {
    email: ADMIN_EMAIL,
    userName: 'admin',
    password: ADMIN_PASSWORD,
  });
  const [user] = await clusterQuery<{ id: string }>(
    databaseUrl,
    'update users set email_confirmed_at = coalesce(email_confirmed_at, now()) where email = $1 returning id',
    [ADMIN_EMAIL],
  );
  if (!user) throw new Error('the administrator was not registered');
  const login = await api(url, 'POST', '/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return { token: login.body.data.accessToken as string, userId: user.id };
}

/** Polls until `check` answers true; fails naming `what` after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean> | boolean, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * PGlite (no database to reach from outside): registers the instance's administrator through the mailed
 * confirmation link when `register`, and signs in; answers an access token.
 */
export async function signInByMail(
  url: string,
  smtp: SmtpSink,
  email: string,
  register: boolean,
): Promise<string> {
  if (register) {
    await api(url, 'POST', '/api/auth/register', { email, userName: 'admin', password: PASSWORD });
    const params = linkParams((await smtp.waitFor(email, { subject: /confirm/i, timeoutMs: 30_000 })).text);
    const confirmed = await api(url, 'POST', '/api/auth/confirm-email', {
      userId: params.get('userId'),
      code: params.get('code'),
    });
    expect(confirmed.status).toBe(200);
  }
  const login = await api(url, 'POST', '/api/auth/login', { email, password: PASSWORD });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return login.body.data.accessToken as string;
}
