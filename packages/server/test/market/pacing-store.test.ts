/**
 * Pacing shared through the database: two market adapters with their own clients (as two server processes would)
 * share one PGlite database's pacing table and together never make a fifth request of one key within a second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMarketPort,
  DbPacingStore,
  type MarketCredentials,
  marketKeyId,
} from '../../src/integrations/market/index.ts';
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
  it('keeps two processes on one key at or under 4 requests a second together', {
    timeout: 30_000,
  }, async () => {
    const ports = [0, 1].map(() =>
      createMarketPort(
        { mode: 'live', tmBaseUrl: fake.baseUrl },
        { pacingStore: new DbPacingStore(test.database.db), live: { retryDelaysMs: [] } },
      ),
    );
    const creds: MarketCredentials = { apiKey: KEY, keyId: marketKeyId(KEY), currency: 'EUR' };
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => ports[i % 2]!.balance(creds)));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(fake.countOf('get-money')).toBe(16);
    expect(fake.peakPerSecond.get(KEY)).toBeLessThanOrEqual(4);
    expect(fake.rateViolations).toEqual([]);
    // The table names the key by its id only.
    const rows = await test.database.db.execute('select key_id from market_key_pacing');
    expect(JSON.stringify(rows)).not.toContain(KEY);
    expect(JSON.stringify(rows)).toContain(marketKeyId(KEY));
  });

  it('never gives two callers slots closer than the spacing', async () => {
    const store = new DbPacingStore(test.database.db);
    const now = Date.UTC(2026, 5, 1);
    const slots = await Promise.all(Array.from({ length: 10 }, () => store.reserve('key-a', now, 250)));
    const sorted = [...slots].sort((a, b) => a - b);
    expect(sorted[0]).toBe(now);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(250);
    await store.rest('key-a', now + 60_000);
    expect(await store.reserve('key-a', now, 250)).toBe(now + 60_000);
  });
});
