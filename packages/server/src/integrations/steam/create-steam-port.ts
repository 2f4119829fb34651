/**
 * Chooses the Steam adapter from the server mode. Sandbox is a labelled mode (`port.mode` is shown as a badge),
 * never a fallback: live mode never answers from the sandbox, whatever fails.
 */
import type { ServerConfig } from '../../config/config.ts';
import { type BudgetTable, LIVE_BUDGETS, SANDBOX_BUDGETS, spacingBudget } from '../../pacing/budgets.ts';
import { Pacer } from '../../pacing/pacer.ts';
import { MemoryPacingStore, type PacingStore } from '../../pacing/store.ts';
import { type Clock, systemClock } from './clock.ts';
import { GuardedSteamPort } from './guarded-port.ts';
import { LIVE_STEAM_DEFAULTS, LiveSteamAdapter, type LiveSteamOptions } from './live/live-adapter.ts';
import type { SteamPort } from './port.ts';
import { SandboxSteamAdapter } from './sandbox/sandbox-adapter.ts';
import { SandboxWorld } from './sandbox/sandbox-world.ts';
import { MemoryThrottleStore, type ThrottleStore } from './throttle-store.ts';

export interface SteamPortOptions {
  clock?: Clock;
  /** Shared across processes once it lives in the database; in memory by default. */
  throttleStore?: ThrottleStore;
  /** The pacing limiters (src/pacing): the database's on Postgres, shared by every process; memory by default. */
  pacingStore?: PacingStore;
  /** Budgets replacing the mode's own per class (tests and benches scale them). */
  budgets?: Partial<BudgetTable>;
  /** A fixed time between sign-ins through one proxy instead of the budget's (live 10 s, sandbox none). */
  loginSpacingMs?: number;
  /** A fixed time between two confirmation calls of one account instead of the budget's (live 10 s). */
  confirmationSpacingMs?: number;
  /** A fixed time between two inventory pages through one proxy instead of the budget's (live 60 a minute). */
  inventorySpacingMs?: number;
  live?: Partial<Omit<LiveSteamOptions, 'clock'>>;
  sandboxWorld?: SandboxWorld;
}

/** The mode's budget table with the options' replacements. */
export function budgetsOf(base: BudgetTable, options: SteamPortOptions): BudgetTable {
  const table: BudgetTable = { ...base, ...options.budgets };
  if (options.loginSpacingMs !== undefined) {
    table.login = { ...table.login, proxy: spacingBudget(options.loginSpacingMs) };
  }
  if (options.confirmationSpacingMs !== undefined) {
    table.confirmations = { ...table.confirmations, account: spacingBudget(options.confirmationSpacingMs) };
  }
  if (options.inventorySpacingMs !== undefined) {
    table.inventory = { ...table.inventory, proxy: spacingBudget(options.inventorySpacingMs) };
  }
  return table;
}

export function createSteamPort(
  config: Pick<ServerConfig, 'mode'>,
  options: SteamPortOptions = {},
): SteamPort {
  const clock = options.clock ?? systemClock;
  const store = options.throttleStore ?? new MemoryThrottleStore();
  const pacingStore = options.pacingStore ?? new MemoryPacingStore();
  if (config.mode === 'live') {
    const adapter = new LiveSteamAdapter({ ...LIVE_STEAM_DEFAULTS, ...options.live, clock });
    const pacer = new Pacer(pacingStore, clock, budgetsOf(LIVE_BUDGETS, options));
    return new GuardedSteamPort(adapter, { store, clock, pacer });
  }
  if (config.mode === 'sandbox') {
    const adapter = new SandboxSteamAdapter(options.sandboxWorld ?? new SandboxWorld(), clock);
    const pacer = new Pacer(pacingStore, clock, budgetsOf(SANDBOX_BUDGETS, options));
    return new GuardedSteamPort(adapter, { store, clock, pacer });
  }
  throw new Error(`Unknown Steam mode "${String(config.mode)}"`);
}
