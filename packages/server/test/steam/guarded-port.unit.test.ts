/**
 * The shared rules around both adapters (spacing per proxy, proxy and account rests), driven through the
 * sandbox adapter with a manual clock so waiting is observed, not slept.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  type Clock,
  createSteamPort,
  MemoryThrottleStore,
  SandboxWorld,
  type SteamProxy,
} from '../../src/integrations/steam/index.ts';
import { MemoryPacingStore } from '../../src/pacing/store.ts';

function manualClock(start = Date.UTC(2026, 0, 1)) {
  const waits: number[] = [];
  let now = start;
  const clock: Clock = {
    now: () => now,
    sleep: async (ms) => {
      if (ms <= 0) return;
      waits.push(ms);
      now += ms;
    },
  };
  return { clock, waits, advance: (ms: number) => (now += ms) };
}

const world = new SandboxWorld();
const proxy = (port: number): SteamProxy => ({
  protocol: 'socks5',
  host: '10.0.0.1',
  port,
  username: 'u',
  password: 'p',
});
const input = (login: string, egress: SteamProxy | null) => {
  const account = world.find(login)!;
  return { login, password: account.password, sharedSecret: account.sharedSecret, proxy: egress };
};

describe('guarded Steam port', () => {
  it('spaces sign-ins through one proxy and not across proxies', async () => {
    const { clock, waits } = manualClock();
    const port = createSteamPort({ mode: 'sandbox' }, { clock, loginSpacingMs: 10_000 });
    await port.signIn(input('sandbox_bot_0001', proxy(1)));
    await port.signIn(input('sandbox_bot_0002', proxy(2)));
    expect(waits).toEqual([]);
    await port.signIn(input('sandbox_bot_0003', proxy(1)));
    await port.signIn(input('sandbox_bot_0004', proxy(1)));
    expect(waits).toEqual([10_000, 10_000]);
  });

  it('shares spacing and rests between ports that use one store (as processes sharing a database)', async () => {
    const { clock, waits } = manualClock();
    const store = new MemoryThrottleStore();
    const pacingStore = new MemoryPacingStore();
    const first = createSteamPort(
      { mode: 'sandbox' },
      { clock, loginSpacingMs: 5_000, throttleStore: store, pacingStore },
    );
    const second = createSteamPort(
      { mode: 'sandbox' },
      { clock, loginSpacingMs: 5_000, throttleStore: store, pacingStore },
    );
    await first.signIn(input('sandbox_bot_0001', proxy(1)));
    await second.signIn(input('sandbox_bot_0002', proxy(1)));
    expect(waits).toEqual([5_000]);
    await first.signIn(input('sandbox_rate_limited', proxy(3)));
    expect(await second.signIn(input('sandbox_bot_0005', proxy(3)))).toMatchObject({
      ok: false,
      failure: { kind: 'eresult', eresult: 84 },
      outcome: { reason: 'proxyError', retry: 'coolDownProxy' },
    });
  });

  it('ends a proxy rest after 30 minutes and an account rest after 24 hours', async () => {
    const { clock, advance } = manualClock();
    const port = createSteamPort({ mode: 'sandbox' }, { clock });
    const limited = await port.signIn(input('sandbox_rate_limited', proxy(7)));
    expect(limited.ok ? null : limited.retryAfter?.getTime()).toBe(clock.now() + 30 * 60_000);
    advance(29 * 60_000);
    expect(await port.signIn(input('sandbox_bot_0009', proxy(7)))).toMatchObject({ ok: false });
    advance(61_000);
    expect(await port.signIn(input('sandbox_bot_0009', proxy(7)))).toMatchObject({ ok: true });

    const throttled = await port.signIn(input('sandbox_throttled', proxy(8)));
    expect(throttled.ok ? null : throttled.retryAfter?.getTime()).toBe(clock.now() + 24 * 3600_000);
    // The account rests whatever proxy it comes through; the proxy itself is fine for others.
    expect(await port.signIn(input('sandbox_throttled', proxy(9)))).toMatchObject({
      ok: false,
      outcome: { reason: 'authenticationProblem' },
    });
    expect(await port.signIn(input('sandbox_bot_0010', proxy(8)))).toMatchObject({ ok: true });
  });

  it('answers a sign-in that waited for its slot from a rest that began meanwhile, without asking Steam', async () => {
    // Sleeps end only when the test says so, so the order of events is exact.
    const start = Date.UTC(2026, 0, 1);
    let now = start;
    const sleepers: (() => void)[] = [];
    const clock: Clock = {
      now: () => now,
      sleep: (ms) => {
        const until = now + ms;
        return new Promise<void>((resolve) => {
          sleepers.push(() => {
            now = Math.max(now, until);
            resolve();
          });
        });
      },
    };
    const port = createSteamPort({ mode: 'sandbox' }, { clock, loginSpacingMs: 10_000 });
    const egress = proxy(31);
    expect(await port.signIn(input('sandbox_bot_0031', egress))).toMatchObject({ ok: true });
    const waiting = port.signIn(input('sandbox_bot_0032', egress));
    const limited = port.signIn(input('sandbox_rate_limited', egress));
    await vi.waitFor(() => expect(sleepers).toHaveLength(2));
    // The rate-limited sign-in's slot comes first here; the healthy one is still waiting.
    sleepers[1]!();
    const limitedResult = await limited;
    expect(limitedResult).toMatchObject({ ok: false, failure: { eresult: 84 } });
    // Steam itself answered that one.
    expect(limitedResult).not.toHaveProperty('answeredFromRest');
    sleepers[0]!();
    expect(await waiting).toMatchObject({
      ok: false,
      failure: { kind: 'eresult', eresult: 84 },
      answeredFromRest: true,
    });
    expect(await port.proxyRestUntil(egress)).toEqual(new Date(start + 20_000 + 30 * 60_000));
    expect(await port.proxyRestUntil(proxy(32))).toBeNull();
  });

  it('keys proxies by egress address, not by scheme or credentials', async () => {
    const { clock } = manualClock();
    const port = createSteamPort({ mode: 'sandbox' }, { clock });
    await port.signIn(input('sandbox_rate_limited', proxy(11)));
    const sameEgress: SteamProxy = {
      protocol: 'http',
      host: '10.0.0.1',
      port: 11,
      username: null,
      password: null,
    };
    expect(await port.signIn(input('sandbox_bot_0011', sameEgress))).toMatchObject({ ok: false });
  });
});

describe('createSteamPort', () => {
  it('labels the mode and never answers live calls from the sandbox', async () => {
    expect(createSteamPort({ mode: 'sandbox' }).mode).toBe('sandbox');
    const live = createSteamPort(
      { mode: 'live' },
      { loginSpacingMs: 0, live: { apiBase: 'http://api.steam.test:9', requestTimeoutMs: 2000 } },
    );
    expect(live.mode).toBe('live');
    const bot = world.find('sandbox_bot_0001')!;
    const result = await live.signIn({
      login: bot.login,
      password: bot.password,
      sharedSecret: bot.sharedSecret,
      proxy: { protocol: 'http', host: '127.0.0.1', port: 1, username: null, password: null },
    });
    expect(result).toMatchObject({ ok: false, outcome: { reason: 'proxyError' } });
    await live.close();
  });

  it('refuses an unknown mode', () => {
    expect(() => createSteamPort({ mode: 'demo' as never })).toThrow(/Unknown Steam mode/);
  });
});
