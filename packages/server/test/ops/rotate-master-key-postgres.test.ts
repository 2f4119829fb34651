import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_MEMORY } from '../../src/db/database.ts';
import { parseKeyring } from '../../src/security/master-key.ts';
import { enableTotp } from '../auth/helpers/auth-app.ts';
import { SmtpSink } from '../auth/helpers/smtp-sink.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import type { SpawnedServer } from '../helpers/spawn-server.ts';
import { pollUntil } from '../helpers/spawned-api.ts';
import { type ThrowAwayPostgres, throwAwayPostgres } from '../hubs/postgres-cluster.ts';
import {
  keysByMasterKey,
  movableClock,
  newKey,
  seedUsersWithKeys,
  signInWithAuthenticator,
  startedProcesses,
  startPanel,
} from './rotation-helpers.ts';

// Master-key rotation on Postgres, online: a server runs with the new key first and the old one after it while
// `rotate-master-key` re-wraps the data keys. The command is killed (SIGKILL) half-way, held at a row this test
// locks; the server keeps opening secrets; a second run finishes and verifies; a server with the new key alone
// then signs the user in with the authenticator (its secret opened through the re-wrapped data key).
const USERS = 600;
const OLD = newKey();
const NEW = newKey();

let postgres: ThrowAwayPostgres;
const smtp = new SmtpSink();
let smtpUrl: string;
const processes = startedProcesses();

beforeAll(async () => {
  const found = await throwAwayPostgres();
  if ('unavailable' in found) throw new Error(found.unavailable);
  postgres = found;
  smtpUrl = await smtp.start();
}, 120_000);
afterAll(async () => {
  await processes.end();
  await smtp.stop();
  await postgres?.stop();
}, 60_000);

function rotate(): SpawnedServer {
  return processes.command(
    {
      DATABASE_URL: postgres.url,
      TRADEDECK_DATA_DIR: IN_MEMORY,
      TRADEDECK_MASTER_KEY: `k2:${NEW},k1:${OLD}`,
    },
    ['rotate-master-key'],
  );
}

describe('rotate-master-key on Postgres', () => {
  it('survives a kill -9 half-way, runs beside a serving server, and finishes on the next run', async () => {
    const clock = movableClock();
    const start = async (masterKey: string) => {
      const panel = await startPanel(
        { databaseUrl: postgres.url, dataDir: IN_MEMORY, masterKey },
        smtp,
        smtpUrl,
        clock,
      );
      processes.servers.push(panel.server);
      return panel;
    };
    const before = await start(`k1:${OLD}`);
    const user = await signedInUser(before.t, 'rotor');
    await enableTotp(before.t, user);
    await seedUsersWithKeys(before.server.database.db, parseKeyring(`k1:${OLD}`), USERS - 1);
    await before.server.stop();

    const during = await start(`k2:${NEW},k1:${OLD}`);
    const db = during.server.database.db;
    expect(await keysByMasterKey(db)).toEqual({ k1: USERS });

    // Hold one row in the middle: the command re-wraps the rows before it and waits at this one.
    const holder = new pg.Client({ connectionString: postgres.url });
    const watcher = new pg.Client({ connectionString: postgres.url });
    await holder.connect();
    await watcher.connect();
    try {
      await holder.query('begin');
      await holder.query('select user_id from user_keys order by user_id offset 300 limit 1 for update');
      const first = rotate();
      await pollUntil(async () => {
        // Another connection: activity statistics read inside the holder's transaction stay as first read.
        const { rows } = await watcher.query<{ waiting: string }>(
          `select count(*)::text as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        if (first.child.exitCode !== null) throw new Error(`the command ended early: ${first.output()}`);
        return Number(rows[0]?.waiting) > 0;
      }, 40_000).catch((error: Error) => {
        throw new Error(`${error.message}; command output: ${first.output()}`);
      });
      first.child.kill('SIGKILL');
      await first.exited;
      await holder.query('rollback');
    } finally {
      await holder.end();
      await watcher.end();
    }
    const halfway = await keysByMasterKey(db);
    expect(halfway.k1).toBeGreaterThan(0);
    expect(halfway.k2).toBeGreaterThan(0);
    expect((halfway.k1 ?? 0) + (halfway.k2 ?? 0)).toBe(USERS);

    // Online: the serving process opens secrets whichever key wraps them now.
    await signInWithAuthenticator(during.t, user);

    const second = rotate();
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain(`verified: all ${USERS} data keys open with master key k2 alone`);
    expect(second.output()).toContain('now drop k1 from TRADEDECK_MASTER_KEY');
    expect(second.output()).not.toContain(NEW);
    expect(second.output()).not.toContain(OLD);
    expect(await keysByMasterKey(db)).toEqual({ k2: USERS });
    await during.server.stop();

    const after = await start(`k2:${NEW}`);
    const signedIn = await signInWithAuthenticator(after.t, user);
    expect(signedIn.accessToken).toBeTruthy();
  }, 120_000);
});
