import { describe, expect, it } from 'vitest';
import { sandboxMarketKey } from '../../src/integrations/market/index.ts';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { ownerProcess } from '../../src/jobs/process-owner.ts';
import { profileInput } from '../harvester/helpers.ts';
import type { SpawnedServer } from '../helpers/spawn-server.ts';
import { callApi, pollUntil, signUpOnSpawned, stepUpOnSpawned } from '../helpers/spawned-api.ts';
import { addItem, proxyData } from '../steam-accounts/helpers.ts';
import { type JournalLine, multiProcessCluster, restartWatched } from './multi-process-cluster.ts';

// Three server processes on one Postgres and one simulated Steam and market (a shared journal), requests through
// a loopback round-robin balancer: sellers on SELLERS accounts with SALES_EACH sales each, and two harvester
// sessions, split between two users (each user may run 30 step-up operations a minute, and connecting a seller
// account is one). Steam answers sends slowly (1.5 s), so the process killed (SIGKILL) mid-run (preferably one
// running both seller loops and a harvester runner) leaves offers Steam made whose answers it never heard. Its
// seller loops and harvester runner are taken over within 30 s; the takeover finds those offers by their
// reference instead of sending again. Counted from the shared Steam journal: every sale got exactly one offer,
// every harvest transaction one, no item went out twice, every delivery and transaction reached its end.
// Restarted while the work is still under way, the process joins without a flood: it takes no lease
// a live process holds, no job runs again, and nothing is sent twice.
const SELLERS = 50;
const SALES_EACH = 2;
const TEST_MS = 600_000;
const SOURCES_PER_SESSION = 4;
const PASSWORD = 'Quartz-Lantern-42';

const world = new SandboxWorld();
const sellers = world.healthyAccounts(SELLERS, 6401);
/** Two users, each with half of the sellers and one harvester session of its own. */
const farms = [0, 1].map((i) => ({
  email: `farm-trading-${i + 1}@example.test`,
  sellers: sellers.slice((i * SELLERS) / 2, ((i + 1) * SELLERS) / 2),
  sources: world.healthyAccounts(SOURCES_PER_SESSION, 6501 + i * 10),
  target: world.healthyAccounts(1, 6509 + i * 10)[0]!,
}));

const cluster = multiProcessCluster('tradedeck-multi-trading-', () => ({
  TRADEDECK_SANDBOX_SEND_DELAY_MS: '1500',
}));

const referenceOf = (line: JournalLine) =>
  /\[td:([A-Za-z0-9_-]+)\]/.exec(line.input?.message ?? '')?.[1] ?? null;

/** The processes (by pid) holding seller-loop jobs and harvester runners now. */
async function holders(): Promise<{ loops: Map<number, number>; runners: number[] }> {
  const { rows: jobs } = await cluster.db.query<{ owner: string | null }>(
    `select output->>'leaseOwner' as owner from pgboss.job where name = 'seller-loop' and state = 'active'`,
  );
  const loops = new Map<number, number>();
  for (const row of jobs) {
    const pid = row.owner ? ownerProcess(row.owner)?.pid : undefined;
    if (pid) loops.set(pid, (loops.get(pid) ?? 0) + 1);
  }
  const { rows: sessions } = await cluster.db.query<{ owner: string | null }>(
    `select runner_owner as owner from harvester_sessions where runner_owner is not null`,
  );
  const runners = sessions.map((row) => ownerProcess(row.owner!)?.pid ?? 0);
  return { loops, runners };
}

/**
 * One user's farm, set up through the process it signed up on: its accounts added, sellers connected (after a
 * step-up), started and online with sales listed, and a harvester session started.
 */
async function setUpFarm(farm: (typeof farms)[number], server: SpawnedServer, index: number) {
  const url = await server.ready;
  // The instance's first user is its administrator; the second is approved as an administrator would.
  const token = await signUpOnSpawned(
    cluster.mailTo(farm.email),
    url,
    { email: farm.email, userName: `farm${index + 1}`, password: PASSWORD },
    () => cluster.approve(farm.email),
  );
  const call = <T>(method: string, path: string, body?: unknown) =>
    cluster.call<T>(token, method, path, body);
  const accounts = [...farm.sellers, ...farm.sources, farm.target];
  const added = await callApi<{ addedAccounts: { id: number; login: string }[] }>(
    url,
    'POST',
    '/api/steam-accounts',
    {
      accounts: Object.fromEntries(
        accounts.map((a, i) => [String(i), addItem(a, { proxyData: proxyData(101 + index * 70 + i) })]),
      ),
    },
    token,
  );
  expect(added.addedAccounts).toHaveLength(accounts.length);
  const idOf = (login: string) => added.addedAccounts.find((row) => row.login === login)!.id;

  await stepUpOnSpawned(cluster.mailTo(farm.email), url, token);
  const sellerIds: number[] = [];
  for (const account of farm.sellers) {
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
      const page = await call<{ items: { lastPingAt: string | null }[] }>('POST', '/api/p2p/accounts/query', {
        pages: { page: 1, pageSize: 100 },
      });
      return page.items.length === farm.sellers.length && page.items.every((row) => row.lastPingAt !== null);
    },
    120_000,
    250,
    'every seller loop to ping the market',
  );
  const listed = await call<{ listed: number }>('POST', '/api/p2p/sandbox/simulate-sales', {
    ids: sellerIds,
    count: SALES_EACH,
  });
  expect(listed.listed).toBe(farm.sellers.length * SALES_EACH);

  const profile = await call<{ id: number }>(
    'POST',
    '/api/harvester/profiles',
    profileInput('Farm', { games: { mode: 'whitelist', list: ['dota2', 'tf2'] } }),
  );
  const session = await call<{ id: number }>('POST', '/api/harvester/sessions', {
    profileId: profile.id,
    sources: { accountIds: farm.sources.map((a) => idOf(a.login)) },
    targets: { accountIds: [idOf(farm.target.login)] },
  });
  await call('POST', `/api/harvester/sessions/${session.id}/start`, {});
  return { call, accounts: added.addedAccounts.length, sellerIds, sessionId: session.id };
}

describe('three server processes trading on one Postgres and one simulated Steam', () => {
  it(
    'deliver every sale and harvest every item with one offer each, through a kill -9 and a rejoin',
    async (context) => {
      if (cluster.unavailable) {
        console.warn(`multi-process trading test not run: ${cluster.unavailable}`);
        context.skip();
      }
      const startedAt = Date.now();
      // The end waits on everything left of the test's time, less a minute for the checks and the report: at load
      // 19-28 the whole run took up to 280 s, most of it delivering, so a fixed wait timed out runs still moving.
      const remaining = () => Math.max(60_000, startedAt + TEST_MS - 60_000 - Date.now());
      await cluster.startAll();
      // The first user signs up first (the instance's administrator), then both farms are set up side by side.
      const first = setUpFarm(farms[0]!, cluster.servers[0]!, 0);
      await pollUntil(() => cluster.userId(farms[0]!.email), 60_000, 100, 'the first user to sign up');
      const set = await Promise.all([first, setUpFarm(farms[1]!, cluster.servers[1]!, 1)]);
      const sellerCount = set.reduce((sum, farm) => sum + farm.sellerIds.length, 0);
      expect(sellerCount).toBe(SELLERS);

      const sent = () => cluster.journalLines().filter((line) => line.op === 'send').length;
      // Kill a process once Steam holds a few offers: the one running seller loops and a harvester runner when one
      // does within a while, else the one running the most seller loops.
      await pollUntil(
        async () => sent() >= 6,
        180_000,
        100,
        () => `6 offers on Steam (${sent()} so far)`,
      );
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
        'a process to kill',
      );
      const victim = cluster.servers.findIndex((server) => server.child.pid === victimPid);
      expect(victim).toBeGreaterThanOrEqual(0);
      const before = await holders();
      const killedAt = await cluster.kill(victim);
      const sentBeforeKill = cluster.journalLines().filter((line) => line.op === 'send');
      // Offers Steam made whose answer the killed process never recorded: the takeover must find, not resend, them.
      const { rows: pending } = await cluster.db.query<{ reference: string }>(
        `select reference from steam_trade_intents where status = 'pending' and kind = 'send'`,
      );
      const onSteam = new Set(sentBeforeKill.map(referenceOf));
      const inFlightAtKill = pending.filter((row) => onSteam.has(row.reference)).length;

      // Its runner and seller loops go to the live processes within 30 s: every loop runs there again.
      await pollUntil(
        async () => {
          const now = await holders();
          const live = [...now.loops].filter(([pid]) => pid !== victimPid).reduce((sum, [, n]) => sum + n, 0);
          return !now.runners.includes(victimPid) && live === SELLERS;
        },
        60_000,
        250,
        "the live processes to take the killed one's runner and loops",
      );
      const takenOverMs = Date.now() - killedAt;
      expect(takenOverMs).toBeLessThan(30_000);

      // Restarted while sales are still being delivered, it joins without a flood.
      const rejoin = await restartWatched(cluster, victim);

      // Every harvest session reaches its end, every delivery is registered with the market.
      interface Delivery {
        hash: string;
        status: string;
        reference: string;
        offerId: string | null;
      }
      const deliveries: Delivery[] = [];
      const transactions: { status: string }[] = [];
      for (const [farmIndex, farm] of set.entries()) {
        let seen = 'no page yet';
        const own = await pollUntil(
          async () => {
            const all: Delivery[] = [];
            for (const id of farm.sellerIds) {
              const page = await farm.call<{ items: Delivery[] }>(
                'POST',
                `/api/p2p/accounts/${id}/deliveries/query`,
                {
                  pages: { page: 1, pageSize: 100 },
                },
              );
              all.push(...page.items);
            }
            seen = statusCounts(all.map((row) => row.status));
            return all.length === farm.sellerIds.length * SALES_EACH &&
              all.every((row) => row.status === 'ready')
              ? all
              : null;
          },
          remaining(),
          1_000,
          () => `every delivery of farm ${farmIndex + 1} to be ready (${seen})`,
        );
        deliveries.push(...own);
        let session = 'not read yet';
        const done = await pollUntil(
          async () => {
            const s = await farm.call<{ status: string; finishedAt: string | null }>(
              'GET',
              `/api/harvester/sessions/${farm.sessionId}`,
            );
            session = s.status;
            return s.finishedAt !== null && s.status === 'idle';
          },
          remaining(),
          1_000,
          () => `farm ${farmIndex + 1}'s harvest session to end (${session})`,
        );
        expect(done).toBe(true);
        const listedTx = await farm.call<{ items: { status: string }[]; total: number }>(
          'POST',
          `/api/harvester/sessions/${farm.sessionId}/transactions/query`,
          { pages: { page: 1, pageSize: 100 } },
        );
        expect(listedTx.items).toHaveLength(listedTx.total);
        transactions.push(...listedTx.items);
      }
      const joined = await rejoin.stop();
      expect(transactions.length).toBeGreaterThan(0);
      expect(transactions.filter((row) => row.status !== 'completed')).toEqual([]);

      // From Steam's journal: one offer per reference, each sale's and each transaction's; no item offered twice.
      const lines = cluster.journalLines();
      const sends = lines.filter((line) => line.op === 'send');
      const references = sends.map(referenceOf);
      expect(references.every((reference) => reference !== null)).toBe(true);
      const perReference = new Map<string, number>();
      for (const reference of references)
        perReference.set(reference!, (perReference.get(reference!) ?? 0) + 1);
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
        users: set.length,
        accounts: set.reduce((sum, farm) => sum + farm.accounts, 0),
        sellers: sellerCount,
        sales: deliveries.length,
        harvestSessions: set.length,
        harvestTransactions: transactions.length,
        offersSent: sends.length,
        offersBeforeKill: sentBeforeKill.length,
        offersInFlightAtKill: inFlightAtKill,
        doubledOffers: doubled.length,
        journalLinesPerProcess: [...writers.values()],
        connectionsPerProcess: cluster.front.served,
        takenOverMs,
        rejoinMs: rejoin.rejoinMs,
        rejoin: joined,
        totalMs: Date.now() - startedAt,
      };
      console.warn(`multi-process trading counts: ${JSON.stringify(counts)}`);
      // The rejoin: no lease a live process held moved to the restarted one, no job ran again.
      expect(joined.leasesMovedToRejoined).toBe(0);
      expect(joined.jobsRunAgain).toEqual([]);
    },
    TEST_MS,
  );
});

/** "ready 9, sent 3": how many rows are in each status, for a poll's timeout message. */
function statusCounts(statuses: string[]): string {
  const counts = new Map<string, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${status} ${n}`).join(', ') || 'none';
}
