/**
 * The pacing kernel on its own, with a clock the test moves: the back-off and recovery curve after a limit, rests
 * that are waited out without a call, a budget learned where none is known, and several processes sharing one
 * limiter store.
 */
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/integrations/steam/clock.ts';
import { type BudgetTable, LIVE_BUDGETS } from '../../src/pacing/budgets.ts';
import { LIMIT_MEMORY_MS } from '../../src/pacing/limiter.ts';
import { type CallOutcome, Pacer, proxyPacingKey } from '../../src/pacing/pacer.ts';
import { MemoryPacingStore } from '../../src/pacing/store.ts';

const START = Date.UTC(2026, 10, 1);

const ok = (outcome: CallOutcome) => outcome;
/** Steam's limit as the kernel reads it: a 429 without Retry-After unless told otherwise. */
const limited = (
  over: { retryAfter?: number; eresult?: number; httpStatus?: number | null } = {},
): CallOutcome => ({
  kind: 'limited',
  retryAfter: null,
  eresult: null,
  httpStatus: 429,
  ...over,
});

/** A clock whose sleeps move time at once; `late` makes the next sleep overshoot, as a busy event loop does. */
function steppedClock() {
  const state = { t: START, late: 0 };
  const clock: Clock = {
    now: () => state.t,
    async sleep(ms) {
      state.t += Math.max(0, ms) + state.late;
      state.late = 0;
    },
  };
  return { clock, state };
}

/** An egress that refuses (429) a read beyond `budget` in any trailing `windowMs`, counting refused ones too. */
function slidingEgress(clock: Clock, budget: number, windowMs: number) {
  const reads: number[] = [];
  const served: number[] = [];
  const refused: number[] = [];
  return {
    served,
    refused,
    read(): CallOutcome {
      const now = clock.now();
      const recent = reads.filter((at) => now - at < windowMs).length;
      reads.push(now);
      if (recent >= budget) {
        refused.push(now);
        return limited();
      }
      served.push(now);
      return { kind: 'ok' };
    },
  };
}

describe('pacing kernel', () => {
  it('halves the budget at a 429, rests, and grows back under what the egress really carries', async () => {
    const { clock } = steppedClock();
    const store = new MemoryPacingStore();
    const pacer = new Pacer(store, clock, LIVE_BUDGETS);
    // Steam's real budget on this egress is 40 a minute; the table starts from the 60 the notes give.
    const egress = slidingEgress(clock, 40, 60_000);
    const who = { proxy: '10.0.0.1:8080', account: null };
    const key = proxyPacingKey(who.proxy, 'inventory');
    const curve: { at: number; rate: number }[] = [];
    let answeredFromRest = 0;
    while (clock.now() < START + 30 * 60_000) {
      const ran = await pacer.run('inventory', who, async () => egress.read(), ok);
      if (!ran.ran) {
        answeredFromRest += 1;
        await clock.sleep(ran.until - clock.now());
        continue;
      }
      const row = await store.read(key);
      curve.push({ at: clock.now() - START, rate: row!.state.rate! });
    }
    // One 429 on this egress, and none after it.
    expect(egress.refused).toHaveLength(1);
    const limitedAt = egress.refused[0]!;
    const after = curve.filter((point) => point.at >= limitedAt - START);
    // The budget halved at once (60 -> 30 a minute), then only grew, up to 90 % of the 40 that got through.
    expect(after[0]!.rate).toBe(30);
    for (let i = 1; i < after.length; i++) expect(after[i]!.rate).toBeGreaterThanOrEqual(after[i - 1]!.rate);
    expect(after.at(-1)!.rate).toBeCloseTo(36, 5);
    // The rest after the 429 (2 minutes, no Retry-After) was waited out without a call.
    expect(answeredFromRest).toBeGreaterThan(0);
    expect(egress.served.find((at) => at > limitedAt)! - limitedAt).toBeGreaterThanOrEqual(2 * 60_000);
    // Over the last ten minutes the egress carried within 20 % of its real budget.
    const lastTen = egress.served.filter((at) => at >= START + 20 * 60_000).length;
    expect(lastTen).toBeGreaterThanOrEqual(0.8 * 40 * 10);
    expect(lastTen).toBeLessThanOrEqual(40 * 10);
  });

  it('lifts the ceiling an hour after the last limit, back towards the table’s budget', async () => {
    const { clock, state } = steppedClock();
    const store = new MemoryPacingStore();
    const pacer = new Pacer(store, clock, LIVE_BUDGETS);
    const who = { proxy: '10.0.0.2:8080', account: null };
    const key = proxyPacingKey(who.proxy, 'inventory');
    await pacer.run(
      'inventory',
      who,
      async () => 'limited',
      () => limited(),
    );
    const halved = (await store.read(key))!.state;
    expect(halved.rate).toBe(30);
    state.t += LIMIT_MEMORY_MS;
    for (let i = 0; i < 500; i++)
      await pacer.run(
        'inventory',
        who,
        async () => 'ok',
        () => ({ kind: 'ok' }),
      );
    const recovered = (await store.read(key))!.state;
    expect(recovered.ceiling).toBeNull();
    expect(recovered.rate).toBe(60);
  });

  it('rests the market class an hour after a 429 and never calls during it', async () => {
    const { clock, state } = steppedClock();
    const pacer = new Pacer(new MemoryPacingStore(), clock, LIVE_BUDGETS);
    const who = { proxy: '10.0.0.3:8080', account: 'acct' };
    let calls = 0;
    const limitedOnce = async (): Promise<CallOutcome> => {
      calls += 1;
      return calls === 1 ? limited() : { kind: 'ok' };
    };
    const first = await pacer.run('market', who, limitedOnce, ok);
    expect(first).toMatchObject({ ran: true, restUntil: START + 60 * 60_000 });
    state.t += 59 * 60_000;
    expect(await pacer.run('market', who, limitedOnce, ok)).toEqual({
      ran: false,
      until: START + 60 * 60_000,
      reason: 'market 429',
    });
    expect(calls).toBe(1);
    // Another class through the same egress is not held by the market's rest.
    expect(await pacer.run('inventory', who, async () => ({ kind: 'ok' }) as CallOutcome, ok)).toMatchObject({
      ran: true,
    });
    state.t += 60_000;
    expect(await pacer.run('market', who, limitedOnce, ok)).toMatchObject({ ran: true });
    expect(calls).toBe(2);
  });

  it('rests a class 30 minutes after an EResult 84, or until the Retry-After Steam gives', async () => {
    const { clock } = steppedClock();
    const pacer = new Pacer(new MemoryPacingStore(), clock, LIVE_BUDGETS);
    const eresult = await pacer.run(
      'offers-read',
      { proxy: 'a:1', account: null },
      async () => 0,
      () => limited({ eresult: 84, httpStatus: null }),
    );
    expect(eresult).toMatchObject({ ran: true, restUntil: START + 30 * 60_000 });
    const retryAfter = await pacer.run(
      'web-api',
      { proxy: 'a:1', account: null },
      async () => 0,
      () => limited({ retryAfter: START + 90_000 }),
    );
    expect(retryAfter).toMatchObject({ ran: true, restUntil: START + 90_000 });
  });

  it('learns a budget for a class with none known from what got through before the limit', async () => {
    const { clock, state } = steppedClock();
    const store = new MemoryPacingStore();
    const pacer = new Pacer(store, clock, LIVE_BUDGETS);
    const who = { proxy: '10.0.0.4:8080', account: null };
    // 20 reads in a burst: offers-read has no known budget, so none of them waits.
    for (let i = 0; i < 20; i++) {
      await pacer.run(
        'offers-read',
        who,
        async () => 0,
        () => ({ kind: 'ok' }),
      );
      state.t += 1000;
    }
    expect(clock.now()).toBe(START + 20_000);
    await pacer.run(
      'offers-read',
      who,
      async () => 0,
      () => limited({ retryAfter: START + 30_000 }),
    );
    const learned = (await store.read(proxyPacingKey(who.proxy, 'offers-read')))!.state;
    // 20 got through in the last minute: half of that is the budget now, 90 % of it the ceiling.
    expect(learned.rate).toBe(10);
    expect(learned.ceiling).toBe(18);
    state.t = START + 30_000;
    const starts: number[] = [];
    for (let i = 0; i < 3; i++) {
      await pacer.run(
        'offers-read',
        who,
        async () => 0,
        () => ({ kind: 'ok' }),
      );
      starts.push(clock.now());
    }
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(5000);
    expect(starts[2]! - starts[1]!).toBeGreaterThan(0);
  });

  it('spaces the next confirmation from a late caller’s real start', async () => {
    const { clock, state } = steppedClock();
    const pacer = new Pacer(new MemoryPacingStore(), clock, LIVE_BUDGETS);
    const who = { proxy: 'p:1', account: '7656' };
    const starts: number[] = [];
    const confirm = () => pacer.run('confirmations', who, async () => starts.push(clock.now()), ok200);
    await confirm();
    // The second caller waits for the slot and wakes 300 ms late.
    state.late = 300;
    await confirm();
    await confirm();
    expect(starts[0]).toBe(START);
    expect(starts[1]).toBe(START + 10_300);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(10_000);
    // Other accounts go at once.
    const before = clock.now();
    await pacer.run('confirmations', { proxy: 'p:1', account: 'other' }, async () => 0, ok200);
    expect(clock.now()).toBe(before);
  });

  it('gives no two processes sharing a store the same slot', async () => {
    const { clock } = steppedClock();
    const store = new MemoryPacingStore();
    const table: BudgetTable = {
      ...LIVE_BUDGETS,
      inventory: { ...LIVE_BUDGETS.inventory, proxy: { permits: 6, windowMs: 6000 } },
    };
    const processes = [
      new Pacer(store, clock, table),
      new Pacer(store, clock, table),
      new Pacer(store, clock, table),
    ];
    const starts: number[] = [];
    await Promise.all(
      processes.flatMap((pacer) =>
        Array.from({ length: 4 }, () =>
          pacer.run(
            'inventory',
            { proxy: 'shared:1', account: null },
            async () => starts.push(clock.now()),
            ok200,
          ),
        ),
      ),
    );
    starts.sort((a, b) => a - b);
    expect(starts).toHaveLength(12);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(1000);
  });
});

function ok200(): CallOutcome {
  return { kind: 'ok' };
}
