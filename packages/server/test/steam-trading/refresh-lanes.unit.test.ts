/**
 * A refresh batch reads its proxies side by side, one account at a time on each: the pacing kernel spaces each
 * proxy's inventory pages to its budget, so two accounts of one proxy at once only wait for each other, and a proxy
 * left idle while another's accounts queue is budget unused.
 */
import { describe, expect, it } from 'vitest';
import {
  type InventoryRefreshJobData,
  PROXIES_AT_ONCE,
  proxyLanes,
  RefreshInterrupted,
  runInventoryRefresh,
} from '../../src/modules/steam-trading/inventory-job.ts';
import type { InventoryService } from '../../src/modules/steam-trading/inventory-service.ts';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Accounts 1..n, `perProxy` to a proxy in id order (as an import fills proxies one after another). */
function fleet(proxies: number, perProxy: number) {
  const ids = Array.from({ length: proxies * perProxy }, (_, i) => i + 1);
  const egresses = new Map(ids.map((id) => [id, `10.0.0.${Math.ceil(id / perProxy)}:3128`]));
  return { ids, egresses };
}

/** Runs a batch whose scans take a few turns each, recording what is in flight per proxy. */
async function runBatch(
  ids: number[],
  egresses: Map<number, string | null>,
  abortAfter = Number.POSITIVE_INFINITY,
) {
  const controller = new AbortController();
  const inFlight = new Map<string, number>();
  let mostOnOneProxy = 0;
  let mostProxies = 0;
  const scanned: number[] = [];
  const stored: number[] = [];
  const inventory = {
    async scanAccount(
      _userId: string,
      accountId: number,
      _games: unknown,
      announce: { store: (w: (done: number) => Promise<void>) => Promise<void> },
    ) {
      const egress = egresses.get(accountId) ?? `none:${accountId}`;
      inFlight.set(egress, (inFlight.get(egress) ?? 0) + 1);
      mostOnOneProxy = Math.max(mostOnOneProxy, inFlight.get(egress)!);
      mostProxies = Math.max(mostProxies, [...inFlight.values()].filter((n) => n > 0).length);
      for (let i = 0; i < 3; i++) await turn();
      inFlight.set(egress, inFlight.get(egress)! - 1);
      scanned.push(accountId);
      if (scanned.length >= abortAfter) controller.abort();
      await announce.store(async (done) => {
        stored.push(done);
      });
      return [];
    },
  } as unknown as InventoryService;
  const data: InventoryRefreshJobData = {
    userId: 'u1',
    batchId: 'b1',
    accountIds: ids,
    games: ['cs2'],
    requestedAt: new Date(0).toISOString(),
  };
  const run = runInventoryRefresh(
    { id: 'b1', data, retryCount: 0, signal: controller.signal },
    {
      repo: {} as never,
      accounts: {
        egresses: async (_userId, wanted) => new Map(wanted.map((id) => [id, egresses.get(id) ?? null])),
      },
    },
    inventory,
  );
  return { run, result: () => ({ mostOnOneProxy, mostProxies, scanned, stored }) };
}

describe('the proxies of an inventory refresh batch', () => {
  it('groups the accounts by proxy in the batch order, an account without a proxy on its own', () => {
    const egresses = new Map<number, string | null>([
      [1, 'a:1'],
      [2, 'b:1'],
      [3, 'a:1'],
      [4, null],
      [5, null],
      [6, 'b:1'],
    ]);
    expect(proxyLanes([1, 2, 3, 4, 5, 6, 7], egresses)).toEqual([[1, 3], [2, 6], [4], [5], [7]]);
  });

  it('reads every proxy of the batch at once and never two accounts of one proxy at once', async () => {
    const { ids, egresses } = fleet(20, 10);
    const batch = await runBatch(ids, egresses);
    await batch.run;
    const { mostOnOneProxy, mostProxies, scanned, stored } = batch.result();
    expect(mostOnOneProxy).toBe(1);
    expect(mostProxies).toBe(20);
    expect([...scanned].sort((a, b) => a - b)).toEqual(ids);
    expect(stored).toEqual(ids.map((_, i) => i + 1));
  });

  it('reads at most its share of proxies at once', async () => {
    const { ids, egresses } = fleet(PROXIES_AT_ONCE + 8, 2);
    const batch = await runBatch(ids, egresses);
    await batch.run;
    expect(batch.result().mostProxies).toBe(PROXIES_AT_ONCE);
    expect(batch.result().scanned).toHaveLength(ids.length);
  });

  it('stops at a shutdown and says the batch resumes', async () => {
    const { ids, egresses } = fleet(4, 5);
    const batch = await runBatch(ids, egresses, 6);
    await expect(batch.run).rejects.toBeInstanceOf(RefreshInterrupted);
    expect(batch.result().scanned.length).toBeLessThan(ids.length);
  });
});
