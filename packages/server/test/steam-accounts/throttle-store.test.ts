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
