/**
 * Spacing of Steam calls that Steam limits per account or per egress, kept in the shared throttle store so every
 * area (seller, harvester, manual confirm) and every server process takes its turn from the same slot row.
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

  /** Waits for the account's next confirmation slot. */
  confirmation(steamId: string): Promise<void> {
    return this.take(confirmationSlotKey(steamId), this.spacing.confirmationSpacingMs);
  }

  /** Waits for the proxy's next inventory slot. */
  inventory(proxy: SteamProxy): Promise<void> {
    return this.take(inventorySlotKey(proxy), this.spacing.inventorySpacingMs);
  }

  private async take(key: string, spacingMs: number): Promise<void> {
    if (spacingMs <= 0) return;
    const { startAt } = await this.store.reserveSlot(key, this.clock.now(), spacingMs);
    const wait = startAt - this.clock.now();
    if (wait > 0) await this.clock.sleep(wait);
  }
}
