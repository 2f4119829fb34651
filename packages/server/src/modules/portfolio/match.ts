/**
 * Follows holdings across a scan (docs/portfolio.md, "Matching"). Steam gives a CS2 item a new asset id when its
 * Trade Protection ends and it moves from context 16 to context 2 (notes steam.md §14, juliarose/
 * steam-tradeoffer-manager #8), so an asset id alone cannot follow it: an item under an id we have not seen is
 * matched to a protected holding that left context 16 by class, instance and name, the one whose protection ended
 * first. Nothing else is guessed: an item that matches no protected holding starts a holding of its own.
 */
import { TRADE_PROTECTED_CONTEXT_ID } from '@tradedeck/sdk/domain';
import type { HoldingRow } from './types.ts';

/** A scanned item as the matcher reads it. */
export interface ScannedAsset {
  appId: number;
  contextId: string;
  assetId: string;
  classId: string;
  instanceId: string;
  marketHashName: string;
  protectedUntil: Date | null;
}

export type HoldingRef = Pick<
  HoldingRow,
  | 'id'
  | 'appId'
  | 'contextId'
  | 'assetId'
  | 'classId'
  | 'instanceId'
  | 'marketHashName'
  | 'protectedUntil'
  | 'goneAt'
>;

export interface MatchPlan {
  /** Holdings seen again under the same asset id (revived when they had gone). */
  same: { holdingId: number; asset: ScannedAsset; revived: boolean }[];
  /** Protected holdings found again under a new asset id. */
  moved: { holdingId: number; asset: ScannedAsset }[];
  /** Items no holding accounts for. */
  fresh: ScannedAsset[];
  /** Holdings the scan no longer lists. */
  gone: number[];
}

const assetKey = (a: { appId: number; contextId: string; assetId: string }) =>
  `${a.appId}/${a.contextId}/${a.assetId}`;
const classKey = (a: { classId: string; instanceId: string; marketHashName: string }) =>
  `${a.classId}/${a.instanceId}/${a.marketHashName}`;

/**
 * `holdings`: the account's holdings of the scanned game that are held now, and those of the protected context
 * that left recently (a scan may list the item's new id after the one that lost the old).
 */
export function matchHoldings(holdings: readonly HoldingRef[], scanned: readonly ScannedAsset[]): MatchPlan {
  const byAsset = new Map(holdings.map((holding) => [assetKey(holding), holding]));
  const plan: MatchPlan = { same: [], moved: [], fresh: [], gone: [] };
  const claimed = new Set<number>();
  const unknown: ScannedAsset[] = [];
  for (const asset of scanned) {
    const holding = byAsset.get(assetKey(asset));
    if (holding && !claimed.has(holding.id)) {
      claimed.add(holding.id);
      plan.same.push({ holdingId: holding.id, asset, revived: holding.goneAt !== null });
    } else unknown.push(asset);
  }
  // Protected holdings no longer listed under their id, per class; the earliest end of protection first.
  const leftProtection = new Map<string, HoldingRef[]>();
  for (const holding of holdings) {
    if (claimed.has(holding.id) || holding.contextId !== TRADE_PROTECTED_CONTEXT_ID) continue;
    const list = leftProtection.get(classKey(holding)) ?? [];
    list.push(holding);
    leftProtection.set(classKey(holding), list);
  }
  for (const list of leftProtection.values())
    list.sort(
      (a, b) =>
        (a.protectedUntil?.getTime() ?? Number.POSITIVE_INFINITY) -
          (b.protectedUntil?.getTime() ?? Number.POSITIVE_INFINITY) || a.id - b.id,
    );
  for (const asset of unknown) {
    const candidate =
      asset.contextId === TRADE_PROTECTED_CONTEXT_ID
        ? undefined
        : leftProtection.get(classKey(asset))?.shift();
    if (candidate) {
      claimed.add(candidate.id);
      plan.moved.push({ holdingId: candidate.id, asset });
    } else plan.fresh.push(asset);
  }
  for (const holding of holdings)
    if (!claimed.has(holding.id) && holding.goneAt === null) plan.gone.push(holding.id);
  return plan;
}
