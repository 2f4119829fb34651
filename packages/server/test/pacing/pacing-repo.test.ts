/**
 * The limiters in the database, as processes sharing one Postgres use them (PGlite here, or Postgres with
 * TEST_DATABASE_URL): a state is written only at the version it was read at, so of two processes moving one
 * limiter at once exactly one wins and the other reads again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/integrations/steam/clock.ts';
import { LIVE_BUDGETS } from '../../src/pacing/budgets.ts';
import { initialState } from '../../src/pacing/limiter.ts';
import { Pacer, proxyPacingKey } from '../../src/pacing/pacer.ts';
import { DbPacingStore } from '../../src/pacing/repo.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

describe('DbPacingStore', () => {
  let testDb: TestDatabase;
  let store: DbPacingStore;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    store = new DbPacingStore(testDb.database.db);
  });
  afterAll(() => testDb.drop());

  it('writes a state only at the version it was read at', async () => {
    const state = initialState({ permits: 60, windowMs: 60_000 });
    expect(await store.write('proxy:a:1:inventory', null, state)).toBe(true);
    expect(await store.write('proxy:a:1:inventory', null, state)).toBe(false);
    const read = await store.read('proxy:a:1:inventory');
    expect(read).toEqual({ state, version: 1 });
    const moved = { ...state, nextAt: 5 };
    const [first, second] = await Promise.all([
      store.write('proxy:a:1:inventory', 1, moved),
      store.write('proxy:a:1:inventory', 1, { ...state, nextAt: 7 }),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect((await store.read('proxy:a:1:inventory'))?.version).toBe(2);
  });

  it('finds the limiters resting at a time, and only those', async () => {
    const at = Date.UTC(2026, 10, 3);
    const base = initialState({ permits: 60, windowMs: 60_000 });
    const resting = { ...base, restUntil: at + 60_000, restReason: 'inventory 429' };
    expect(await store.write('proxy:rest-a:1:inventory', null, resting)).toBe(true);
    expect(await store.write('proxy:rest-b:1:inventory', null, { ...base, restUntil: at - 1 })).toBe(true);
    expect(await store.write('account:rest-c:confirmations', null, base)).toBe(true);
    const found = (await store.resting(at)).filter((row) => row.key.includes('rest-'));
    expect(found).toEqual([{ key: 'proxy:rest-a:1:inventory', state: resting }]);
    expect((await store.resting(at + 60_000)).filter((row) => row.key.includes('rest-'))).toEqual([]);
  });

  it('gives processes pacing through one database distinct slots, spaced by the budget', async () => {
    let now = Date.UTC(2026, 10, 1);
    const clock: Clock = {
      now: () => now,
      async sleep(ms) {
        now += Math.max(0, ms);
      },
    };
    const table = {
      ...LIVE_BUDGETS,
      inventory: { ...LIVE_BUDGETS.inventory, proxy: { permits: 4, windowMs: 4000 } },
    };
    const pacers = [
      new Pacer(store, clock, table),
      new Pacer(new DbPacingStore(testDb.database.db), clock, table),
    ];
    const starts: number[] = [];
    await Promise.all(
      pacers.flatMap((pacer) =>
        Array.from({ length: 3 }, () =>
          pacer.run(
            'inventory',
            { proxy: 'b:2', account: null },
            async () => starts.push(now),
            () => ({ kind: 'ok' }),
          ),
        ),
      ),
    );
    starts.sort((a, b) => a - b);
    expect(starts).toHaveLength(6);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(1000);
    const rows = await store.list('proxy:b:2:');
    expect(rows.map((row) => row.key)).toEqual([proxyPacingKey('b:2', 'inventory')]);
    expect(rows[0]!.state.grants).toBe(6);
  });

  it('lists only the keys under a prefix, with LIKE wildcards taken literally', async () => {
    await store.write('proxy:c_1:9:login', null, initialState(null));
    await store.write('proxy:cx1:9:login', null, initialState(null));
    expect((await store.list('proxy:c_1:')).map((row) => row.key)).toEqual(['proxy:c_1:9:login']);
  });
});
