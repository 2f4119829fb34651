/**
 * A live Steam port against the fake Steam on loopback, reached only through loopback CONNECT and SOCKS5 proxies,
 * with accounts whose trading sessions a test opens. Limits and pacing are the test's to choose.
 */
import { createHash } from 'node:crypto';
import {
  type Clock,
  createSteamPort,
  MemoryThrottleStore,
  type SteamPort,
  type SteamProxy,
  type ThrottleStore,
} from '../../../src/integrations/steam/index.ts';
import type { SteamTradeSession } from '../../../src/integrations/steam/trading-port.ts';
import { type BudgetTable, LIVE_BUDGETS } from '../../../src/pacing/budgets.ts';
import { MemoryPacingStore, type PacingStore } from '../../../src/pacing/store.ts';
import { type FakeAccount, type FakeSteam, startFakeSteam } from './fake-steam.ts';
import { createFakeTrading, type FakeTrading, type FakeTradingLimits } from './fake-steam-trading.ts';
import { type LoopbackProxy, startConnectProxy, startSocks5Proxy } from './loopback-proxies.ts';

const CREDENTIALS = { username: 'trader', password: 'p4ss' };

export const secretOf = (name: string) =>
  createHash('sha1').update(`live-world:${name}`).digest().toString('base64');

export function fakeAccount(login: string, n: number): FakeAccount {
  return {
    login,
    password: `pw-${login}`,
    steamId: (76561202255220000n + BigInt(n)).toString(),
    sharedSecret: secretOf(`${login}:shared`),
    personaName: login,
    offered: [3],
  };
}

export interface LiveWorld {
  fake: FakeSteam;
  trading: FakeTrading;
  store: ThrottleStore;
  http: LoopbackProxy;
  socks: LoopbackProxy;
  viaHttp(): SteamProxy;
  viaSocks(): SteamProxy;
  /** A second port over the same store: another area or process sharing the limits. */
  newPort(): SteamPort;
  port: SteamPort;
  sessionOf(who: FakeAccount, proxy: SteamProxy, port?: SteamPort): SteamTradeSession;
  close(): Promise<void>;
}

export async function startLiveWorld(
  accounts: FakeAccount[],
  options: {
    limits?: Partial<FakeTradingLimits>;
    confirmationSpacingMs?: number;
    inventorySpacingMs?: number;
    clock?: Clock;
    /** Where the slots and rests live (the database store shares them between processes); memory otherwise. */
    store?: ThrottleStore;
    /** Where the pacing limiters live (shared by every port of the world); memory otherwise. */
    pacingStore?: PacingStore;
    /** Pacing budgets replacing live Steam's (tests scale them). */
    budgets?: Partial<BudgetTable>;
  } = {},
): Promise<LiveWorld> {
  let fake: FakeSteam | null = null;
  const trading = createFakeTrading(() => fake!, options.limits);
  fake = await startFakeSteam(accounts, 0, undefined, trading.route);
  const started = fake;
  const http = await startConnectProxy(CREDENTIALS);
  const socks = await startSocks5Proxy(CREDENTIALS);
  for (const who of accounts) trading.identitySecrets.set(who.steamId, secretOf(`${who.login}:identity`));
  const store = options.store ?? new MemoryThrottleStore();
  // Every port of the world paces through the same limiters, as processes sharing one database do.
  const pacingStore = options.pacingStore ?? new MemoryPacingStore();
  const ports: SteamPort[] = [];
  const newPort = () => {
    const port = createSteamPort(
      { mode: 'live' },
      {
        throttleStore: store,
        pacingStore,
        loginSpacingMs: 0,
        // Sends go 1 s apart per account live; the world's tests are about other rules unless they say so.
        budgets: { 'offers-send': { ...LIVE_BUDGETS['offers-send'], account: null }, ...options.budgets },
        ...(options.clock ? { clock: options.clock } : {}),
        ...(options.confirmationSpacingMs !== undefined
          ? { confirmationSpacingMs: options.confirmationSpacingMs }
          : {}),
        ...(options.inventorySpacingMs !== undefined
          ? { inventorySpacingMs: options.inventorySpacingMs }
          : {}),
        live: {
          apiBase: `http://api.steam.test:${started.port}`,
          communityBase: `http://community.steam.test:${started.port}`,
          requestTimeoutMs: 3000,
          loginTimeoutMs: 5000,
        },
      },
    );
    ports.push(port);
    return port;
  };
  const port = newPort();
  const proxyOf = (proxy: LoopbackProxy, protocol: 'http' | 'socks5'): SteamProxy => ({
    protocol,
    host: '127.0.0.1',
    port: proxy.port,
    ...CREDENTIALS,
  });
  return {
    fake: started,
    trading,
    store,
    http,
    socks,
    viaHttp: () => proxyOf(http, 'http'),
    viaSocks: () => proxyOf(socks, 'socks5'),
    newPort,
    port,
    sessionOf: (who, proxy, on = port) =>
      on.tradeSession({
        steamId: who.steamId,
        refreshToken: started.issueRefreshToken(who.steamId, Math.floor(Date.now() / 1000) + 100 * 86400),
        proxy,
        identitySecret: trading.identitySecrets.get(who.steamId)!,
      }),
    async close() {
      for (const open of ports) await open.close();
      await Promise.all([started.close(), http.close(), socks.close()]);
    },
  };
}
