import { sql } from 'drizzle-orm';
import type { LotView } from './types.ts';

/** What a lots list page reads of each lot: the columns its row on the wire is made of, and the login. */
export type LotListItem = Pick<
  LotView,
  | 'id'
  | 'sellerAccountId'
  | 'platform'
  | 'login'
  | 'itemId'
  | 'assetId'
  | 'marketHashName'
  | 'game'
  | 'rarity'
  | 'quantity'
  | 'currency'
  | 'price'
  | 'purchasePrice'
  | 'minPrice'
  | 'maxPrice'
  | 'profile'
  | 'strategy'
  | 'status'
  | 'issues'
  | 'listedAt'
  | 'priceUpdatedAt'
  | 'lastPriceWriteAt'
  | 'lastRepriceReason'
  | 'updatedAt'
>;

/**
 * The page's lot columns as one chunk of the statement, mapped by hand below: drizzle's per-field mapping of a
 * page of wide rows cost more CPU than everything else a list request does.
 */
export const LOT_PAGE_COLUMNS = sql.raw(
  [
    'id',
    'seller_account_id',
    'platform',
    'item_id',
    'asset_id',
    'market_hash_name',
    'game',
    'rarity',
    'quantity',
    'currency',
    'price',
    'purchase_price',
    'min_price',
    'max_price',
    'profile',
    'strategy',
    'status',
    'issues',
    'listed_at',
    'price_updated_at',
    'last_price_write_at',
    'last_reprice_reason',
    'updated_at',
  ]
    .map((column) => `lots.${column}`)
    .join(', '),
);

/** A row of the page statement as the driver gives it (bigints as text or numbers, timestamps as text). */
export interface LotPageRow extends Record<string, unknown> {
  id: number;
  seller_account_id: number;
  platform: string;
  login: string;
  item_id: string | null;
  asset_id: string;
  market_hash_name: string;
  game: string;
  rarity: string | null;
  quantity: number;
  currency: string;
  price: string | number | null;
  purchase_price: string | number | null;
  min_price: string | number | null;
  max_price: string | number | null;
  profile: string;
  strategy: unknown;
  status: string;
  issues: string[];
  listed_at: string | null;
  price_updated_at: string | null;
  last_price_write_at: string | null;
  last_reprice_reason: string | null;
  updated_at: string;
}

const units = (value: string | number | null): number | null => (value === null ? null : Number(value));
const at = (value: string | null): Date | null => (value === null ? null : new Date(value));

export function lotListItemOf(row: LotPageRow): LotListItem {
  return {
    id: row.id,
    sellerAccountId: row.seller_account_id,
    platform: row.platform,
    login: row.login,
    itemId: row.item_id,
    assetId: row.asset_id,
    marketHashName: row.market_hash_name,
    game: row.game,
    rarity: row.rarity,
    quantity: row.quantity,
    currency: row.currency,
    price: units(row.price),
    purchasePrice: units(row.purchase_price),
    minPrice: units(row.min_price),
    maxPrice: units(row.max_price),
    profile: row.profile,
    strategy: row.strategy,
    status: row.status,
    issues: row.issues,
    listedAt: at(row.listed_at),
    priceUpdatedAt: at(row.price_updated_at),
    lastPriceWriteAt: at(row.last_price_write_at),
    lastRepriceReason: row.last_reprice_reason,
    updatedAt: new Date(row.updated_at),
  };
}
