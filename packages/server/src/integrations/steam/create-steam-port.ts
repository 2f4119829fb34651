/**
 * Chooses the Steam adapter from the server mode. Sandbox is a labelled mode (`port.mode` is shown as a badge),
 * never a fallback: live mode never answers from the sandbox, whatever fails.
 */
import type { ServerConfig } from '../../config/config.ts';
import { type Clock, systemClock } from './clock.ts';
import { GuardedSteamPort } from './guarded-port.ts';
import { LIVE_STEAM_DEFAULTS, LiveSteamAdapter, type LiveSteamOptions } from './live/live-adapter.ts';
import type { SteamPort } from './port.ts';
import { SandboxSteamAdapter } from './sandbox/sandbox-adapter.ts';
import { SandboxWorld } from './sandbox/sandbox-world.ts';
import { MemoryThrottleStore, type ThrottleStore } from './throttle-store.ts';
import { LIVE_CONFIRMATION_SPACING_MS, LIVE_INVENTORY_SPACING_MS } from './trading/call-pacer.ts';

/** ASF's default spacing between two logins (notes §2). */
export const LIVE_LOGIN_SPACING_MS = 10_000;

export interface SteamPortOptions {
  clock?: Clock;
  /** Shared across processes once it lives in the database; in memory by default. */
  throttleStore?: ThrottleStore;
  /** Minimum time between sign-ins through one proxy (live default 10 s, sandbox 0). */
  loginSpacingMs?: number;
  /** Minimum time between two confirmation calls of one account (live default 10 s, sandbox 0). */
  confirmationSpacingMs?: number;
  /** Minimum time between two inventory pages through one proxy (live default 4 s, sandbox 0). */
  inventorySpacingMs?: number;
  live?: Partial<Omit<LiveSteamOptions, 'clock'>>;
  sandboxWorld?: SandboxWorld;
}

export function createSteamPort(
  config: Pick<ServerConfig, 'mode'>,
  options: SteamPortOptions = {},
): SteamPort {
  const clock = options.clock ?? systemClock;
  const store = options.throttleStore ?? new MemoryThrottleStore();
  if (config.mode === 'live') {
    const adapter = new LiveSteamAdapter({ ...LIVE_STEAM_DEFAULTS, ...options.live, clock });
    return new GuardedSteamPort(adapter, {
      store,
      clock,
      loginSpacingMs: options.loginSpacingMs ?? LIVE_LOGIN_SPACING_MS,
      spacing: {
        confirmationSpacingMs: options.confirmationSpacingMs ?? LIVE_CONFIRMATION_SPACING_MS,
        inventorySpacingMs: options.inventorySpacingMs ?? LIVE_INVENTORY_SPACING_MS,
      },
    });
  }
  if (config.mode === 'sandbox') {
    const adapter = new SandboxSteamAdapter(options.sandboxWorld ?? new SandboxWorld(), clock);
    return new GuardedSteamPort(adapter, {
      store,
      clock,
      loginSpacingMs: options.loginSpacingMs ?? 0,
      spacing: {
        confirmationSpacingMs: options.confirmationSpacingMs ?? 0,
        inventorySpacingMs: options.inventorySpacingMs ?? 0,
      },
    });
  }
  throw new Error(`Unknown Steam mode "${String(config.mode)}"`);
}
