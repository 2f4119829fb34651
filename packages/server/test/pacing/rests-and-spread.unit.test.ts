/**
 * What rows show of the pacing and how accounts are spread by it: the rest that ends first on a proxy and on an
 * account (its own or its proxy's), a proxy's budget share after a limit and as it grows back, and the
 * distribute plan that gives a proxy whose budget a limit cut fewer accounts while another has room.
 */
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/integrations/steam/clock.ts';
import { budgetShare, proxyBudgetShares } from '../../src/modules/pacing/budget-share.ts';
import { PacingRests } from '../../src/modules/pacing/rests.ts';
import { DistributionPool } from '../../src/modules/steam-accounts/distribute.ts';
import { LIVE_BUDGETS } from '../../src/pacing/budgets.ts';
import { type CallOutcome, Pacer } from '../../src/pacing/pacer.ts';
import { MemoryPacingStore } from '../../src/pacing/store.ts';

const START = Date.UTC(2026, 10, 2);
const TOO_MANY: CallOutcome = { kind: 'limited', retryAfter: null, eresult: null, httpStatus: 429 };

function pacerAt() {
  const state = { t: START };
  const clock: Clock = {
    now: () => state.t,
    async sleep(ms) {
      state.t += Math.max(0, ms);
    },
  };
  return { pacer: new Pacer(new MemoryPacingStore(), clock, LIVE_BUDGETS), state };
}

/** One call of a class through the kernel, answered as given. */
async function call(pacer: Pacer, cls: 'inventory' | 'confirmations', who: object, outcome: CallOutcome) {
  const ran = await pacer.run(
    cls,
    { proxy: null, account: null, ...who },
    async () => outcome,
    (o) => o,
  );
  expect(ran.ran).toBe(true);
}

describe('rests on rows', () => {
  it('shows a proxy its own rest and an account the rest of its own or of its proxy that ends first', async () => {
    const { pacer, state } = pacerAt();
    await call(pacer, 'inventory', { proxy: '10.9.0.1:8080' }, TOO_MANY);
    state.t += 30_000;
    await call(pacer, 'confirmations', { account: '76561190000000001' }, TOO_MANY);
    await call(pacer, 'inventory', { proxy: '10.9.0.2:8080' }, { kind: 'ok' });

    const rests = await new PacingRests(pacer).read();
    const proxyRest = { until: new Date(START + 120_000).toISOString(), reason: 'inventory 429' };
    expect(rests.ofProxy({ address: '10.9.0.1', port: 8080 })).toEqual(proxyRest);
    expect(rests.ofProxy({ address: '10.9.0.2', port: 8080 })).toBeNull();
    expect(rests.ofProxy(null)).toBeNull();
    // Its own rest ends later than its proxy's: the proxy's shows.
    expect(
      rests.ofAccount({ steamId: '76561190000000001', proxy: { address: '10.9.0.1', port: 8080 } }),
    ).toEqual(proxyRest);
    expect(rests.ofAccount({ steamId: '76561190000000001', proxy: null })).toEqual({
      until: new Date(START + 150_000).toISOString(),
      reason: 'confirmations 429',
    });
    expect(
      rests.ofAccount({ steamId: '76561190000000002', proxy: { address: '10.9.0.2', port: 8080 } }),
    ).toBeNull();

    // Once the rests are over, no row shows one.
    state.t += 150_000;
    const later = await new PacingRests(pacer).read();
    expect(
      later.ofAccount({ steamId: '76561190000000001', proxy: { address: '10.9.0.1', port: 8080 } }),
    ).toBeNull();
  });
});

describe('budget share', () => {
  it('halves after a limit and grows back with the calls that go through', async () => {
    const { pacer, state } = pacerAt();
    const address = '10.9.1.1:8080';
    // The egress carries 40 a minute: the 41st read is refused.
    for (let i = 0; i < 40; i++) await call(pacer, 'inventory', { proxy: address }, { kind: 'ok' });
    expect((await proxyBudgetShares(pacer, [address])).get(address)).toBe(1);
    await call(pacer, 'inventory', { proxy: address }, TOO_MANY);
    expect((await proxyBudgetShares(pacer, [address])).get(address)).toBe(0.5);

    state.t += 120_000;
    for (let i = 0; i < 200; i++) await call(pacer, 'inventory', { proxy: address }, { kind: 'ok' });
    const grown = (await proxyBudgetShares(pacer, [address])).get(address)!;
    // Back to the ceiling under what got through (36 of the table's 60), not beyond.
    expect(grown).toBe(0.6);
    // A proxy never used has its whole budget.
    expect(budgetShare(LIVE_BUDGETS, new Map(), '10.9.1.9:8080', state.t)).toBe(1);
  });
});

describe('spreading accounts by budget', () => {
  it('does not pick a proxy near its budget while another has room, and caps it by its share', () => {
    // Proxy 1 carries 4 of the 5 its halved budget serves; proxy 2 carries 6 of 10.
    const pool = new DistributionPool<string>(
      [
        { id: 1, load: 4, share: 0.5 },
        { id: 2, load: 6, share: 1 },
      ],
      10,
    );
    const rows = ['a', 'b', 'c', 'd', 'e'];
    expect(pool.plan(rows)).toEqual([]);
    // 6/10 < 4/5: proxy 2 first; at a tie (8/10 and 4/5) the lower id; never above what each budget serves.
    expect(rows.map((row) => pool.proxyOf(row))).toEqual([2, 2, 1, 2, 2]);
    expect(pool.loads()).toEqual([
      { id: 1, load: 5 },
      { id: 2, load: 10 },
    ]);
    expect(pool.plan(['f'])).toEqual(['f']);
  });

  it('gives a proxy whose budget is cut to nothing no accounts', () => {
    const pool = new DistributionPool<string>(
      [
        { id: 1, load: 0, share: 0 },
        { id: 2, load: 0 },
      ],
      2,
    );
    expect(pool.plan(['a', 'b', 'c'])).toEqual(['c']);
    expect([pool.proxyOf('a'), pool.proxyOf('b')]).toEqual([2, 2]);
  });
});
