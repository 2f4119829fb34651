/**
 * Pacing shared through the database: two market adapters with their own clients (as two server processes would)
 * share one database's pacing table (PGlite, or Postgres with TEST_DATABASE_URL) and together never make a fifth
 * request of one key within any sliding second, counted in the fake TM's own log, even when timers fire late.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMarketPort,
  DbPacingStore,
  type MarketCredentials,
  marketKeyId,
} from '../../src/integrations/market/index.ts';
import { type Clock, systemClock } from '../../src/integrations/steam/clock.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { type FakeTm, startFakeTm } from './helpers/fake-tm.ts';

const KEY = 'SharedKey89abcdefABCDEF0123456789';
let fake: FakeTm;
let test: TestDatabase;

beforeAll(async () => {
  fake = await startFakeTm([{ key: KEY, currency: 'EUR', money: 5_000 }]);
  test = await createTestDatabase();
});

afterAll(async () => {
  await fake.close();
  await test.drop();
});

describe('market pacing in the database', () => {
  it('keeps 20 parallel requests of one key from two processes at or under 4 in every second, though timers fire late', {
    timeout: 60_000,
  }, async () => {
    // A loaded machine: every third wait ends 250 ms late (a call booked ahead would then crowd the next ones).
    let sleeps = 0;
    const lateClock: Clock = {
      now: () => Date.now(),
      sleep: (ms) => systemClock.sleep(ms + (++sleeps % 3 === 1 ? 250 : 0)),
    };
    const ports = [0, 1].map(() =>
      createMarketPort(
        { mode: 'live', tmBaseUrl: fake.baseUrl },
        {
          clock: lateClock,
          pacingStore: new DbPacingStore(test.database.db),
          live: { retryDelaysMs: [] },
        },
      ),
    );
    const creds: MarketCredentials = { apiKey: KEY, keyId: marketKeyId(KEY), currency: 'EUR' };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => ports[i % 2]!.balance(creds)));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(fake.countOf('get-money')).toBe(20);
    expect(fake.peakPerSecond.get(KEY)).toBeLessThanOrEqual(4);
    expect(fake.rateViolations).toEqual([]);
    // The table names the key by its id only.
    const rows = await test.database.db.execute('select key_id from market_key_pacing');
    expect(JSON.stringify(rows)).not.toContain(KEY);
    expect(JSON.stringify(rows)).toContain(marketKeyId(KEY));
  });

  it('gives one of many callers at one moment the slot and tells the others to wait', async () => {
    const store = new DbPacingStore(test.database.db);
    const now = Date.now();
    const takes = await Promise.all(Array.from({ length: 10 }, () => store.take('key-a', now, 60_000)));
    expect(takes.filter((take) => take.granted)).toHaveLength(1);
    for (const take of takes) if (!take.granted) expect(take.waitMs).toBeGreaterThan(0);
    await store.rest('key-a', now + 600_000);
    const rested = await store.take('key-a', now, 0);
    expect(rested.granted).toBe(false);
    if (!rested.granted) expect(rested.waitMs).toBeGreaterThan(60_000);
  });
});
