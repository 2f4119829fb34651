/**
 * One page of `/inventory/{steamid}/{appid}/{contextid}` as items: assets joined to their descriptions by
 * class and instance, with tradability, the trade lock date ("Tradable After", or `cache_expiration`) and, in
 * the Trade Protection context, the end of protection (notes §6, §11 C, §14).
 */
import {
  type InventoryItem,
  ITEM_EXTERIORS,
  type ItemExterior,
  TRADE_PROTECTED_CONTEXT_ID,
  tradeGameOfApp,
} from '@tradedeck/sdk/domain';
import type { InventoryPage } from '../../trading-port.ts';

interface RawAsset {
  appid?: number | string;
  contextid?: string;
  assetid?: string;
  classid?: string;
  instanceid?: string;
  amount?: string | number;
}

interface RawTag {
  category?: string;
  localized_tag_name?: string;
  name?: string;
}

interface RawDescription {
  classid?: string;
  instanceid?: string;
  name?: string;
  market_hash_name?: string;
  market_name?: string;
  type?: string;
  icon_url?: string;
  tradable?: number;
  marketable?: number;
  tags?: RawTag[];
  owner_descriptions?: { value?: string }[];
  descriptions?: { value?: string }[];
  cache_expiration?: string;
}

export type InventoryPageParse = { ok: true; page: InventoryPage } | { ok: false; problem: string };

const ICON_BASE = 'https://community.fastly.steamstatic.com/economy/image/';

export function parseInventoryPage(json: unknown, appId: number, contextId: string): InventoryPageParse {
  if (!json || typeof json !== 'object') return { ok: false, problem: 'not an inventory answer' };
  const body = json as {
    success?: number | boolean;
    assets?: RawAsset[];
    descriptions?: RawDescription[];
    more_items?: number | boolean;
    last_assetid?: string;
    total_inventory_count?: number;
  };
  if (body.success !== 1 && body.success !== true) return { ok: false, problem: 'success flag missing' };
  const game = tradeGameOfApp(appId);
  if (!game) return { ok: false, problem: `app ${appId} is not traded` };
  const descriptions = new Map<string, RawDescription>();
  for (const description of body.descriptions ?? []) {
    descriptions.set(`${description.classid}_${description.instanceid ?? '0'}`, description);
  }
  const items: InventoryItem[] = [];
  for (const asset of body.assets ?? []) {
    const description = descriptions.get(`${asset.classid}_${asset.instanceid ?? '0'}`);
    if (!asset.assetid || !asset.classid || !description) continue;
    const lockedUntil = tradeLockDate(description);
    const inProtection = String(asset.contextid ?? contextId) === TRADE_PROTECTED_CONTEXT_ID;
    items.push({
      assetId: asset.assetid,
      classId: asset.classid,
      instanceId: asset.instanceid ?? '0',
      game,
      appId,
      contextId: String(asset.contextid ?? contextId),
      amount: Math.max(1, Number(asset.amount ?? 1)),
      name: description.name ?? description.market_name ?? '',
      marketHashName: description.market_hash_name ?? description.market_name ?? description.name ?? '',
      type: description.type ?? '',
      iconUrl: description.icon_url ? `${ICON_BASE}${description.icon_url}` : null,
      exterior: exteriorOf(description.tags),
      rarity: tagValue(description.tags, 'Rarity'),
      tradable: description.tradable === 1 && !inProtection,
      marketable: description.marketable === 1,
      tradableAfter: inProtection ? null : lockedUntil,
      protectedUntil: inProtection ? (lockedUntil ?? protectionText(description)) : null,
      referencePrice: null,
    });
  }
  const total = Number(body.total_inventory_count ?? items.length);
  const moreItems = body.more_items === 1 || body.more_items === true;
  return {
    ok: true,
    page: {
      state: total === 0 && items.length === 0 ? 'empty' : 'listed',
      items,
      totalCount: Number.isFinite(total) ? total : items.length,
      moreItems,
      lastAssetId: moreItems ? (body.last_assetid ?? items.at(-1)?.assetId ?? null) : null,
    },
  };
}

function tagValue(tags: RawTag[] | undefined, category: string): string | null {
  const tag = tags?.find((item) => item.category === category);
  return tag?.localized_tag_name ?? tag?.name ?? null;
}

function exteriorOf(tags: RawTag[] | undefined): ItemExterior | null {
  const value = tagValue(tags, 'Exterior');
  return (ITEM_EXTERIORS as readonly string[]).includes(value ?? '') ? (value as ItemExterior) : null;
}

/** The trade lock end: `cache_expiration` when Steam gives it, else the "Tradable After" owner text. */
function tradeLockDate(description: RawDescription): string | null {
  if (description.cache_expiration) {
    const at = Date.parse(description.cache_expiration);
    if (Number.isFinite(at)) return new Date(at).toISOString();
  }
  for (const line of description.owner_descriptions ?? []) {
    const match = /Tradable(?:\/Marketable)? After (.+?)(?:\s*GMT)?\s*$/i.exec(stripHtml(line.value ?? ''));
    if (match) {
      const parsed = steamDate(match[1]!);
      if (parsed) return parsed;
    }
  }
  return null;
}

/** "Trade Protected until Jul 30, 2025 (7:00:00) GMT" in the protected context's texts. */
function protectionText(description: RawDescription): string | null {
  for (const line of [...(description.owner_descriptions ?? []), ...(description.descriptions ?? [])]) {
    const match = /Protected (?:until|Until) (.+?)(?:\s*GMT)?\s*$/.exec(stripHtml(line.value ?? ''));
    if (match) {
      const parsed = steamDate(match[1]!);
      if (parsed) return parsed;
    }
  }
  return null;
}

/** Steam writes "Jul 30, 2025 (7:00:00)" (or day first, "30 Jul, 2025 (7:00:00)"), always GMT. */
export function steamDate(text: string): string | null {
  const cleaned = text.replace(/[()]/g, ' ').replace(/,/g, ' ').replace(/\s+/g, ' ').trim();
  const monthFirst = /^([A-Za-z]{3})[a-z]* (\d{1,2}) (\d{4})(?: (\d{1,2}):(\d{2}):(\d{2}))?$/.exec(cleaned);
  const dayFirst = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4})(?: (\d{1,2}):(\d{2}):(\d{2}))?$/.exec(cleaned);
  const parts = monthFirst
    ? { month: monthFirst[1]!, day: monthFirst[2]!, rest: monthFirst.slice(3) }
    : dayFirst
      ? { month: dayFirst[2]!, day: dayFirst[1]!, rest: dayFirst.slice(3) }
      : null;
  if (!parts) return null;
  const month = MONTHS.indexOf(parts.month.toLowerCase());
  if (month < 0) return null;
  const [year, hour, minute, second] = parts.rest.map((value) => Number(value ?? 0));
  const at = Date.UTC(year!, month, Number(parts.day), hour ?? 0, minute ?? 0, second ?? 0);
  return Number.isFinite(at) ? new Date(at).toISOString() : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function stripHtml(value: string): string {
  return value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
