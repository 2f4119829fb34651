import type { InventoryScanned } from '@tradedeck/sdk/contract';
import { describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { addItem, proxyData } from '../steam-accounts/helpers.ts';
import { crashHarness } from './crash-harness.ts';

// An inventory refresh batch killed with -9 twice in one run, on the database the suite runs on: the restarted
// servers finish it, every account scanned and announced once (its progress counted 1..n with no gap or repeat), as
// a batch without a crash ends.
const world = new SandboxWorld();
const GAMES = ['cs2', 'dota2'] as const;

// Steam answers inventory pages slowly, so the kills land with the batch half done.
const { api, crash, eventsSince, headOf, until } = crashHarness({
  prefix: 'tradedeck-crash-inventory-',
  email: 'crash-inventory@example.test',
  userName: 'crashinventory',
  env: { TRADEDECK_SANDBOX_INVENTORY_DELAY_MS: '1200' },
});

describe('an inventory refresh killed with kill -9 and restarted', () => {
  it('a batch killed twice scans and announces every account once', async () => {
    const accounts = world.healthyAccounts(16, 5201);
    // Two proxies of eight accounts: a batch reads one account at a time on each proxy, so it stays half done
    // long enough for both kills (on sixteen proxies every account was read at once).
    const added = await api<{ addedAccounts: { id: number }[] }>('POST', '/api/steam-accounts', {
      accounts: Object.fromEntries(
        accounts.map((a, i) => [String(i), addItem(a, { proxyData: proxyData(201 + (i % 2)) })]),
      ),
    });
    const ids = added.addedAccounts.map((row) => row.id);
    expect(ids).toHaveLength(accounts.length);
    const from = await headOf('steam-trading-hub', 'accounts');
    const { batchId, total } = await api<{ batchId: string; total: number }>(
      'POST',
      '/api/steam-trading/inventory-refresh',
      { accountIds: ids, games: GAMES },
    );
    expect(total).toBe(ids.length);
    const scanned = async () =>
      (await eventsSince('steam-trading-hub', 'accounts', from))
        .filter((event) => event.eventName === 'InventoryScanned')
        .map((event) => event.payload as InventoryScanned)
        .filter((event) => event.batchId === batchId);

    await until('the first accounts scanned', async () => (await scanned()).length >= 2);
    await crash();
    const afterFirst = (await scanned()).length;
    await until('scans after the first restart', async () => (await scanned()).length >= afterFirst + 2);
    await crash();
    const events = await until(
      'every account scanned',
      async () => {
        const all = await scanned();
        return all.length >= ids.length ? all : null;
      },
      180_000,
    );

    // Each account announced once, with both games scanned; progress counted once per account, up to the total.
    expect(events.map((event) => event.accountId).sort()).toEqual([...ids].sort());
    expect(events.every((event) => event.scans.length === GAMES.length)).toBe(true);
    expect(
      events.map((event) => event.done).sort((a, b) => a - b),
      JSON.stringify(events.map((event) => [event.accountId, event.done])),
    ).toEqual(ids.map((_, i) => i + 1));
    expect(events.every((event) => event.total === ids.length)).toBe(true);
  }, 420_000);
});
