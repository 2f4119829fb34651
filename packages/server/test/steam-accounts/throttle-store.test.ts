import { RATE_LIMIT_COOL_DOWN_MS } from '@tradedeck/sdk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { steamLoginThrottle } from '../../src/db/schema.ts';
import { DbThrottleStore } from '../../src/modules/steam-accounts/throttle-repo.ts';
import { type AuthTestApp, createAuthTestApp } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { addAccounts, addItem, dataOf, proxyData, world } from './helpers.ts';

describe('DbThrottleStore', () => {
  let testDb: TestDatabase;
  let store: DbThrottleStore;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    store = new DbThrottleStore(testDb.database.db);
  });
  afterAll(() => testDb.drop());

  it('hands out distinct sign-in slots per proxy, spaced by the interval, even to concurrent callers', async () => {
    const now = 1_000_000;
    const slots = await Promise.all(
      Array.from({ length: 8 }, () => store.reserveSlot('10.0.0.1:80', now, 10_000)),
    );
    expect(slots.map((s) => s.startAt).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 8 }, (_, i) => now + i * 10_000),
    );
    // Another proxy has its own budget; a later caller starts no earlier than now.
    expect(await store.reserveSlot('10.0.0.2:80', now, 10_000)).toEqual({ startAt: now });
    expect(await store.reserveSlot('10.0.0.2:80', now + 60_000, 10_000)).toEqual({ startAt: now + 60_000 });
  });

  it('gives a turn to one of many concurrent callers, and to the next only once it is over or given back', async () => {
    const now = 2_000_000;
    const takes = await Promise.all(
      Array.from({ length: 8 }, () => store.takeTurn('confirm:1', now, 10_000)),
    );
    expect(takes.filter((take) => take.taken)).toEqual([{ taken: true, until: now + 10_000 }]);
    expect(takes.filter((take) => !take.taken)).toEqual(
      Array.from({ length: 7 }, () => ({ taken: false, freeAt: now + 10_000 })),
    );
    // A later caller's turn starts when it asks, not when the previous one was booked to end.
    expect(await store.takeTurn('confirm:1', now + 15_000, 10_000)).toEqual({
      taken: true,
      until: now + 25_000,
    });
    // Given back early: free at once; a stale move (another caller's turn since) changes nothing.
    await store.moveTurn('confirm:1', now + 25_000, now + 16_000);
    expect(await store.takeTurn('confirm:1', now + 16_000, 10_000)).toEqual({
      taken: true,
      until: now + 26_000,
    });
    await store.moveTurn('confirm:1', now + 25_000, now + 17_000);
    expect(await store.takeTurn('confirm:1', now + 17_000, 10_000)).toEqual({
      taken: false,
      freeAt: now + 26_000,
    });
  });

  it('extends rests, never shortens them, and forgets them once over', async () => {
    await store.coolDownProxy('10.0.0.3:80', 5_000);
    await store.coolDownProxy('10.0.0.3:80', 3_000);
    expect(await store.proxyCoolDownUntil('10.0.0.3:80', 1_000)).toBe(5_000);
    expect(await store.proxyCoolDownUntil('10.0.0.3:80', 5_000)).toBeNull();
    await store.coolDownAccount('Some_Login', 9_000);
    expect(await store.accountCoolDownUntil('some_login', 1_000)).toBe(9_000);
    expect(await store.accountCoolDownUntil('other', 1_000)).toBeNull();
  });
});

describe('the app’s Steam port keeps its rests in the database', () => {
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await createAuthTestApp();
  });
  afterAll(() => t.close());

  it('a rate limit (84) rests the proxy for 30 minutes in steam_login_throttle', async () => {
    // The first user of an instance is its approved administrator.
    const admin = await signedInUser(t, 'throttle');
    const before = Date.now();
    const res = await addAccounts(t, admin, {
      accounts: { '0': addItem(world.find('sandbox_rate_limited')!, { proxyData: proxyData(250) }) },
    });
    expect(dataOf(res).errors['0'].reason).toBe('proxyError');
    const rows = await t.testDb.database.db.select().from(steamLoginThrottle);
    const proxyRow = rows.find((row) => row.key.startsWith('proxy:') && row.key.includes('10.20.0.250'));
    expect(proxyRow).toBeDefined();
    expect(proxyRow!.coolDownUntil).toBeGreaterThanOrEqual(before + RATE_LIMIT_COOL_DOWN_MS - 1000);
  });
});
