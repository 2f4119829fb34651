import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  anyFreePort,
  clusterQuery,
  type FaultCluster,
  restartCluster,
  terminateBackends,
  withDatabase,
} from './cluster.ts';
import { api, eventually, SPAWN_TIMEOUT_MS, signInAdmin, startServerProcess } from './fault-server.ts';
import {
  accountImport,
  CHECKED_PROXIES,
  HubWatcher,
  IMPORT_LINES,
  IMPORTED_ACCOUNTS,
  importLines,
  seedCheckedProxies,
  settle,
  startSlowProxy,
} from './workloads.ts';

const provided = inject('faultCluster');
const cluster: FaultCluster | null = 'url' in provided ? provided : null;

type Fault = 'terminate' | 'restart' | 'kill';
const FAULTS: { fault: Fault; name: string }[] = [
  { fault: 'terminate', name: 'pg_terminate_backend on every connection of the server' },
  { fault: 'restart', name: 'a restart of Postgres' },
  { fault: 'kill', name: 'kill -9 of the server process' },
];

let slowProxy: Awaited<ReturnType<typeof startSlowProxy>>;
const lines = importLines();

beforeAll(async () => {
  slowProxy = await startSlowProxy();
});
afterAll(async () => {
  await slowProxy?.close();
});

/** Resolves once the import's bulk insert runs inside its transaction on the database. */
async function importUnderWay(databaseName: string): Promise<void> {
  await eventually(
    async () => {
      const rows = await clusterQuery(
        cluster!.url,
        `select 1 from pg_stat_activity
          where datname = $1 and backend_xid is not null and query ilike '%insert into "proxies"%unnest%'`,
        [databaseName],
      );
      return rows.length > 0;
    },
    'the 100,000-line import to be inside its transaction',
    120_000,
  );
}

describe.skipIf(!cluster)('database faults on a real Postgres', () => {
  it.each(FAULTS)(
    'survives $name in the middle of an import, a check batch and an account import',
    async ({ fault }) => {
      const c = cluster!;
      const databaseName = `fault_${randomBytes(5).toString('hex')}`;
      await clusterQuery(c.url, `create database ${databaseName}`);
      const databaseUrl = withDatabase(c.url, databaseName);
      const dataDir = mkdtempSync(join(tmpdir(), 'tradedeck-fault-data-'));
      const port = await anyFreePort();
      const env = {
        TRADEDECK_DATA_DIR: dataDir,
        TRADEDECK_PROXY_CHECK_URL: `http://127.0.0.1:${slowProxy.port}/judge`,
      };
      let server = await startServerProcess(databaseUrl, port, env);
      let hub: HubWatcher | null = null;
      try {
        const { token, userId } = await signInAdmin(server.url, databaseUrl);
        const checkedIds = await seedCheckedProxies(server.url, token, slowProxy.port);
        hub = new HubWatcher(server.url, token);
        const headBefore = await hub.start();

        // The three workloads at once; the fault lands while the import's transaction is writing.
        const importing = settle(api(server.url, 'POST', '/api/proxies', { proxies: lines }, token));
        const check = await api(server.url, 'POST', '/api/proxies/check', { ids: checkedIds }, token);
        expect(check.status, JSON.stringify(check.body)).toBe(200);
        const batchId = check.body.data.batchId as string;
        const accounts = settle(api(server.url, 'POST', '/api/steam-accounts', accountImport(), token));
        await importUnderWay(databaseName);

        if (fault === 'terminate') {
          expect(await terminateBackends(c.url, databaseName)).toBeGreaterThan(0);
        } else if (fault === 'restart') {
          restartCluster(c);
        } else {
          server.child.kill('SIGKILL');
          await server.exited;
          server = await startServerProcess(databaseUrl, port, env);
        }

        // In-flight requests end cleanly: an answer (503 "unavailable" when their connection was cut, never a
        // crash's 500) or, with the process killed, a cut connection.
        for (const outcome of [await importing, await accounts]) {
          if ('cut' in outcome) {
            expect(fault).toBe('kill');
            continue;
          }
          expect([200, 503], JSON.stringify(outcome.body).slice(0, 500)).toContain(outcome.status);
          if (outcome.status === 503) expect(outcome.body.error.resultCode).toBe(12);
        }
        // The server survived the database fault (the killed one was restarted above) and answers again.
        expect(server.child.exitCode, server.output()).toBeNull();
        // Each pooled connection the fault cut is found broken only when next used, and each such find marks
        // the database unreachable until the next probe (a second): both answers must come back, together.
        await eventually(
          async () =>
            (await api(server.url, 'GET', '/api/proxies/counters', undefined, token)).status === 200 &&
            (await fetch(`${server.url}/`, { method: 'HEAD' })).status === 200,
          'the server to answer from the database again',
          60_000,
        );

        // The import is all or nothing; a rerun completes it without doubling anything.
        const imported = async () =>
          Number(
            (
              await clusterQuery<{ n: string }>(
                databaseUrl,
                `select count(*) as n from proxies where user_id = $1 and host like '10.%'`,
                [userId],
              )
            )[0]!.n,
          );
        expect([0, IMPORT_LINES]).toContain(await imported());
        const rerun = await api(server.url, 'POST', '/api/proxies', { proxies: lines }, token);
        expect(rerun.status, JSON.stringify(rerun.body).slice(0, 500)).toBe(200);
        expect(rerun.body.data.addedIds.length + rerun.body.data.duplicates.length).toBe(IMPORT_LINES);
        expect(await imported()).toBe(IMPORT_LINES);

        // Each account is stored whole or not at all; a rerun stores the rest, none twice.
        const again = await api(server.url, 'POST', '/api/steam-accounts', accountImport(), token);
        expect(again.status, JSON.stringify(again.body).slice(0, 500)).toBe(200);
        const reasons = Object.values(again.body.data.errors as Record<string, { reason: string }>).map(
          (e) => e.reason,
        );
        expect(reasons.filter((reason) => reason !== 'alreadyAdded')).toEqual([]);
        const [stored] = await clusterQuery<{ n: string; logins: string }>(
          databaseUrl,
          'select count(*) as n, count(distinct login) as logins from steam_accounts where user_id = $1',
          [userId],
        );
        expect(Number(stored!.n)).toBe(IMPORTED_ACCOUNTS);
        expect(Number(stored!.logins)).toBe(IMPORTED_ACCOUNTS);

        // The check batch: retried by the queue after a database fault and finished, every proxy with one
        // stored result and one event.
        const jobState = async () =>
          (
            await clusterQuery<{ state: string }>(databaseUrl, 'select state from pgboss.job where id = $1', [
              batchId,
            ])
          )[0]?.state;
        const results = async () =>
          clusterQuery<{ id: number; n: string }>(
            databaseUrl,
            `select (payload->>'id')::int as id, count(*) as n from hub_events
              where user_id = $1 and event_name = 'ProxyStatusUpdated' group by 1`,
            [userId],
          );
        if (fault === 'kill') {
          // A killed worker's batch is taken over by the queue once its lease runs out; until then it stays
          // queued, never lost, and nothing it saved is repeated.
          expect(['created', 'retry', 'active', 'completed']).toContain(await jobState());
        } else {
          await eventually(
            async () => (await jobState()) === 'completed',
            'the check batch to finish',
            90_000,
          );
          const [unchecked] = await clusterQuery<{ n: string }>(
            databaseUrl,
            'select count(*) as n from proxies where id = any($1) and last_checked_at is null',
            [checkedIds],
          );
          expect(Number(unchecked!.n)).toBe(0);
          expect((await results()).length).toBe(CHECKED_PROXIES);
        }
        const perProxy = await results();
        expect(perProxy.filter((row) => Number(row.n) !== 1)).toEqual([]);
        expect(perProxy.every((row) => checkedIds.includes(row.id))).toBe(true);

        // The hub client resumed across the fault: every event after its start, in order, none twice.
        const logged = await clusterQuery<{ version: string }>(
          databaseUrl,
          `select version from hub_events where user_id = $1 and hub = 'proxy-checker-hub' and source_id = 'proxies'
              and version > $2 order by version`,
          [userId, headBefore],
        );
        const versions = logged.map((row) => Number(row.version));
        await eventually(
          () => hub!.received.length >= versions.length,
          `the hub client to receive ${versions.length} events (got ${hub!.received.length}, reconnected ${hub!.reconnects} times)`,
          60_000,
        );
        expect(hub.received.map((event) => event.version)).toEqual(versions);
      } finally {
        await hub?.stop().catch(() => {});
        await server.stop();
        await clusterQuery(c.url, `drop database if exists ${databaseName} with (force)`).catch(() => {});
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    SPAWN_TIMEOUT_MS * 3,
  );
});
