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
import type { PacingStore } from '../../src/pacing/store.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

/** 4 calls per 4 s: one a second. */
const SPACING_MS = 1000;

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
    // The slots are read from the writes that won: the shared test clock moves on while a caller waits on the
    // database, so the time a call ran at says less than the slot it was given.
    const slots: number[] = [];
    let grants = 0;
    const recorded = (inner: PacingStore): PacingStore => ({
      read: (key) => inner.read(key),
      list: (prefix) => inner.list(prefix),
      resting: (at) => inner.resting(at),
      async write(key, version, next) {
        const written = await inner.write(key, version, next);
        if (written && next.grants > grants) {
          grants = next.grants;
          slots.push(next.nextAt - SPACING_MS);
        }
        return written;
      },
    });
    const pacers = [
      new Pacer(recorded(store), clock, table),
      new Pacer(recorded(new DbPacingStore(testDb.database.db)), clock, table),
    ];
    let ran = 0;
    await Promise.all(
      pacers.flatMap((pacer) =>
        Array.from({ length: 3 }, () =>
          pacer.run(
            'inventory',
            { proxy: 'b:2', account: null },
            async () => ran++,
            () => ({ kind: 'ok' }),
          ),
        ),
      ),
    );
    expect(ran).toBe(6);
    expect(slots).toHaveLength(6);
    for (let i = 1; i < slots.length; i++)
      expect(slots[i]! - slots[i - 1]!).toBeGreaterThanOrEqual(SPACING_MS);
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
