import type { LotRow } from '@tradedeck/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { stepUpOnSpawned } from '../helpers/spawned-api.ts';
import {
  type FakeWaxpeer,
  type FakeWaxpeerRequest,
  startFakeWaxpeer,
} from '../market/helpers/fake-waxpeer.ts';
import { type LoopbackProxy, startConnectProxy } from '../steam/helpers/loopback-proxies.ts';
import { addItem } from '../steam-accounts/helpers.ts';
import { crashHarness, SELLER_PROXY } from './crash-harness.ts';

// A Waxpeer add-to-sale killed with -9 while Waxpeer holds its second list call (performed, never answered), on
// the database the suite runs on, and killed again while Waxpeer holds the first list call of the resumed run: each
// next start resumes the listing job, finds the held calls' items listed on Waxpeer, records them without sending
// them again, and lists the rest. Counted in the fake Waxpeer's own ledger.
const world = new SandboxWorld();
const [seller] = world.healthyAccounts(1, 6701);
const KEY = 'waxpeer-key-crash-listing-0123456789';
const LOTS = 170;
const PRICE = { currency: 'USD', amount: 7_500 } as const;
const assets = Array.from({ length: LOTS }, (_, i) => String(46_000 + i));

const parts: { fake?: FakeWaxpeer; proxy?: LoopbackProxy } = {};
const env: Record<string, string> = {};

beforeAll(async () => {
  parts.fake = await startFakeWaxpeer([
    {
      key: KEY,
      steamId64: seller!.steamId,
      wallet: 0,
      inventory: assets.map((assetId, i) => ({ assetId, name: `Sticker | Crash ${i} (Foil)` })),
    },
  ]);
  parts.proxy = await startConnectProxy(SELLER_PROXY);
  Object.assign(env, {
    TRADEDECK_MARKET_MODE: 'live',
    TRADEDECK_WAXPEER_BASE_URL: parts.fake.baseUrl,
    TRADEDECK_WAXPEER_SOCKET_URL: parts.fake.socketUrl,
  });
});
afterAll(async () => {
  await parts.fake?.close();
  await parts.proxy?.close();
});

const { api, crash, until, server, url, token } = crashHarness({
  prefix: 'tradedeck-crash-waxpeer-listing-',
  email: 'crash-waxpeer-listing@example.test',
  userName: 'crashwaxpeerlisting',
  env,
});

const listCalls = (): FakeWaxpeerRequest[] =>
  parts.fake!.requests.filter((request) => request.method === 'POST' && request.path === 'list-items-steam');
const itemsOf = (request: FakeWaxpeerRequest) =>
  (JSON.parse(request.body) as { items: { item_id: string }[] }).items.map((item) => String(item.item_id));

/** The lots with a status, both pages of 100. */
async function lotsWith(status: string): Promise<LotRow[]> {
  const rows: LotRow[] = [];
  for (const page of [1, 2]) {
    const answer = await api<{ items: LotRow[] }>('POST', '/api/p2p/lots/query', {
      withStatus: [status],
      pages: { page, pageSize: 100 },
    });
    rows.push(...answer.items);
  }
  return rows;
}

describe('a Waxpeer listing job killed with kill -9 and restarted', () => {
  it('lists each item once over two kills: the held calls’ items are found listed, the rest sent once', async () => {
    const proxyData = {
      protocol: 'http' as const,
      address: '127.0.0.1',
      port: parts.proxy!.port,
      ...SELLER_PROXY,
    };
    const added = await api<{ addedAccounts: { id: number }[] }>('POST', '/api/steam-accounts', {
      accounts: { '0': addItem(seller!, { proxyData }) },
    });
    await stepUpOnSpawned(server(), url(), token());
    await api('POST', '/api/p2p/accounts', {
      steamAccountId: added.addedAccounts[0]!.id,
      apiKey: KEY,
      paymentPassword: 'pay-secret-1',
      tmCurrency: 'USD',
      platform: 'waxpeer',
    });
    await api('POST', '/api/p2p/lots/sync', {});
    const lots = await lotsWith('in_inventory');
    expect(lots).toHaveLength(LOTS);

    // Waxpeer answers the first call of 50, lists the second and never answers it; the process dies meanwhile.
    parts.fake!.holdAfterPerform('POST list-items-steam', 2);
    const cut = api('POST', '/api/p2p/lots/add-to-sale', {
      items: lots.map((lot) => ({ id: lot.id, price: PRICE })),
    }).catch(() => 'cut');
    await until('the held list call', async () => listCalls().length >= 2);
    // The resumed run's first list call is held too: the second process dies in the middle of its resumption.
    parts.fake!.holdAfterPerform('POST list-items-steam', 1);
    await crash();
    expect(await cut).toBe('cut');
    await until('the resumed run’s held list call', async () => listCalls().length >= 3);
    await crash();

    const listed = await until('every lot on sale', async () => {
      const rows = await lotsWith('on_sale');
      return rows.length === LOTS ? rows : null;
    });
    expect(listed.every((lot) => lot.platform === 'waxpeer' && lot.itemId === lot.assetId)).toBe(true);
    // Four calls in all: 50 answered, 50 held (found listed after the first restart), 50 held by the resumed run
    // (found listed after the second), the last 20 sent once.
    const calls = listCalls();
    expect(calls.map((call) => itemsOf(call).length)).toEqual([50, 50, 50, 20]);
    const sent = calls.flatMap(itemsOf);
    expect(new Set(sent).size).toBe(LOTS);
    expect(parts.fake!.listings(KEY)).toHaveLength(LOTS);
    // Each resumed run read Waxpeer's listings before it sent anything.
    for (const [held, next] of [
      [calls[1]!, calls[2]!],
      [calls[2]!, calls[3]!],
    ] as const) {
      const resumedRead = parts.fake!.requests.findIndex(
        (request, index) =>
          request.method === 'GET' &&
          request.path === 'list-items-steam' &&
          index > parts.fake!.requests.indexOf(held),
      );
      expect(resumedRead).toBeGreaterThan(-1);
      expect(resumedRead).toBeLessThan(parts.fake!.requests.indexOf(next));
    }
  }, 420_000);
});
