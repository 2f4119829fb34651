import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { ServerConfig } from '../../src/config/config.ts';
import { loadConfig } from '../../src/config/config.ts';
import type { Db } from '../../src/db/database.ts';
import { userKeys, users } from '../../src/db/schema.ts';
import { rowsOf } from '../../src/db/sql-fragments.ts';
import { wrapDataKey } from '../../src/security/envelope.ts';
import type { Keyring } from '../../src/security/master-key.ts';
import { totpCode } from '../../src/security/totp.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import {
  type AuthTestApp,
  asTestApp,
  type Clock,
  logIn,
  PASSWORD,
  type TestUser,
} from '../auth/helpers/auth-app.ts';
import { SmtpSink } from '../auth/helpers/smtp-sink.ts';
import { type SpawnedServer, spawnServer } from '../helpers/spawn-server.ts';
import type { TestDatabase } from '../helpers/test-database.ts';

/** A movable clock shared by the servers of one test, so that each sign-in uses a fresh authenticator step. */
export function movableClock(): Clock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}

/** A real server on the given database and key, wrapped for the auth helpers (mail through the sink). */
export async function startPanel(
  overrides: Partial<ServerConfig>,
  smtp: SmtpSink,
  smtpUrl: string,
  clock: Clock,
): Promise<{ server: RunningServer; t: AuthTestApp }> {
  const config: ServerConfig = {
    ...loadConfig({}),
    port: 0,
    logLevel: 'silent',
    smtpUrl,
    publicUrl: 'http://panel.test',
    ...overrides,
  };
  const server = await startServer(config, undefined, { now: clock.now });
  const testDb = { database: server.database, url: config.databaseUrl, drop: async () => {} } as TestDatabase;
  return { server, t: asTestApp({ app: server.app, config, testDb, smtp, clock }) };
}

/** Signs in with password and a fresh authenticator code: the server opens the stored TOTP secret to check it. */
export async function signInWithAuthenticator(t: AuthTestApp, user: TestUser): Promise<TestUser> {
  t.clock.advance(30_000);
  return logIn(t, user.email, PASSWORD, {
    recoveryCode: null,
    codes: { totp: totpCode(user.totpSecret!, t.clock.now()) },
  });
}

/** `count` users, each with a data key wrapped by the keyring's active key (as the server wraps them). */
export async function seedUsersWithKeys(db: Db, keyring: Keyring, count: number): Promise<void> {
  const tag = randomBytes(4).toString('hex');
  const made = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `seed-${tag}-${i}@example.test`,
        userName: `seed${tag}${i}`,
        passwordHash: 'not-a-hash',
      })),
    )
    .returning({ id: users.id });
  await db
    .insert(userKeys)
    .values(made.map(({ id }) => ({ userId: id, wrappedKey: wrapDataKey(keyring, id, randomBytes(32)) })));
}

/** How many data keys each master key wraps, by key id. */
export async function keysByMasterKey(db: Db): Promise<Record<string, number>> {
  const rows = rowsOf<{ kid: string; keys: string }>(
    await db.execute(
      sql`select split_part(${userKeys.wrappedKey}, '.', 2) as kid, count(*)::text as keys from ${userKeys} group by 1`,
    ),
  );
  return Object.fromEntries(rows.map((row) => [row.kid, Number(row.keys)]));
}

export const newKey = () => randomBytes(32).toString('base64');

/** The servers and commands a test starts, ended (killed if need be) by `end` in its afterAll. */
export function startedProcesses() {
  const servers: RunningServer[] = [];
  const commands: SpawnedServer[] = [];
  return {
    servers,
    /** Runs `main.ts` with a command (rotate-master-key, backup, restore) and follows it. */
    command(env: Record<string, string>, args: string[]): SpawnedServer {
      const spawned = spawnServer(env, args);
      commands.push(spawned);
      return spawned;
    },
    async end() {
      for (const command of commands) if (command.child.exitCode === null) command.child.kill('SIGKILL');
      for (const server of servers) await server.stop().catch(() => {});
    },
  };
}

/**
 * A file's scratch directory, mail sink and started processes, set up before its tests and ended after them (the
 * processes killed if need be, the directory removed).
 */
export function opsTestBed(prefix: string) {
  const bed = {
    dir: mkdtempSync(join(tmpdir(), prefix)),
    smtp: new SmtpSink(),
    smtpUrl: '',
    ...startedProcesses(),
  };
  beforeAll(async () => {
    bed.smtpUrl = await bed.smtp.start();
  });
  afterAll(async () => {
    await bed.end();
    await bed.smtp.stop();
    rmSync(bed.dir, { recursive: true, force: true });
  }, 60_000);
  return bed;
}
