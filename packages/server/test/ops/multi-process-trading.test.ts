import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxMarketKey } from '../../src/integrations/market/index.ts';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { ownerProcess } from '../../src/jobs/process-owner.ts';
import { profileInput } from '../harvester/helpers.ts';
import { type SpawnedServer, spawnServer } from '../helpers/spawn-server.ts';
import { callApi, pollUntil, signUpOnSpawned, stepUpOnSpawned } from '../helpers/spawned-api.ts';
import { type ThrowAwayPostgres, throwAwayPostgresClient } from '../hubs/postgres-cluster.ts';
import { addItem, proxyData } from '../steam-accounts/helpers.ts';
import { freePort, RoundRobinFront, viaFront } from './round-robin-front.ts';

// Three server processes on one Postgres and one simulated Steam and market (a shared journal), requests through
// a loopback round-robin balancer: sellers on SELLERS accounts with SALES_EACH sales each, and two harvester
// sessions. Steam answers sends slowly (1.5 s), so the process killed (SIGKILL) mid-run (preferably one running both
// seller loops and a harvester runner) leaves offers Steam made whose answers it never heard. Its seller loops and harvester runner are taken over within 30 s; the takeover finds
// those offers by their reference instead of sending again. Counted from the shared Steam journal: every sale got
// exactly one offer, every harvest transaction one, no item went out twice, every delivery and transaction reached
// its end. Restarted on its port, the process joins while the work is still under way, and nothing is sent
// twice. Scaled to finish on a 2-core machine (see docs/operations.md): 25 sellers x 2 sales and two sessions of 4
// sources each (the full farm is 300 accounts with sellers on 50; the step-up limit of
// 30 operations a minute per user would make more sellers wait a minute).
const SELLERS = 25;
const SALES_EACH = 2;
const SOURCES_PER_SESSION = 4;
const PASSWORD = 'Quartz-Lantern-42';
const EMAIL = 'farm-trading@example.test';

const world = new SandboxWorld();
const sellers = world.healthyAccounts(SELLERS, 6401);
const harvest = [0, 1].map((i) => ({
  sources: world.healthyAccounts(SOURCES_PER_SESSION, 6501 + i * 10),
  target: world.healthyAccounts(1, 6509 + i * 10)[0]!,
}));
const everyAccount = [...sellers, ...harvest.flatMap((session) => [...session.sources, session.target])];

const dir = mkdtempSync(join(tmpdir(), 'tradedeck-multi-trading-'));
const journal = join(dir, 'sandbox-steam.jsonl');
const KEY = randomBytes(32).toString('base64');
let postgres: ThrowAwayPostgres | null = null;
let unavailable: string | null = null;
let db: pg.Client;
let front: RoundRobinFront;
const ports: number[] = [];
const servers: SpawnedServer[] = [];

beforeAll(async () => {
  const found = await throwAwayPostgresClient();
  if ('unavailable' in found) {
    unavailable = found.unavailable;
    return;
  }
  ({ postgres, db } = found);
  for (let i = 0; i < 3; i += 1) ports.push(await freePort());
}, 120_000);
afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await Promise.all(servers.map((server) => server.exited));
  await front?.close();
  await db?.end();
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

function start(index: number): SpawnedServer {
  const server = spawnServer({
    TRADEDECK_MODE: 'sandbox',
    DATABASE_URL: postgres!.url,
    TRADEDECK_DATA_DIR: join(dir, 'data'),
    TRADEDECK_MASTER_KEY: KEY,
    TRADEDECK_SANDBOX_JOURNAL: journal,
    TRADEDECK_SANDBOX_SEND_DELAY_MS: '1500',
    TRADEDECK_OUTBOX_LOG_LINKS: 'on',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    PORT: String(ports[index]),
  });
  servers[index] = server;
  return server;
}

interface JournalLine {
  op: string;
  steamId: string;
  process: string;
  offerId?: string;
  input?: { message: string; itemsToGive: { assetId: string }[] };
}

function journalLines(): JournalLine[] {
  if (!existsSync(journal)) return [];
  return readFileSync(journal, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as JournalLine);
}

const referenceOf = (line: JournalLine) =>
  /\[td:([A-Za-z0-9_-]+)\]/.exec(line.input?.message ?? '')?.[1] ?? null;

/** The processes (by pid) holding seller-loop jobs and harvester runners now. */
async function holders(): Promise<{ loops: Map<number, number>; runners: number[] }> {
  const { rows: jobs } = await db.query<{ owner: string | null }>(
    `select output->>'leaseOwner' as owner from pgboss.job where name = 'seller-loop' and state = 'active'`,
  );
  const loops = new Map<number, number>();
  for (const row of jobs) {
    const pid = row.owner ? ownerProcess(row.owner)?.pid : undefined;
    if (pid) loops.set(pid, (loops.get(pid) ?? 0) + 1);
  }
  const { rows: sessions } = await db.query<{ owner: string | null }>(
    `select runner_owner as owner from harvester_sessions where runner_owner is not null`,
  );
  const runners = sessions.map((row) => ownerProcess(row.owner!)?.pid ?? 0);
  return { loops, runners };
}

describe('three server processes trading on one Postgres and one simulated Steam', () => {
  it('deliver every sale and harvest every item with one offer each, through a kill -9 and a rejoin', async (context) => {
    if (unavailable) {
      console.warn(`multi-process trading test not run: ${unavailable}`);
      context.skip();
    }
    const startedAt = Date.now();
    const first = start(0);
    const url = await first.ready;
    await Promise.all([start(1).ready, start(2).ready]);
    front = new RoundRobinFront(ports);
    await front.listen();
    const token = await signUpOnSpawned(first, url, { email: EMAIL, userName: 'farm', password: PASSWORD });
    const call = <T>(method: string, path: string, body?: unknown) =>
      viaFront<T>(front, method, path, body, token);

    const added = await callApi<{ addedAccounts: { id: number; login: string }[] }>(
      url,
      'POST',
      '/api/steam-accounts',
      {
        accounts: Object.fromEntries(
          everyAccount.map((a, i) => [String(i), addItem(a, { proxyData: proxyData(141 + i) })]),
        ),
      },
      token,
    );
    const idOf = (login: string) => added.addedAccounts.find((row) => row.login === login)!.id;
    expect(added.addedAccounts).toHaveLength(everyAccount.length);

    // Sellers: a market account per Steam account, started, online (pinged), each with sales to deliver.
    await stepUpOnSpawned(first, url, token);
    const sellerIds: number[] = [];
    for (const account of sellers) {
      const row = await callApi<{ id: number }>(
        url,
        'POST',
        '/api/p2p/accounts',
        {
          steamAccountId: idOf(account.login),
          apiKey: sandboxMarketKey(account.login),
          paymentPassword: 'pay-secret-1',
        },
        token,
      );
      sellerIds.push(row.id);
    }
    await call('POST', '/api/p2p/accounts/start', { ids: sellerIds });
    await pollUntil(
      async () => {
        const page = await call<{ items: { lastPingAt: string | null }[] }>(
          'POST',
          '/api/p2p/accounts/query',
          {
            pages: { page: 1, pageSize: 100 },
          },
        );
        return page.items.length === SELLERS && page.items.every((row) => row.lastPingAt !== null);
      },
      120_000,
      250,
    );
    const listed = await call<{ listed: number }>('POST', '/api/p2p/sandbox/simulate-sales', {
      ids: sellerIds,
      count: SALES_EACH,
    });
    expect(listed.listed).toBe(SELLERS * SALES_EACH);

    // Two harvester sessions, each gathering its sources' items on its target.
    const profile = await call<{ id: number }>(
      'POST',
      '/api/harvester/profiles',
      profileInput('Farm', { games: { mode: 'whitelist', list: ['dota2', 'tf2'] } }),
    );
    const sessionIds: number[] = [];
    for (const session of harvest) {
      const created = await call<{ id: number }>('POST', '/api/harvester/sessions', {
        profileId: profile.id,
        sources: { accountIds: session.sources.map((a) => idOf(a.login)) },
        targets: { accountIds: [idOf(session.target.login)] },
      });
      sessionIds.push(created.id);
      await call('POST', `/api/harvester/sessions/${created.id}/start`, {});
    }

    const sent = () => journalLines().filter((line) => line.op === 'send').length;
    // Kill a process once Steam holds a few offers: the one running seller loops and a harvester runner when one
    // does within a while, else the one running the most seller loops.
    await pollUntil(async () => sent() >= 6, 180_000, 100);
    // The choice waits a few seconds at most, and never past half the sales' offers: the kill must land mid-run.
    const choiceEnds = Date.now() + 5_000;
    const victimPid = await pollUntil(
      async () => {
        const now = await holders();
        const both = [...now.loops.keys()].find((pid) => now.runners.includes(pid));
        if (both) return both;
        if (Date.now() < choiceEnds && sent() < (SELLERS * SALES_EACH) / 2) return null;
        return [...now.loops].sort((a, b) => b[1] - a[1])[0]?.[0] ?? now.runners[0] ?? null;
      },
      60_000,
      100,
    );
    const victim = servers.findIndex((server) => server.child.pid === victimPid);
    expect(victim).toBeGreaterThanOrEqual(0);
    const before = await holders();
    servers[victim]!.child.kill('SIGKILL');
    await servers[victim]!.exited;
    const killedAt = Date.now();
    const sentBeforeKill = journalLines().filter((line) => line.op === 'send');
    // Offers Steam made whose answer the killed process never recorded: the takeover must find, not resend, them.
    const { rows: pending } = await db.query<{ reference: string }>(
      `select reference from steam_trade_intents where status = 'pending' and kind = 'send'`,
    );
    const onSteam = new Set(sentBeforeKill.map(referenceOf));
    const inFlightAtKill = pending.filter((row) => onSteam.has(row.reference)).length;

    // Its runner and seller loops go to the live processes within 30 s.
    await pollUntil(
      async () => {
        const now = await holders();
        return !now.runners.includes(victimPid) && !now.loops.has(victimPid);
      },
      60_000,
      250,
    );
    const takenOverMs = Date.now() - killedAt;
    expect(takenOverMs).toBeLessThan(30_000);

    // Restarted on its port, it joins.
    const restartedAt = Date.now();
    await start(victim).ready;
    const rejoinMs = Date.now() - restartedAt;

    // Every harvest session reaches its end, every delivery is registered with the market.
    interface Delivery {
      hash: string;
      status: string;
      reference: string;
      offerId: string | null;
    }
    const deliveries = await pollUntil(
      async () => {
        const all: Delivery[] = [];
        for (const id of sellerIds) {
          const page = await call<{ items: Delivery[] }>('POST', `/api/p2p/accounts/${id}/deliveries/query`, {
            pages: { page: 1, pageSize: 100 },
          });
          all.push(...page.items);
        }
        return all.length === SELLERS * SALES_EACH && all.every((row) => row.status === 'ready') ? all : null;
      },
      240_000,
      1_000,
    );
    const transactions: { status: string }[] = [];
    for (const id of sessionIds) {
      const done = await pollUntil(
        async () => {
          const s = await call<{ status: string; finishedAt: string | null }>(
            'GET',
            `/api/harvester/sessions/${id}`,
          );
          return s.finishedAt !== null && s.status === 'idle';
        },
        240_000,
        1_000,
      );
      expect(done).toBe(true);
      const listedTx = await call<{ items: { status: string }[]; total: number }>(
        'POST',
        `/api/harvester/sessions/${id}/transactions/query`,
        { pages: { page: 1, pageSize: 100 } },
      );
      expect(listedTx.items).toHaveLength(listedTx.total);
      transactions.push(...listedTx.items);
    }
    expect(transactions.length).toBeGreaterThan(0);
    expect(transactions.filter((row) => row.status !== 'completed')).toEqual([]);

    // From Steam's journal: one offer per reference, each sale's and each transaction's; no item offered twice.
    const lines = journalLines();
    const sends = lines.filter((line) => line.op === 'send');
    const references = sends.map(referenceOf);
    expect(references.every((reference) => reference !== null)).toBe(true);
    const perReference = new Map<string, number>();
    for (const reference of references) perReference.set(reference!, (perReference.get(reference!) ?? 0) + 1);
    const doubled = [...perReference].filter(([, n]) => n > 1);
    expect(doubled).toEqual([]);
    for (const delivery of deliveries) expect(perReference.get(delivery.reference), delivery.hash).toBe(1);
    expect(sends).toHaveLength(deliveries.length + transactions.length);
    const assets = sends.flatMap((line) =>
      line.input!.itemsToGive.map((item) => `${line.steamId}/${item.assetId}`),
    );
    expect(new Set(assets).size).toBe(assets.length);
    // Every delivery offer was accepted by its buyer once.
    const deliveryOffers = new Set(deliveries.map((delivery) => delivery.offerId));
    const accepts = lines.filter((line) => line.op === 'accept' && deliveryOffers.has(line.offerId!));
    expect(new Set(accepts.map((line) => line.offerId)).size).toBe(deliveries.length);

    const writers = new Map<string, number>();
    for (const line of lines) writers.set(line.process, (writers.get(line.process) ?? 0) + 1);
    const counts = {
      processes: 3,
      killed: `process ${victim + 1} (pid ${victimPid})`,
      heldAtKill: {
        sellerLoops: before.loops.get(victimPid) ?? 0,
        harvesterRunners: before.runners.filter((pid) => pid === victimPid).length,
      },
      accounts: added.addedAccounts.length,
      sellers: SELLERS,
      sales: deliveries.length,
      harvestSessions: sessionIds.length,
      harvestTransactions: transactions.length,
      offersSent: sends.length,
      offersBeforeKill: sentBeforeKill.length,
      offersInFlightAtKill: inFlightAtKill,
      doubledOffers: doubled.length,
      journalLinesPerProcess: [...writers.values()],
      connectionsPerProcess: front.served,
      takenOverMs,
      rejoinMs,
      totalMs: Date.now() - startedAt,
    };
    console.warn(`multi-process trading counts: ${JSON.stringify(counts)}`);
  }, 600_000);
});
