/**
 * The sandbox market counts what the live market would: calls per API key and accepted price writes per item in
 * each market's windows; with a key limit it refuses a call past it as TM does (429 with a time to come back).
 */
import { describe, expect, it } from 'vitest';
import {
  createMarketPort,
  type MarketCredentials,
  marketKeyId,
  SandboxMarket,
  sandboxMarketKey,
} from '../../src/integrations/market/index.ts';
import { SandboxTraffic } from '../../src/integrations/market/sandbox/sandbox-traffic.ts';
import { type Clock, SandboxWorld } from '../../src/integrations/steam/index.ts';

describe('sandbox market traffic', () => {
  it('reports the busiest key per second and minute and the busiest item per window', () => {
    const traffic = new SandboxTraffic([1_000, 60_000], [60_000, 120_000]);
    // Key a: 3 calls in one second, then 2 more within the minute; key b: one call.
    for (const at of [0, 300, 900, 1_000, 30_000]) traffic.call('a', at);
    traffic.call('b', 500);
    // Item x: written at 0, 70 s and 110 s: 2 in any 60 s, 3 in 120 s; then once past every window.
    for (const at of [0, 70_000, 110_000, 400_000]) traffic.write('x', at);
    traffic.write('y', 5_000);
    expect(traffic.report()).toEqual({
      keys: 2,
      calls: 6,
      busiestKey: { 1000: 3, 60000: 5 },
      refusedCalls: 0,
      writes: 5,
      itemsWritten: 2,
      busiestItem: { 60000: 2, 120000: 3 },
    });
  });

  it('refuses the sixth call of a key in a second with a 429 and counts only the calls made', async () => {
    let now = Date.UTC(2026, 2, 2, 10);
    const clock: Clock = {
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
    };
    const world = new SandboxWorld();
    const sandbox = new SandboxMarket(world, { keyCallLimit: { calls: 5, windowMs: 1_000 } });
    const market = createMarketPort({ mode: 'sandbox' }, { clock, sandboxMarket: sandbox });
    const [login, other] = world.healthyAccounts(2, 7901).map((account) => account.login);
    const creds = (name: string): MarketCredentials => {
      const apiKey = sandboxMarketKey(name);
      return { apiKey, keyId: marketKeyId(apiKey), currency: 'USD' };
    };

    const answers = [];
    for (let call = 0; call < 6; call++) {
      answers.push(await market.balance(creds(login!)));
      now += 150;
    }
    expect(answers.slice(0, 5).every((answer) => answer.ok)).toBe(true);
    expect(answers[5]).toMatchObject({ ok: false, reason: 'rateLimited', httpStatus: 429 });
    // Another key is its own count; the first key may call again once its second has passed.
    expect((await market.balance(creds(other!))).ok).toBe(true);
    now += 400;
    expect((await market.balance(creds(login!))).ok).toBe(true);
    expect(sandbox.traffic.report()).toMatchObject({
      keys: 2,
      calls: 7,
      refusedCalls: 1,
      busiestKey: { 1000: 5 },
    });
  });
});
