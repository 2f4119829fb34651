/**
 * Sandbox inventories: each account's items per game are derived from its login and the world seed (the same
 * login always starts with the same items) and made on first use; trades then move them. Received items get new
 * asset ids, as on Steam, and received CS2 items wait out Trade Protection in context 16, coming back to context
 * 2 under yet another asset id when it ends (notes §14).
 */
import { createHash } from 'node:crypto';
import {
  type InventoryItem,
  TRADE_GAME_KEYS,
  TRADE_GAMES,
  TRADE_PROTECTED_CONTEXT_ID,
  TRADE_PROTECTION_DAYS,
  type TradeGame,
  tradeGameOfApp,
} from '@tradedeck/sdk/domain';
import type { SandboxWorld } from '../sandbox-world.ts';
import { displayName, exteriorName, priceOf, SANDBOX_CATALOGUE } from './sandbox-catalogue.ts';

export interface SandboxAsset {
  assetId: string;
  game: TradeGame;
  appId: number;
  contextId: string;
  template: number;
  exterior: number | null;
  amount: number;
  /** Trade lock end (epoch ms), or null. */
  lockedUntil: number | null;
  /** Trade Protection end (epoch ms) for an item in the protected context, or null. */
  protectedUntil: number | null;
}

const DAY_MS = 24 * 60 * 60_000;
/** Default item counts per game when the world does not fix them: [least, most]. */
const DEFAULT_SIZES: Record<TradeGame, [number, number]> = {
  cs2: [40, 160],
  dota2: [10, 60],
  tf2: [5, 30],
  rust: [5, 40],
  community: [20, 80],
};
const MAX_GENERATED = 20_000;
/** Exterior odds from Factory New to Battle-Scarred. */
const WEAR_ODDS = [0.12, 0.25, 0.38, 0.12, 0.13];

/** A small seeded generator (mulberry32): fast enough for 200,000 items and the same on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const contextKey = (appId: number, contextId: string) => `${appId}/${contextId}`;

export class SandboxInventories {
  /** steamId -> "app/context" -> assetId -> asset (Map order is Steam's listing order). */
  readonly #owned = new Map<string, Map<string, Map<string, SandboxAsset>>>();
  readonly #made = new Set<string>();
  #nextAssetId = 900_000_000_000;

  constructor(private readonly world: SandboxWorld) {}

  /** The assets of one context, made on first use; protection that ended is settled first. */
  context(steamId: string, appId: number, contextId: string, now: number): Map<string, SandboxAsset> {
    const game = tradeGameOfApp(appId);
    if (game) this.make(steamId, game, now);
    if (game && TRADE_GAMES[game].protectedContextId) this.settleProtection(steamId, game, now);
    return this.bucket(steamId, contextKey(appId, contextId));
  }

  find(steamId: string, appId: number, contextId: string, assetId: string, now: number): SandboxAsset | null {
    return this.context(steamId, appId, contextId, now).get(assetId) ?? null;
  }

  remove(steamId: string, asset: SandboxAsset): void {
    this.bucket(steamId, contextKey(asset.appId, asset.contextId)).delete(asset.assetId);
  }

  /** Gives an asset to an account under a new asset id; CS2 items land in Trade Protection. */
  receive(steamId: string, asset: SandboxAsset, now: number): SandboxAsset {
    const info = TRADE_GAMES[asset.game];
    const protectedContext = info.protectedContextId;
    const moved: SandboxAsset = {
      ...asset,
      assetId: this.newAssetId(),
      contextId: protectedContext ?? info.contextId,
      protectedUntil: protectedContext ? now + TRADE_PROTECTION_DAYS * DAY_MS : null,
    };
    this.make(steamId, asset.game, now);
    this.bucket(steamId, contextKey(moved.appId, moved.contextId)).set(moved.assetId, moved);
    return moved;
  }

  toItem(asset: SandboxAsset, now: number): InventoryItem {
    const entry = SANDBOX_CATALOGUE[asset.game][asset.template]!;
    const locked = asset.lockedUntil !== null && asset.lockedUntil > now;
    const inProtection = asset.protectedUntil !== null;
    return {
      assetId: asset.assetId,
      classId: String(asset.appId * 1000 + asset.template * 10 + (asset.exterior ?? 0)),
      instanceId: '0',
      game: asset.game,
      appId: asset.appId,
      contextId: asset.contextId,
      amount: asset.amount,
      name: displayName(entry, asset.exterior),
      marketHashName: displayName(entry, asset.exterior),
      type: entry.type,
      iconUrl: null,
      exterior: entry.wears && asset.exterior !== null ? exteriorName(asset.exterior) : null,
      rarity: entry.rarity,
      tradable: !locked && !inProtection,
      marketable: !inProtection,
      tradableAfter: locked ? new Date(asset.lockedUntil!).toISOString() : null,
      protectedUntil: inProtection ? new Date(asset.protectedUntil!).toISOString() : null,
      referencePrice: { currency: 'USD', amount: priceOf(entry, asset.exterior) },
    };
  }

  isTradable(asset: SandboxAsset, now: number): boolean {
    return asset.protectedUntil === null && (asset.lockedUntil === null || asset.lockedUntil <= now);
  }

  private bucket(steamId: string, key: string): Map<string, SandboxAsset> {
    let contexts = this.#owned.get(steamId);
    if (!contexts) {
      contexts = new Map();
      this.#owned.set(steamId, contexts);
    }
    let assets = contexts.get(key);
    if (!assets) {
      assets = new Map();
      contexts.set(key, assets);
    }
    return assets;
  }

  private newAssetId(): string {
    this.#nextAssetId += 1;
    return String(this.#nextAssetId);
  }

  /** The starting items of an account's game inventory, derived from its login and the world seed. */
  private make(steamId: string, game: TradeGame, now: number): void {
    const key = `${steamId}/${game}`;
    if (this.#made.has(key)) return;
    this.#made.add(key);
    const account = this.world.findBySteamId(steamId);
    if (!account) return;
    const digest = createHash('sha1')
      .update(`${this.world.seed}:${account.login}:inventory:${game}`)
      .digest();
    const next = random(digest.readUInt32BE(0));
    const [least, most] = DEFAULT_SIZES[game];
    const size = Math.min(
      MAX_GENERATED,
      this.world.inventorySizes[game] ?? least + Math.floor(next() * (most - least + 1)),
    );
    const info = TRADE_GAMES[game];
    const catalogue = SANDBOX_CATALOGUE[game];
    const assets = this.bucket(steamId, contextKey(info.appId, info.contextId));
    const accountNumber = Number(BigInt(steamId) % 10_000_000n);
    const gameNumber = TRADE_GAME_KEYS.indexOf(game);
    for (let i = 0; i < size; i++) {
      const template = Math.floor(next() * catalogue.length);
      const entry = catalogue[template]!;
      const exterior = entry.wears ? pickWear(next()) : null;
      // A few CS2 items were bought recently and are still trade locked for some days.
      const locked = game === 'cs2' && next() < 0.06;
      const lockedUntil = locked ? now + (1 + Math.floor(next() * 7)) * DAY_MS : null;
      const assetId = String(10_000_000_000 + accountNumber * 100_000 + gameNumber * MAX_GENERATED + i);
      assets.set(assetId, {
        assetId,
        game,
        appId: info.appId,
        contextId: info.contextId,
        template,
        exterior,
        amount: 1,
        lockedUntil,
        protectedUntil: null,
      });
    }
  }

  /** Items whose protection ended go back to the game's context under a new asset id. */
  private settleProtection(steamId: string, game: TradeGame, now: number): void {
    const info = TRADE_GAMES[game];
    const protectedAssets = this.bucket(steamId, contextKey(info.appId, TRADE_PROTECTED_CONTEXT_ID));
    if (protectedAssets.size === 0) return;
    const main = this.bucket(steamId, contextKey(info.appId, info.contextId));
    for (const asset of [...protectedAssets.values()]) {
      if (asset.protectedUntil === null || asset.protectedUntil > now) continue;
      protectedAssets.delete(asset.assetId);
      const back = { ...asset, assetId: this.newAssetId(), contextId: info.contextId, protectedUntil: null };
      main.set(back.assetId, back);
    }
  }
}

function pickWear(roll: number): number {
  let sum = 0;
  for (const [index, odds] of WEAR_ODDS.entries()) {
    sum += odds;
    if (roll < sum) return index;
  }
  return WEAR_ODDS.length - 1;
}
