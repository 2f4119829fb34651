import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, inject } from 'vitest';
import { withIdempotencyKey } from './idempotency-key.ts';
import { type SpawnedServer, spawnServer } from './spawn-server.ts';

/** Talking to a spawned server over HTTP: the envelope's data or a thrown error, and polling until a probe holds. */
export async function callApi<T>(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: withIdempotencyKey(method, path, {
      'content-type': 'application/json',
      'accept-language': 'en-US',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    }),
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await res.json()) as { success: boolean; data: T; error: unknown };
  if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope.error)}`);
  return envelope.data;
}

/**
 * Polls `probe` every `everyMs` (a failing probe counts as not yet) until it answers something truthy. 100 ms by
 * default: most probes ask the spawned server, and one every 25 ms kept it busy answering beside the work the test
 * waits on (a crash file's CPU fell by a tenth); every window a crash test aims a kill at is a second or longer.
 */
export async function pollUntil<T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 30_000,
  everyMs = 100,
  what?: string | (() => string),
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let lastError: unknown = null;
  for (;;) {
    const value = await probe().catch((error: unknown) => {
      lastError = error;
      return null;
    });
    if (value) return value;
    if (Date.now() > end) throw new Error(timedOut(timeoutMs, what, lastError));
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A poll's failure says what it waited for and how the probe last failed, so a CI log names the stuck step. */
function timedOut(timeoutMs: number, what: string | (() => string) | undefined, lastError: unknown): string {
  const waited = typeof what === 'function' ? what() : what;
  const failed = lastError instanceof Error ? lastError.message : lastError ? String(lastError) : null;
  return [
    `timed out after ${timeoutMs} ms`,
    waited ? ` waiting for ${waited}` : '',
    failed ? `; the last probe failed: ${failed.slice(0, 300)}` : '',
  ].join('');
}

/**
 * Registers a user on a spawned server and confirms the e-mail from the link the server logs (no SMTP), then
 * signs in; answers the access token. `beforeSignIn` runs once the address is confirmed (e.g. an approval for any
 * user after the instance's first).
 */
export async function signUpOnSpawned(
  server: { output(): string },
  url: string,
  user: { email: string; userName: string; password: string },
  beforeSignIn?: () => Promise<void>,
): Promise<string> {
  await callApi(url, 'POST', '/api/auth/register', user);
  // The server's own output, read in the test's process: polled often, it costs the server nothing.
  const link = await pollUntil(
    async () => {
      const match = /"link":"([^"]+confirm[^"]+)"/.exec(server.output());
      return match ? new URL(match[1]!) : null;
    },
    30_000,
    25,
  );
  await callApi(url, 'POST', '/api/auth/confirm-email', {
    userId: link.searchParams.get('userId'),
    code: link.searchParams.get('code'),
  });
  await beforeSignIn?.();
  return logInOnSpawned(url, user);
}

/** Signs in on a spawned server (a restarted one keeps its users); answers the access token. */
export async function logInOnSpawned(
  url: string,
  user: { email: string; password: string },
): Promise<string> {
  const login = await callApi<{ accessToken: string }>(url, 'POST', '/api/auth/login', {
    email: user.email,
    password: user.password,
  });
  return login.accessToken;
}

/**
 * Sandbox servers spawned one after another on one data directory and one simulated-Steam journal, as a crash test
 * needs them (kill one, start the next); every one still running is killed and the directory removed after the
 * file's tests.
 */
export function sandboxServers(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const journal = join(dir, 'sandbox-steam.jsonl');
  const env: Record<string, string> = {
    TRADEDECK_MODE: 'sandbox',
    TRADEDECK_DATA_DIR: join(dir, 'data'),
    TRADEDECK_SANDBOX_JOURNAL: journal,
    TRADEDECK_OUTBOX_LOG_LINKS: 'on',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
  };
  const servers: SpawnedServer[] = [];
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    journal,
    async start(extra: Record<string, string> = {}): Promise<{ server: SpawnedServer; url: string }> {
      if (!extra.DATABASE_URL) seedFromTemplate(env.TRADEDECK_DATA_DIR!);
      // On Postgres a restarted server takes a killed one's jobs over when their leases run out: 5 s, not 15.
      const lease: Record<string, string> = extra.DATABASE_URL ? { TRADEDECK_JOB_LEASE_SECONDS: '5' } : {};
      const server = spawnServer({ ...env, ...lease, ...extra });
      servers.push(server);
      return { server, url: await server.ready };
    },
  };
}

/** Passes the step-up on a spawned server with the e-mailed code the server logs (no SMTP). */
export async function stepUpOnSpawned(
  server: { output(): string },
  url: string,
  token: string,
): Promise<void> {
  const before = server.output().length;
  await callApi(url, 'POST', '/api/user/request-two-factor', { purpose: 'stepUp' }, token);
  const code = await pollUntil(
    async () => /"subject":"[^"]*?(\d{6})[^"]*"/.exec(server.output().slice(before))?.[1],
    30_000,
    25,
  );
  await callApi(url, 'POST', '/api/user/step-up', { twoFactor: { codes: { emailCode: code } } }, token);
}

/**
 * A new embedded data directory starts as a copy of the run's migrated template (pglite-template.ts): these servers
 * are about what happens after a start, and creating and migrating a cluster took most of a first start's time.
 * A directory that already exists is left as it is; without a template (a run on Postgres) it is made empty.
 */
export function seedFromTemplate(dataDir: string): void {
  if (existsSync(dataDir)) return;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const template = inject('pgliteTemplate');
  if (!template) return;
  // The dump names its members from the root (`/base/…`): tar strips the slash and says so on stderr.
  execFileSync('tar', ['-xf', template, '-C', dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
}
