import type { LotRow, RepriceJob } from '@tradedeck/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { type FakeTm, type SeenRequest, startFakeTm } from '../market/helpers/fake-tm.ts';
import { type LoopbackProxy, startConnectProxy } from '../steam/helpers/loopback-proxies.ts';
import { crashHarness, SELLER_PROXY } from './crash-harness.ts';

// Repricing applies killed with -9, twice in one run, on the database the suite runs on: each cut job ends at the
// next start from its recorded batches (the market's answered prices kept, the rest failed with the real reason),
// never running forever, and no price is sent twice: counted in the fake TM's own request ledger.
const world = new SandboxWorld();
const [seller] = world.healthyAccounts(1, 6601);
const KEY = 'tm-key-crash-repricing-0123456789';
const LOTS = 120;
const LISTED_AT = 9_000_000;

const parts: { fake?: FakeTm; proxy?: LoopbackProxy } = {};
const env: Record<string, string> = {};

beforeAll(async () => {
  parts.fake = await startFakeTm([{ key: KEY, currency: 'USD', money: 0, steamId64: seller!.steamId }]);
  // Listed on TM before the first sync, never repriced by us: no price-write cooldown applies yet.
  parts.fake.accounts.get(KEY)!.listings.push(
    ...Array.from({ length: LOTS }, (_, i) => ({
      itemId: String(700_000 + i),
      asset: String(44_000 + i),
      price: LISTED_AT,
      currency: 'USD',
    })),
  );
  parts.proxy = await startConnectProxy(SELLER_PROXY);
  Object.assign(env, { TRADEDECK_MARKET_MODE: 'live', TRADEDECK_TM_BASE_URL: parts.fake.baseUrl });
});
afterAll(async () => {
  await parts.fake?.close();
  await parts.proxy?.close();
});

const { addSeller, api, crash, until } = crashHarness({
  prefix: 'tradedeck-crash-repricing-',
  email: 'crash-repricing@example.test',
  userName: 'crashrepricing',
  env,
});

const APPLY = {
  selection: { filters: { withStatus: ['on_sale'] } },
  strategy: { kind: 'percentOfThresholds', lowBp: 10_000, highBp: 10_000 },
  profile: 'aggressive',
  itemsLimit: 1_000,
};

const priceWrites = (): SeenRequest[] =>
  parts.fake!.requests.filter((request) => request.path.endsWith('/mass-set-price'));
const itemsOf = (request: SeenRequest) =>
  (JSON.parse(request.body) as { items: { item_id: string }[] }).items.map((item) => String(item.item_id));

/** Starts an apply whose second market call (`held`: the first) is taken by TM and never answered, then kills. */
async function applyAndKill(heldCall: number): Promise<{ id: number; sent: SeenRequest[] }> {
  const before = priceWrites().length;
  parts.fake!.script(
    'mass-set-price',
    ...Array.from({ length: heldCall - 1 }, () => 'pass' as const),
    'holdAfterPerform',
  );
  const job = await api<RepriceJob>('POST', '/api/p2p/lots/reprice/apply', { ...APPLY, wait: false });
  await until('the held price write', async () => priceWrites().length >= before + heldCall);
  await crash();
  return { id: job.id, sent: priceWrites().slice(before) };
}

const jobOf = (id: number) => api<RepriceJob>('GET', `/api/p2p/lots/reprice/jobs/${id}?itemsLimit=1000`);
const cutWhileSending = (job: RepriceJob) =>
  job.items.filter((item) => item.outcome === 'failed' && item.message.startsWith('Repricing was cut while'));
const notSent = (job: RepriceJob) =>
  job.items.filter((item) => item.message === 'Repricing was cut: this price was not sent');

describe('repricing applies killed with kill -9 and restarted', () => {
  it('two applies cut in one run each end from their batches, no price sent twice', async () => {
    await addSeller(seller!, parts.proxy!.port, KEY);
    await api('POST', '/api/p2p/lots/sync', {});
    const lots = await api<{ items: LotRow[]; total: number }>('POST', '/api/p2p/lots/query', {
      withStatus: ['on_sale'],
      pages: { page: 1, pageSize: 100 },
    });
    expect(lots.total).toBe(LOTS);
    await api('POST', '/api/p2p/lots/thresholds', { selection: APPLY.selection, min: '0.01', max: '100000' });

    // First apply: TM answers the first batch of 50, takes the second and the process dies before its answer.
    const first = await applyAndKill(2);
    const firstJob = await until('the first job to end', async () => {
      const job = await jobOf(first.id);
      return job.status !== 'running' ? job : null;
    });
    expect(firstJob).toMatchObject({ status: 'failed', total: LOTS, done: LOTS });
    expect(firstJob.summary).toEqual({ changed: 50, unchanged: 0, unavailable: 0, failed: 70 });
    expect([cutWhileSending(firstJob).length, notSent(firstJob).length]).toEqual([50, 20]);
    expect(firstJob.items.every((item) => item.outcome !== 'failed' || item.marketError === null)).toBe(true);

    // Second apply in the same run: the lots not known written are sent again once; TM holds its first answer.
    const second = await applyAndKill(1);
    const secondJob = await until('the second job to end', async () => {
      const job = await jobOf(second.id);
      return job.status !== 'running' ? job : null;
    });
    expect(secondJob.status).toBe('failed');
    expect(secondJob.done).toBe(secondJob.total);
    expect(cutWhileSending(secondJob).length).toBe(itemsOf(second.sent[0]!).length);

    // Nothing sent after either restart, and no job sent a price twice.
    expect(priceWrites()).toHaveLength(first.sent.length + second.sent.length);
    expect(first.sent).toHaveLength(2);
    expect(second.sent).toHaveLength(1);
    for (const sent of [first.sent, second.sent]) {
      const ids = sent.flatMap(itemsOf);
      expect(new Set(ids).size).toBe(ids.length);
    }
  }, 420_000);
});
