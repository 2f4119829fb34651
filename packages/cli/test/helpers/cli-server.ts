import { loadConfig, type ServerConfig } from '@tradedeck/server/config';
import { type RunningServer, startServer } from '@tradedeck/server/server';
import { SessionService } from '../../../server/src/modules/auth/sessions.ts';
import { hashPassword } from '../../../server/src/security/password-hasher.ts';
import { pgliteTemplate } from '../../../server/test/helpers/test-database.ts';

export const TEST_PASSWORD = 'Quartz-Lantern-42';

/**
 * A real server on a loopback port with an in-memory database. `now` is the app's clock of tokens, codes and mail
 * cool-downs: a test moves it on instead of waiting out a minute it is not testing.
 */
export function startCliServer(
  overrides: Partial<ServerConfig> = {},
  now?: () => number,
): Promise<RunningServer> {
  return startTemplateServer(
    { ...loadConfig({}), port: 0, dataDir: 'memory://', logLevel: 'silent', ...overrides },
    undefined,
    now ? { now } : {},
  );
}

/**
 * `startServer`, its in-memory database started from the run's migrated template (`pglite-template.ts`, the
 * project's global setup) instead of an empty cluster it migrates.
 */
export function startTemplateServer(
  config: ServerConfig,
  configure?: Parameters<typeof startServer>[1],
  options: Parameters<typeof startServer>[2] = {},
): Promise<RunningServer> {
  const fromTemplate = config.databaseUrl === null && config.dataDir === 'memory://';
  const starting = (async () =>
    startServer(config, configure, {
      ...options,
      ...(fromTemplate ? { template: await pgliteTemplate() } : {}),
    }))();
  started.add(starting);
  return starting;
}

/** The servers the current test file started (or is starting), for `stopStartedServers`. */
const started = new Set<Promise<RunningServer>>();

/**
 * Stops every server the test file started, once the file's own hooks are done (`stop` is idempotent). The app
 * project's files share a worker (vitest.config.ts): a server whose start outlived a timed-out `beforeAll` would
 * otherwise keep its jobs and loops running beside every later file of the worker.
 */
export async function stopStartedServers(): Promise<void> {
  const servers = [...started];
  started.clear();
  await Promise.allSettled(servers.map(async (starting) => (await starting).stop()));
}

/**
 * Points the server's proxy checks at its own judge. The server listens on a port it picked itself (port 0), so
 * no other process can take the port between choosing it and binding it.
 */
export function judgeChecksItself(server: RunningServer): void {
  server.app.proxyChecks.tune({ checkUrl: `${server.url}/api/proxy-judge` });
}

/**
 * A signed-in user made in milliseconds, as the server's tests make theirs (`test/helpers/signed-in.ts`): the
 * account written confirmed through the auth module's own repositories (the first one of a server is its admin,
 * approved at once; a later one is approved as an administrator would, when `approve` is set) and a device session
 * opened by its session service. No registration mail and no argon2 per user: every user shares one real hash of
 * the test password, so a sign-in with it still works. Returns the environment that points the CLI at the server
 * with that session. The CLI's own sign-in tests go through `auth login` and the real flow.
 */
export async function signedInUser(
  server: RunningServer,
  email: string,
  { approve = false } = {},
): Promise<{ env: Record<string, string>; accessToken: string }> {
  const { deps } = server.app.services.auth.accounts;
  // English, as a registration through the CLI's client: mails and stored texts follow it.
  const created = await deps.users.create({
    email,
    userName: email.split('@')[0]!,
    passwordHash: await passwordHash(),
    language: 'en',
  });
  if (!created) throw new Error(`signed-in user: ${email} is taken`);
  let user = (await deps.users.confirmEmail(created.id))!;
  if (approve && !user.approvedAt)
    user = (await deps.users.update(user.id, { approvedAt: new Date(deps.now()) }))!;
  const session = await new SessionService(deps).start(user, { ip: '127.0.0.1', userAgent: null });
  return {
    accessToken: session.accessToken,
    env: { TRADEDECK_TOKEN: session.accessToken, TRADEDECK_SERVER: server.url },
  };
}

let hashed: Promise<string> | null = null;
/** One real argon2id hash of the test password per worker (today's parameters, so a sign-in does not rehash it). */
function passwordHash(): Promise<string> {
  hashed ??= hashPassword(TEST_PASSWORD);
  return hashed;
}

/** Polls the outbox (mail of the account flows is sent from a job, just after the answer). */
async function newestOutbox(server: RunningServer, sql: string, what: string): Promise<string> {
  for (let i = 0; i < 200; i += 1) {
    const result = (await server.database.db.execute(sql)) as unknown as { rows: Array<{ v: string }> };
    if (result.rows[0]) return result.rows[0].v;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${what} in the outbox`);
}

/** The newest link mailed to an address. */
export function outboxLink(server: RunningServer, email: string): Promise<string> {
  return newestOutbox(
    server,
    `select link as v from mail_outbox where recipient = '${email}' and link is not null order by created_at desc limit 1`,
    `link to ${email}`,
  );
}

/** The newest one-time code mailed to an address (a step-up or second-factor code). */
export async function outboxCode(server: RunningServer, email: string): Promise<string> {
  const body = await newestOutbox(
    server,
    `select body as v from mail_outbox where recipient = '${email}' and subject ~ '[0-9]{6}' and link is null order by created_at desc limit 1`,
    `code to ${email}`,
  );
  return /\b(\d{6})\b/.exec(body)![1]!;
}
