/**
 * The live Waxpeer adapter: the shared market client (pacing slots from the same store as TM, retries by class)
 * pointed at Waxpeer's API v1 with the key as `api=`, and the trade socket's host.
 */
import type { TradeGame } from '@tradedeck/sdk/domain';
import {
  DEFAULT_WAXPEER_BASE_URL,
  DEFAULT_WAXPEER_SOCKET_URL,
  type ServerConfig,
} from '../../config/config.ts';
import { type Clock, systemClock } from '../steam/clock.ts';
import { ProxyAgentPool } from '../steam/proxy-agent.ts';
import { SandboxWorld } from '../steam/sandbox/sandbox-world.ts';
import {
  LIVE_MARKET_DEFAULTS,
  type LiveMarketOptions,
  type MarketPortOptions,
  marketModeOf,
} from './create-market-port.ts';
import { type MarketLog, TmClient } from './live/tm-client.ts';
import { type WaxpeerAdapterOptions, WaxpeerMarketAdapter } from './live/waxpeer-adapter.ts';
import { waxpeerReasonOf } from './live/waxpeer-errors.ts';
import { type MarketPacingStore, MemoryPacingStore } from './pacing-store.ts';
import type { MarketPort } from './port.ts';
import { SandboxMarket } from './sandbox/sandbox-market.ts';
import { SandboxMarketAdapter } from './sandbox/sandbox-market-adapter.ts';

export { DEFAULT_WAXPEER_BASE_URL, DEFAULT_WAXPEER_SOCKET_URL };
/**
 * Calls of one key at most every 3 s: the lowest per-endpoint limit published for a call we make
 * (`/list-items-steam` 20 a minute, a single third-party source; notes waxpeer.md), taken for every call.
 */
export const WAXPEER_SPACING_MS = 3_000;

export interface WaxpeerPortOptions {
  baseUrl?: string;
  socketUrl?: string;
  clock?: Clock;
  pacingStore?: MarketPacingStore;
  log?: MarketLog;
  game?: TradeGame;
  live?: LiveMarketOptions;
  socket?: WaxpeerAdapterOptions['socket'];
  /** The clock of per-item write slots (tests move it). */
  now?: () => number;
}

export function createWaxpeerPort(options: WaxpeerPortOptions = {}): WaxpeerMarketAdapter {
  const clock = options.clock ?? systemClock;
  const store = options.pacingStore ?? new MemoryPacingStore();
  const timeoutMs = options.live?.timeoutMs ?? LIVE_MARKET_DEFAULTS.timeoutMs;
  const agents = new ProxyAgentPool(timeoutMs);
  const client = new TmClient({
    ...LIVE_MARKET_DEFAULTS,
    spacingMs: WAXPEER_SPACING_MS,
    ...options.live,
    baseUrl: options.baseUrl ?? DEFAULT_WAXPEER_BASE_URL,
    apiPath: 'v1',
    keyParam: 'api',
    reasonOf: waxpeerReasonOf,
    store,
    agents,
    clock,
    ...(options.log ? { log: options.log } : {}),
  });
  return new WaxpeerMarketAdapter({
    client,
    store,
    agents,
    socketUrl: options.socketUrl ?? DEFAULT_WAXPEER_SOCKET_URL,
    now: options.now ?? (() => clock.now()),
    ...(options.game ? { game: options.game } : {}),
    ...(options.socket ? { socket: options.socket } : {}),
  });
}

/**
 * Waxpeer beside TM, in the same mode: the live client, or in sandbox mode a second simulated market over the
 * same sandbox Steam world (its own listings and buyers, Waxpeer's 6-minute `send_until`).
 */
export function createWaxpeerMarketPort(
  config: Pick<ServerConfig, 'mode' | 'marketMode' | 'waxpeerBaseUrl' | 'waxpeerSocketUrl'>,
  options: MarketPortOptions = {},
): MarketPort {
  const clock = options.clock ?? systemClock;
  if (marketModeOf(config) === 'sandbox') {
    const market =
      options.waxpeerSandboxMarket ??
      new SandboxMarket(options.sandboxWorld ?? new SandboxWorld(), { ...options.sandbox });
    return new SandboxMarketAdapter(market, clock, 'waxpeer');
  }
  return createWaxpeerPort({
    ...(config.waxpeerBaseUrl ? { baseUrl: config.waxpeerBaseUrl } : {}),
    ...(config.waxpeerSocketUrl ? { socketUrl: config.waxpeerSocketUrl } : {}),
    ...options.waxpeer,
    clock,
    ...(options.pacingStore ? { pacingStore: options.pacingStore } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
}
