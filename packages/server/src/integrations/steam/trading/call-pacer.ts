/**
 * Spacing of Steam calls that Steam limits per account or per egress, kept in the shared throttle store so every
 * area (seller, harvester, manual confirm) and every server process takes its turn from the same row.
 *
 * - Confirmations: one mobileconf request (getlist, multiajaxop, ajaxop) per account every 10 s
 *   (ArchiSteamFarm `MobileAuthenticator.cs` ConfirmationsLimiterDelay; node-steamcommunity
 *   `startConfirmationChecker` advises no less than 10 s).
 * - Inventories: one inventory page per proxy every 4 s (ArchiSteamFarm InventoryLimiterDelay), which keeps an
 *   egress at 16 in any minute at most (both ends of the minute counted), well inside the ~60 a minute per IP Steam
 *   answers before it starts on 429s (node-steamcommunity PR #300).
 */
import type { Clock } from '../clock.ts';
import type { SteamProxy } from '../port.ts';
import { proxyKey } from '../proxy-agent.ts';
import type { ThrottleStore } from '../throttle-store.ts';

export const LIVE_CONFIRMATION_SPACING_MS = 10_000;
export const LIVE_INVENTORY_SPACING_MS = 4_000;
/** Inventory pages one proxy may read in any 60 s with the live spacing: one per 4 s, counting both ends. */
export const INVENTORY_BUDGET_PER_MINUTE = Math.floor(60_000 / LIVE_INVENTORY_SPACING_MS) + 1;

export interface CallSpacing {
  confirmationSpacingMs: number;
  inventorySpacingMs: number;
}

export const confirmationSlotKey = (steamId: string) => `confirm:${steamId}`;
export const inventorySlotKey = (proxy: SteamProxy) => `inventory:${proxyKey(proxy)}`;

export class CallPacer {
  constructor(
    private readonly store: ThrottleStore,
    private readonly clock: Clock,
    readonly spacing: CallSpacing,
  ) {}

  /** Runs a mobileconf call in the account's next confirmation turn. */
  confirmation<T>(steamId: string, call: () => Promise<T>): Promise<T> {
    return this.paced(confirmationSlotKey(steamId), this.spacing.confirmationSpacingMs, call);
  }

  /** Runs an inventory page read in the proxy's next inventory turn. */
  inventory<T>(proxy: SteamProxy, call: () => Promise<T>): Promise<T> {
    return this.paced(inventorySlotKey(proxy), this.spacing.inventorySpacingMs, call);
  }

  /**
   * The turn is taken when the call is about to go, not booked ahead: a caller that wakes late (a loaded
   * machine) starts the spacing from its real start. Once the call went, the turn is moved to the time it
   * really started (after the store answered), so the next caller never goes sooner than the spacing after it.
   */
  private async paced<T>(key: string, spacingMs: number, call: () => Promise<T>): Promise<T> {
    if (spacingMs <= 0) return call();
    let until: number;
    for (;;) {
      const turn = await this.store.takeTurn(key, this.clock.now(), spacingMs);
      if (turn.taken) {
        until = turn.until;
        break;
      }
      await this.clock.sleep(Math.max(1, turn.freeAt - this.clock.now()));
    }
    const startedAt = this.clock.now();
    try {
      return await call();
    } finally {
      if (startedAt + spacingMs > until) await this.store.moveTurn(key, until, startedAt + spacingMs);
    }
  }
}
