import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyTagLinks } from '../../src/db/schema.ts';
import { DistributionPool, planDistribution } from '../../src/modules/steam-accounts/distribute.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { addAccounts, addItem, dataOf, seedProxies, world } from './helpers.ts';

describe('planDistribution', () => {
  it('fills the least busy proxies first and never exceeds the cap', () => {
    const plan = planDistribution(
      ['a', 'b', 'c', 'd', 'e'],
      [
        { id: 1, load: 2 },
        { id: 2, load: 0 },
        { id: 3, load: 1 },
      ],
      2,
    );
    expect([...plan]).toEqual([
      ['a', 2],
      ['b', 2],
      ['c', 3],
      ['d', null],
      ['e', null],
    ]);
  });

  it('conserves accounts and respects the cap for any input (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        (accounts, loads, max) => {
          const proxies = loads.map((load, i) => ({ id: i + 1, load }));
          const plan = planDistribution(
            Array.from({ length: accounts }, (_, i) => i),
            proxies,
            max,
          );
          expect(plan.size).toBe(accounts);
          const placed = new Map<number, number>();
          for (const proxyId of plan.values())
            if (proxyId !== null) placed.set(proxyId, (placed.get(proxyId) ?? 0) + 1);
          const capacity = proxies.reduce((sum, p) => sum + Math.max(0, max - p.load), 0);
          expect([...placed.values()].reduce((a, b) => a + b, 0)).toBe(Math.min(accounts, capacity));
          for (const proxy of proxies)
            expect(proxy.load + (placed.get(proxy.id) ?? 0)).toBeLessThanOrEqual(Math.max(max, proxy.load));
        },
      ),
    );
  });
});

describe('DistributionPool', () => {
  it('hands back the rows planned on a resting proxy that have not started, and plans them again elsewhere', () => {
    const pool = new DistributionPool<string>(
      [
        { id: 1, load: 0 },
        { id: 2, load: 1 },
        { id: 3, load: 0 },
      ],
      2,
    );
    expect(pool.plan(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual(['f']);
    expect(['a', 'b', 'c', 'd', 'e'].map((row) => pool.proxyOf(row))).toEqual([1, 3, 1, 2, 3]);
    expect(pool.start('a')).toBe(1);
    // Proxy 1 rests: 'a' has started (it keeps its place until it ends), 'c' is handed back.
    expect(pool.rest(1)).toEqual(['c']);
    expect(pool.proxyOf('c')).toBeNull();
    expect(pool.start('c')).toBeNull();
    // Proxies 2 and 3 are full: no room for 'c' until a sign-in on them fails.
    expect(pool.plan(['c'])).toEqual(['c']);
    pool.start('b');
    pool.finish('b', false);
    expect(pool.plan(['c'])).toEqual([]);
    expect(pool.proxyOf('c')).toBe(3);
    // A resting proxy gets nothing, even with room.
    pool.finish('a', false);
    expect(pool.loads()).toEqual([
      { id: 1, load: 0 },
      { id: 2, load: 2 },
      { id: 3, load: 2 },
    ]);
    expect(pool.plan(['g'])).toEqual(['g']);
  });

  it('never places more than the cap on a proxy and never plans on a resting one, whatever happens (property)', () => {
    const event = fc.oneof(
      fc.record({ kind: fc.constant('plan' as const), count: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ kind: fc.constant('start' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('finish' as const), pick: fc.nat(), stored: fc.boolean() }),
      fc.record({ kind: fc.constant('rest' as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(event, { maxLength: 60 }),
        (loads, max, events) => {
          const proxies = loads.map((load, i) => ({ id: i + 1, load }));
          const pool = new DistributionPool<number>(proxies, max);
          const resting = new Set<number>();
          const stored = new Map(proxies.map((p) => [p.id, p.load]));
          const live = new Set<number>();
          let nextRow = 0;
          for (const step of events) {
            const rows = [...live];
            if (step.kind === 'plan') {
              const fresh = Array.from({ length: step.count }, () => nextRow++);
              const unplaced = new Set(pool.plan(fresh));
              for (const row of fresh) {
                if (unplaced.has(row)) continue;
                expect(resting.has(pool.proxyOf(row)!)).toBe(false);
                live.add(row);
              }
            } else if (step.kind === 'rest') {
              const id = proxies[step.pick % proxies.length]!.id;
              resting.add(id);
              for (const row of pool.rest(id)) live.delete(row);
            } else if (rows.length > 0) {
              const row = rows[step.pick % rows.length]!;
              if (step.kind === 'start') pool.start(row);
              else {
                const proxyId = pool.proxyOf(row)!;
                if (step.stored) stored.set(proxyId, stored.get(proxyId)! + 1);
                pool.finish(row, step.stored);
                live.delete(row);
              }
            }
            const held = new Map<number, number>();
            for (const row of live) held.set(pool.proxyOf(row)!, (held.get(pool.proxyOf(row)!) ?? 0) + 1);
            for (const { id, load } of pool.loads()) {
              expect(load).toBe(stored.get(id)! + (held.get(id) ?? 0));
              const initial = proxies.find((p) => p.id === id)!.load;
              expect(load).toBeLessThanOrEqual(Math.max(max, initial));
            }
          }
        },
      ),
    );
  });
});

describe('steamAccounts.add in distribute mode', () => {
  let t: AuthTestApp;
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp();
    const admin = await signedInUser(t, 'admin');
    user = await signedInUser(t, 'distribute', admin);
    other = await signedInUser(t, 'distribute-other', admin);
  });
  afterAll(() => t.close());

  it('spreads accounts over the tag’s proxies, busiest last, at most N each; the rest get noProxy', async () => {
    const { ids, tagId } = await seedProxies(t, user, 3, { tagName: 'Pool', first: 1 });
    const { ids: dead } = await seedProxies(t, user, 1, { first: 9, status: 3 });
    // A proxy the checker found dead is in the tag too: it gets no accounts.
    await t.testDb.database.db
      .insert(proxyTagLinks)
      .values({ userId: user.id, proxyId: dead[0]!, tagId: tagId! });
    // The first proxy already carries one account.
    const [busy] = world.healthyAccounts(1, 700);
    await addAccounts(t, user, { accounts: { '0': addItem(busy!, { proxyId: ids[0]! }) } });

    const bots = world.healthyAccounts(7, 701);
    const res = await addAccounts(t, user, {
      mode: 'distribute',
      distribute: { proxyTagId: tagId!, maxAccountsPerProxy: 2 },
      // Per-row proxies are ignored in this mode.
      accounts: Object.fromEntries(bots.map((bot, i) => [String(i), addItem(bot, { proxyId: ids[0]! })])),
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = dataOf(res);
    const byLogin = new Map(
      data.addedAccounts.map((a: { login: string; proxyId: number }) => [a.login, a.proxyId]),
    );
    expect(bots.map((bot) => byLogin.get(bot.login) ?? null)).toEqual([
      ids[1],
      ids[2],
      ids[0],
      ids[1],
      ids[2],
      null,
      null,
    ]);
    expect(Object.keys(data.errors)).toEqual(['5', '6']);
    expect(data.errors['5'].reason).toBe('noProxy');
    // The answer names the cause: the dead proxy does not count, the three others carry the cap.
    expect(data.errors['5'].message).toBe(
      'No proxy: every proxy of the tag (3) is full at 2 accounts per proxy',
    );
  });

  it('names a tag without working proxies as the cause of noProxy', async () => {
    const { tagId } = await seedProxies(t, user, 1, { tagName: 'Dead pool', first: 30, status: 3 });
    const [bot] = world.healthyAccounts(1, 730);
    const res = await addAccounts(t, user, {
      mode: 'distribute',
      distribute: { proxyTagId: tagId!, maxAccountsPerProxy: 5 },
      accounts: { '0': addItem(bot!) },
    });
    expect(dataOf(res).errors).toEqual({
      '0': { reason: 'noProxy', message: 'No proxy: the chosen tag has no working proxies' },
    });
  });

  it('answers 3 for a proxy tag that is not the user’s', async () => {
    const { tagId } = await seedProxies(t, other, 1, { tagName: 'Theirs', first: 40 });
    const [bot] = world.healthyAccounts(1, 720);
    const res = await addAccounts(t, user, {
      mode: 'distribute',
      distribute: { proxyTagId: tagId, maxAccountsPerProxy: 5 },
      accounts: { '0': addItem(bot!) },
    });
    expect(res.json().error.resultCode).toBe(3);
  });
});
