/**
 * Chooses the market adapter: `TRADEDECK_MARKET_MODE` (else the server mode). Sandbox is a labelled mode
 * (`port.mode`), never a fallback: live mode never answers from the sandbox, whatever fails. The market mode is
 * separate from Steam's so the sandbox Steam world can sell on a real or a fake TM.
 */
import type { TradeGame } from '@tradedeck/sdk/domain';
import { DEFAULT_TM_BASE_URL, type ServerConfig } from '../../config/config.ts';
import { type Clock, systemClock } from '../steam/clock.ts';
import { ProxyAgentPool } from '../steam/proxy-agent.ts';
import { SandboxWorld } from '../steam/sandbox/sandbox-world.ts';
import type { WaxpeerPortOptions } from './create-waxpeer-port.ts';
import { LiveMarketAdapter } from './live/live-market-adapter.ts';
import { type MarketLog, TmClient, type TmClientOptions } from './live/tm-client.ts';
import { type MarketPacingStore, MemoryPacingStore } from './pacing-store.ts';
import type { MarketMode, MarketPort } from './port.ts';
import { SandboxMarket, type SandboxMarketOptions } from './sandbox/sandbox-market.ts';
import { SandboxMarketAdapter } from './sandbox/sandbox-market-adapter.ts';
import { SandboxMarketStateFile, sandboxMarketStatePath } from './sandbox/sandbox-market-state.ts';

export const LIVE_MARKET_DEFAULTS = {
  timeoutMs: 15_000,
  spacingMs: 330,
  maxQueueMs: 60_000,
  retryDelaysMs: [500, 2_000],
  restAfter429Ms: 60_000,
} as const satisfies Partial<TmClientOptions>;

/** The live client's tunables a caller may set (timeouts, spacing, retry pauses, a trusted CA). */
export type LiveMarketOptions = Partial<
  Pick<TmClientOptions, 'timeoutMs' | 'spacingMs' | 'maxQueueMs' | 'retryDelaysMs' | 'restAfter429Ms' | 'ca'>
>;

export interface MarketPortOptions {
  clock?: Clock;
  /** Shared by every process when it is the database store (`DbPacingStore`); in memory by default. */
  pacingStore?: MarketPacingStore;
  log?: MarketLog;
  /** The game of the configured TM host (market.csgo.com: CS2). */
  game?: TradeGame;
  live?: LiveMarketOptions;
  /** The sandbox Steam world buyers trade in: pass the Steam port's own, so our offers reach them. */
  sandboxWorld?: SandboxWorld;
  /** A sandbox market to reuse (tests, the demo); made over `sandboxWorld` otherwise. */
  sandboxMarket?: SandboxMarket;
  sandbox?: SandboxMarketOptions;
  /** Waxpeer's sandbox market (tests, the demo); made over `sandboxWorld` otherwise. */
  waxpeerSandboxMarket?: SandboxMarket;
  /** The live Waxpeer client's options (hosts, timeouts). */
  waxpeer?: Omit<WaxpeerPortOptions, 'clock' | 'pacingStore' | 'log'>;
}

export function marketModeOf(config: Pick<ServerConfig, 'mode' | 'marketMode'>): MarketMode {
  return config.marketMode ?? config.mode;
}

export function createMarketPort(
  config: Pick<
    ServerConfig,
    'mode' | 'marketMode' | 'tmBaseUrl' | 'sandboxJournal' | 'sandboxHistoryDelayMs'
  >,
  options: MarketPortOptions = {},
): MarketPort {
  const clock = options.clock ?? systemClock;
  const mode = marketModeOf(config);
  if (mode === 'live') {
    const client = new TmClient({
      ...LIVE_MARKET_DEFAULTS,
      ...options.live,
      baseUrl: config.tmBaseUrl ?? DEFAULT_TM_BASE_URL,
      store: options.pacingStore ?? new MemoryPacingStore(),
      agents: new ProxyAgentPool(options.live?.timeoutMs ?? LIVE_MARKET_DEFAULTS.timeoutMs),
      clock,
      ...(options.log ? { log: options.log } : {}),
    });
    return new LiveMarketAdapter(client, options.game ?? 'cs2', () => clock.now());
  }
  if (mode === 'sandbox') {
    // With a Steam journal the market keeps its state beside it, so the whole sandbox survives a restart.
    const stateFile = config.sandboxJournal
      ? new SandboxMarketStateFile(sandboxMarketStatePath(config.sandboxJournal))
      : null;
    const market =
      options.sandboxMarket ??
      new SandboxMarket(options.sandboxWorld ?? new SandboxWorld(), { ...options.sandbox, stateFile });
    const adapter = new SandboxMarketAdapter(market, clock);
    const port = stateFile ? sharedSandboxMarket(adapter, market) : adapter;
    return config.sandboxHistoryDelayMs ? slowHistory(port, config.sandboxHistoryDelayMs) : port;
  }
  throw new Error(`Unknown market mode "${String(mode)}"`);
}

/** A slow TM: each read of the sales history answers after `delayMs` (crash tests kill a server meanwhile). */
function slowHistory(port: MarketPort, delayMs: number): MarketPort {
  return new Proxy(port, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      const call = (...args: unknown[]) => (value as (...a: unknown[]) => unknown).apply(target, args);
      if (property !== 'history') return call;
      return async (...args: unknown[]) => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return call(...args);
      };
    },
  });
}

/**
 * The sandbox market as several server processes share it through its state file: each call runs whole on the
 * state the file holds now (the adapter's calls do all their work before their first await).
 */
function sharedSandboxMarket(adapter: SandboxMarketAdapter, market: SandboxMarket): MarketPort {
  return new Proxy(adapter, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        market.shared(() => (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
}
