/**
 * The lots' price writes through the live TM adapter against the fake TM on loopback: mass-set-price calls of at
 * most 50 items in order, and every item TM refuses (unknown item, a second change within the minute) kept per item
 * and turned into a failed lot, while the rest of its batch is written.
 */
import { type RepricingDecision, withWriteFailures } from '@tradedeck/sdk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMarketPort,
  type MarketCredentials,
  type MarketPort,
  marketKeyId,
} from '../../src/integrations/market/index.ts';
import { writePrices } from '../../src/modules/lots/reprice-engine.ts';
import { FAKE_TM_MASS_LIMIT, type FakeTm, startFakeTm } from './helpers/fake-tm.ts';

const KEY = 'LotsKey123456789abcdefABCDEF0123';
const ASSETS = Array.from({ length: 120 }, (_, i) => String(7_000 + i));

let fake: FakeTm;
let port: MarketPort;
const creds: MarketCredentials = { apiKey: KEY, keyId: marketKeyId(KEY), currency: 'USD', proxy: null };

const changed = (itemId: string, amount: number): RepricingDecision => ({
  itemId,
  outcome: 'changed',
  reason: 'repriced',
  newPrice: { currency: 'USD', amount },
  target: { currency: 'USD', amount },
});

beforeAll(async () => {
  fake = await startFakeTm([{ key: KEY, currency: 'USD', money: 0, inventory: ASSETS }]);
  port = createMarketPort(
    { mode: 'sandbox', marketMode: 'live', tmBaseUrl: fake.baseUrl },
    { live: { retryDelaysMs: [20], timeoutMs: 3000 }, log: { warn: () => undefined } },
  );
});
afterAll(() => fake.close());

describe('lots price writes on TM', () => {
  let itemIds: string[] = [];

  it('writes 121 prices in calls of at most 50 and keeps the one unknown item as a failure', async () => {
    for (let start = 0; start < ASSETS.length; start += FAKE_TM_MASS_LIMIT) {
      const added = await port.addToSale(
        creds,
        ASSETS.slice(start, start + FAKE_TM_MASS_LIMIT).map((assetId) => ({
          assetId,
          price: { currency: 'USD', amount: 10_000 },
        })),
      );
      if (!added.ok) throw new Error(added.reason);
      itemIds.push(...added.outcomes.map((outcome) => (outcome.ok ? outcome.itemId : '')));
    }
    itemIds = itemIds.filter(Boolean);
    expect(itemIds).toHaveLength(120);

    const decisions = [
      ...itemIds.slice(0, 60).map((id, i) => changed(id, 9_000 + i)),
      changed('no-such-item', 9_500),
      ...itemIds.slice(60).map((id, i) => changed(id, 8_000 + i)),
    ];
    const before = fake.requests.length;
    const refused = new Map<string, string | undefined>();
    await writePrices({ market: port, creds }, decisions, refused);

    const calls = fake.requests.slice(before).filter((request) => request.path.endsWith('/mass-set-price'));
    const sizes = calls.map((call) => (JSON.parse(call.body) as { items: unknown[] }).items.length);
    expect(sizes).toEqual([50, 50, 21]);
    for (const call of calls) expect(call.query.get('cur')).toBe('USD');
    expect([...refused]).toEqual([['no-such-item', 'bad_item']]);

    const folded = withWriteFailures(decisions, refused);
    expect(folded.filter((item) => item.outcome === 'failed').map((item) => item.itemId)).toEqual([
      'no-such-item',
    ]);
    const listed = fake.accounts.get(KEY)!.listings;
    expect(listed.find((row) => row.itemId === itemIds[0])!.price).toBe(9_000);
    expect(listed.find((row) => row.itemId === itemIds[119])!.price).toBe(8_059);
  });

  it('keeps a second change within the minute as a per-item failure and writes the rest of the batch', async () => {
    const refused = new Map<string, string | undefined>();
    await writePrices({ market: port, creds }, [changed(itemIds[0]!, 9_100)], refused);
    expect(refused.get(itemIds[0]!)).toBe('too_often');
    const folded = withWriteFailures([changed(itemIds[0]!, 9_100)], refused);
    expect(folded[0]).toMatchObject({ outcome: 'failed', reason: 'write_failed' });
    expect(fake.accounts.get(KEY)!.listings.find((row) => row.itemId === itemIds[0])!.price).toBe(9_000);
  });
});
