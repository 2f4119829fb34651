/**
 * The one way the ledger is written (docs/ledger.md): the owning areas call it inside the transaction of the event
 * it records (a sales sync, a transfer's outcome, a harvester transaction completed, a reversal), so the event and
 * its entries commit together. Every entry has a source key naming its event: written again, it is skipped.
 */
import { move } from '../../db/state-machine.ts';
import type { MarketHistoryEntry } from '../../integrations/market/index.ts';
import { averageCost, type CostPart, fifoCost } from './cost.ts';
import type { EntryRow, LedgerQueries, MarketAccountFacts, NewEntry, SaleRow } from './repo.ts';
import { pathTo, type SaleStatus, saleMachine } from './sale-machine.ts';

export const COST_METHODS = ['fifo', 'average'] as const;
export type CostMethod = (typeof COST_METHODS)[number];

/** One sale as the market's history shows it. */
export interface MarketSale {
  itemId: string;
  marketHashName: string;
  game: string;
  /** 'active' (not given yet, or given and held), 'given', 'cancelled'. */
  stage: 'active' | 'given' | 'cancelled';
  amount: number;
  currency: string;
  /**
   * What the buyer paid, in the same currency (TM `history.paid`), or null when the market did not say. Above
   * `amount` the difference is the market's commission: revenue is the price paid and the commission a fee.
   */
  paid?: number | null;
  time: Date;
  /** Unix seconds of the hold's end (0 when none). */
  settlement: number;
}

/** A sale row of the market's history as the ledger reads it: the seller's net, and the buyer's price beside it. */
export function marketSaleOf(entry: MarketHistoryEntry): MarketSale {
  return {
    itemId: entry.itemId,
    marketHashName: entry.marketHashName,
    game: entry.game,
    stage: entry.stage,
    amount: entry.received.amount,
    currency: entry.received.currency,
    paid: entry.paid?.currency === entry.received.currency ? entry.paid.amount : null,
    time: entry.time,
    settlement: entry.settlement,
  };
}

/** A sale the ledger saw reversed: what the reversal notification tells. */
export interface ReversedSale {
  sale: SaleRow;
  buyer: string | null;
}

/** A transfer between two own market accounts that the market answered sent. */
export interface SentTransfer {
  id: number;
  fromAccountId: number;
  toAccountId: number;
  amount: number;
  currency: string;
  receivedAmount: number | null;
  receivedCurrency: string;
  at: Date;
}

/** A harvester transaction Steam shows accepted: items moved from one own account to another. */
export interface ItemMove {
  id: number;
  sourceId: number;
  sourceLogin: string;
  targetId: number;
  targetLogin: string;
  game: string;
  items: readonly { name: string; amount: number }[];
  at: Date;
}

/** A purchase price the user recorded or imported. */
export interface Purchase {
  marketHashName: string;
  game: string;
  quantity: number;
  amount: number;
  currency: string;
  at: Date;
  /** Names the import line, so the same file imported twice records once. */
  sourceKey: string;
}

type Bucket = 'available' | 'held';

function saleBase(
  sale: SaleRow,
): Pick<
  NewEntry,
  'accountId' | 'accountLogin' | 'marketAccountId' | 'saleId' | 'marketHashName' | 'game' | 'occurredAt'
> {
  return {
    accountId: sale.accountId,
    accountLogin: sale.accountLogin,
    marketAccountId: sale.marketAccountId,
    saleId: sale.id,
    marketHashName: sale.marketHashName,
    game: sale.game,
    occurredAt: sale.soldAt,
  };
}

/** The major-per-major rate of an amount received in another currency, as a decimal string. */
function rateOf(sent: number, received: number, scaleFrom: number, scaleTo: number): string {
  return (received / scaleTo / (sent / scaleFrom)).toPrecision(8).replace(/\.?0+$/, '');
}

const SCALE: Record<string, number> = { RUB: 100, USD: 1000, EUR: 1000 };

export class LedgerWriter {
  /** Sales moved to reversed by this writer, for the caller's notification. */
  readonly reversed: ReversedSale[] = [];

  constructor(private readonly q: LedgerQueries) {}

  // --- sales ------------------------------------------------------------------------------------------------

  /** Brings each sale of the market's history to the state it shows, one declared move at a time. */
  async marketSales(
    account: Pick<MarketAccountFacts, 'id' | 'steamAccountId' | 'login'>,
    sales: readonly MarketSale[],
    now: Date,
  ): Promise<void> {
    for (const entry of sales) {
      let sale = await this.q.sale(account.id, entry.itemId);
      if (!sale) {
        // A sale cancelled before the item went moved nothing: it is not recorded.
        if (entry.stage === 'cancelled' && entry.settlement === 0) continue;
        sale = await this.q.insertSale({
          marketAccountId: account.id,
          accountId: account.steamAccountId,
          accountLogin: account.login,
          itemId: entry.itemId,
          marketHashName: entry.marketHashName,
          game: entry.game,
          currency: entry.currency,
          amount: entry.amount,
          status: 'sold',
          soldAt: entry.time,
          settlesAt: entry.settlement > 0 ? new Date(entry.settlement * 1000) : null,
        });
      }
      await this.advance(sale, targetOf(entry, now), now, null, commissionOf(entry));
    }
    await this.settleDue(now);
  }

  /** Held sales whose release time has come are settled. */
  async settleDue(now: Date): Promise<void> {
    for (const sale of await this.q.dueHeld(now)) await this.advance(sale, 'settled', now, null);
  }

  /** Sales of a market account whose Steam trade was rolled back (trade reversals' follow-up). */
  async reverseSales(marketAccountId: number, itemIds: readonly string[], buyer: string, at: Date) {
    for (const itemId of itemIds) {
      const sale = await this.q.sale(marketAccountId, itemId);
      if (sale) await this.advance(sale, 'reversed', at, buyer);
    }
  }

  private async advance(sale: SaleRow, target: SaleStatus, now: Date, buyer: string | null, commission = 0) {
    let row = sale;
    for (const to of pathTo(row.status as SaleStatus, target)) {
      const from = row.status as SaleStatus;
      const set: Partial<SaleRow> =
        to === 'settled' ? { settledAt: now } : to === 'reversed' ? { reversedAt: now, buyer } : {};
      const moved = await move(this.q.saleStatus, saleMachine, row, from, to, {
        set,
        event: (next) => this.entriesOfMove(next, from, to, commission),
      });
      if (!moved) return;
      row = moved;
    }
  }

  /**
   * The entries of one move: revenue, the market's commission and cost on delivery, held money landing,
   * everything taken back on reversal.
   */
  private async entriesOfMove(sale: SaleRow, from: SaleStatus, to: SaleStatus, commission: number) {
    if (from === 'delivered' && (to === 'held' || to === 'settled')) {
      const realised = to === 'settled';
      const bucket: Bucket = realised ? 'available' : 'held';
      const money = { ...saleBase(sale), realised, bucket, currency: sale.currency };
      // Revenue is the buyer's price and the commission a fee beside it: together they are what the market
      // credits (`received`), so the bucket still matches the market's balance.
      await this.q.append([
        {
          ...money,
          kind: 'sale',
          effect: 'revenue',
          amount: sale.amount + commission,
          sourceKey: `sale:${sale.id}`,
        },
        ...(commission > 0
          ? [
              {
                ...money,
                kind: 'fee',
                effect: 'fee',
                amount: -commission,
                sourceKey: `sale:${sale.id}:fee`,
              } as const,
            ]
          : []),
      ]);
      await this.cost(sale, realised);
      return;
    }
    if (from === 'held' && to === 'settled') {
      // The market moves the money from hold to the balance; revenue and cost become realised.
      const flips: NewEntry[] = [];
      for (const entry of await this.q.saleEntries(sale.id)) {
        if (entry.realised || !SALE_KINDS.has(entry.kind)) continue;
        flips.push(
          {
            ...copyOf(entry),
            amount: -entry.amount,
            quantity: -entry.quantity,
            kind: 'settlement',
            sourceKey: `${entry.sourceKey}:released`,
          },
          {
            ...copyOf(entry),
            realised: true,
            bucket: entry.bucket ? 'available' : null,
            kind: entry.kind,
            sourceKey: `${entry.sourceKey}:settled`,
          },
        );
      }
      // The released half keeps the cost kind, so the pool's sum still sees one unit taken.
      for (const flip of flips) if (flip.kind === 'settlement' && flip.bucket === null) flip.kind = 'cost';
      await this.q.append(flips);
      return;
    }
    if (to === 'reversed') {
      const backs: NewEntry[] = [];
      const open = await this.q.saleEntries(sale.id);
      // Each entry still standing (not taken back by a release) is taken back once.
      const standing = openEntries(open);
      for (const entry of standing)
        backs.push({
          ...copyOf(entry),
          // Revenue and the commission go back as a reversal (each keeps its effect); a cost returns to the pool.
          kind: entry.kind === 'cost' ? 'cost' : 'reversal',
          amount: -entry.amount,
          quantity: -entry.quantity,
          sourceKey: `${entry.sourceKey}:reversed`,
          occurredAt: sale.reversedAt ?? sale.soldAt,
        });
      await this.q.append(backs);
      if (from !== 'sold') this.reversed.push({ sale, buyer: sale.buyer });
    }
  }

  /** The sale's cost under each method from the item's pool; none when the pool is empty (flagged, not zero). */
  private async cost(sale: SaleRow, realised: boolean): Promise<void> {
    for (const method of COST_METHODS) await this.costOne(sale, method, realised);
  }

  /** Costs sales of these names that were sold before their purchase price was known, oldest first. */
  async costUncosted(names: readonly string[]): Promise<void> {
    for (const method of COST_METHODS)
      for (const sale of await this.q.uncosted(names, method))
        await this.costOne(sale, method, sale.status === 'settled');
  }

  /** One method's cost entries of one sale (a unit leaves the pool), or none when the pool has no unit left. */
  private async costOne(sale: SaleRow, method: CostMethod, realised: boolean): Promise<void> {
    const purchases = await this.q.purchases(sale.marketHashName);
    const use = await this.q.poolUse(sale.marketHashName, method);
    const one = method === 'fifo' ? fifoCost(purchases, use.units) : null;
    const parts: CostPart[] | null = method === 'fifo' ? (one ? [one] : null) : averageCost(purchases, use);
    if (!parts || parts.length === 0) return;
    await this.q.markCosted(sale.id);
    await this.q.append(
      parts.map((part, index) => ({
        ...saleBase(sale),
        kind: 'cost',
        effect: 'cost',
        realised,
        method,
        // One unit leaves the pool; a cost split over currencies counts it on its first part.
        quantity: index === 0 ? 1 : 0,
        amount: -part.amount,
        currency: part.currency,
        sourceKey: `sale:${sale.id}:cost:${method}:${part.currency}${realised ? ':settled' : ''}`,
      })),
    );
  }

  // --- purchases, transfers, moves, corrections -------------------------------------------------------------

  async purchases(rows: readonly Purchase[]): Promise<EntryRow[]> {
    const written = await this.q.append(
      rows.map((row) => ({
        kind: 'purchase',
        effect: 'none',
        marketHashName: row.marketHashName,
        game: row.game,
        quantity: row.quantity,
        amount: row.amount,
        currency: row.currency,
        sourceKey: row.sourceKey,
        occurredAt: row.at,
      })),
    );
    await this.costUncosted([...new Set(rows.map((row) => row.marketHashName))]);
    return written;
  }

  /**
   * Money between two own market accounts is not income: the sender's balance loses what was sent, the
   * receiver's gains what arrived. In one currency, what did not arrive is the market's fee (an expense); in two,
   * the rate the market used is kept on the receiving entry.
   */
  async transfer(transfer: SentTransfer): Promise<void> {
    const from = await this.q.marketAccount(transfer.fromAccountId);
    const to = await this.q.marketAccount(transfer.toAccountId);
    const base = { occurredAt: transfer.at, effect: 'none', bucket: 'available' } as const;
    const sameCurrency = transfer.currency === transfer.receivedCurrency;
    const fee =
      sameCurrency && transfer.receivedAmount !== null ? transfer.amount - transfer.receivedAmount : 0;
    const entries: NewEntry[] = [
      {
        ...base,
        kind: 'transfer',
        accountId: from?.steamAccountId ?? null,
        accountLogin: from?.login ?? null,
        marketAccountId: transfer.fromAccountId,
        amount: -(transfer.amount - fee),
        currency: transfer.currency,
        sourceKey: `transfer:${transfer.id}:out`,
      },
    ];
    if (fee > 0)
      entries.push({
        ...base,
        kind: 'fee',
        effect: 'fee',
        accountId: from?.steamAccountId ?? null,
        accountLogin: from?.login ?? null,
        marketAccountId: transfer.fromAccountId,
        amount: -fee,
        currency: transfer.currency,
        sourceKey: `transfer:${transfer.id}:fee`,
      });
    if (transfer.receivedAmount !== null)
      entries.push({
        ...base,
        kind: 'transfer',
        accountId: to?.steamAccountId ?? null,
        accountLogin: to?.login ?? null,
        marketAccountId: transfer.toAccountId,
        amount: transfer.receivedAmount,
        currency: transfer.receivedCurrency,
        rate: sameCurrency
          ? null
          : rateOf(
              transfer.amount,
              transfer.receivedAmount,
              SCALE[transfer.currency] ?? 1,
              SCALE[transfer.receivedCurrency] ?? 1,
            ),
        sourceKey: `transfer:${transfer.id}:in`,
      });
    await this.q.append(entries);
  }

  /** Items moved between own accounts keep their cost: the entries record the move, worth nothing to profit. */
  async itemMove(move: ItemMove, reversed = false): Promise<void> {
    const counts = new Map<string, number>();
    for (const item of move.items) counts.set(item.name, (counts.get(item.name) ?? 0) + item.amount);
    const suffix = reversed ? ':reversed' : '';
    const entries: NewEntry[] = [];
    for (const [name, count] of counts) {
      const sign = reversed ? -1 : 1;
      const common = {
        kind: reversed ? 'reversal' : 'move',
        effect: 'none',
        marketHashName: name,
        game: move.game,
        amount: 0,
        currency: 'USD',
        occurredAt: move.at,
      } as const;
      entries.push(
        {
          ...common,
          accountId: move.sourceId,
          accountLogin: move.sourceLogin,
          quantity: -count * sign,
          sourceKey: `move:${move.id}:${name}:out${suffix}`,
        },
        {
          ...common,
          accountId: move.targetId,
          accountLogin: move.targetLogin,
          quantity: count * sign,
          sourceKey: `move:${move.id}:${name}:in${suffix}`,
        },
      );
    }
    await this.q.append(entries);
  }

  /** A correction is a new entry beside the one it corrects, counted as that one is. */
  async correction(
    of: EntryRow,
    amount: number,
    note: string,
    at: Date,
    key: string,
  ): Promise<EntryRow | null> {
    const [row] = await this.q.append([
      {
        ...copyOf(of),
        kind: 'correction',
        amount,
        quantity: 0,
        correctsId: of.id,
        note,
        occurredAt: at,
        sourceKey: `correction:${key}`,
      },
    ]);
    return row ?? null;
  }

  /** The market's balance when the ledger first follows an account: its starting point, not income. */
  async opening(account: MarketAccountFacts, available: number, held: number, currency: string, at: Date) {
    const base = {
      kind: 'opening',
      effect: 'none',
      accountId: account.steamAccountId,
      accountLogin: account.login,
      marketAccountId: account.id,
      currency,
      occurredAt: at,
    } as const;
    await this.q.append([
      { ...base, bucket: 'available', amount: available, sourceKey: `opening:${account.id}:available` },
      { ...base, bucket: 'held', amount: held, sourceKey: `opening:${account.id}:held` },
    ]);
  }
}

function copyOf(entry: EntryRow): NewEntry {
  const { id: _id, userId: _user, createdAt: _created, ...rest } = entry;
  return rest;
}

/** The kinds a sale writes on delivery: its revenue, the market's commission, its cost. */
const SALE_KINDS = new Set(['sale', 'fee', 'cost']);

/** The market's commission of a sale: the buyer's price above what the seller receives, 0 when not told. */
function commissionOf(entry: MarketSale): number {
  return entry.paid != null && entry.paid > entry.amount ? entry.paid - entry.amount : 0;
}

/** Entries of a sale still counted: a sale, fee or cost entry not taken back by a later release. */
function openEntries(entries: readonly EntryRow[]): EntryRow[] {
  const released = new Set(
    entries
      .filter((entry) => entry.sourceKey.endsWith(':released'))
      .map((entry) => entry.sourceKey.slice(0, -9)),
  );
  return entries.filter(
    (entry) =>
      SALE_KINDS.has(entry.kind) &&
      !entry.sourceKey.endsWith(':released') &&
      !entry.sourceKey.endsWith(':reversed') &&
      !released.has(entry.sourceKey),
  );
}

/** The state a history row shows (notes market.md §2.1, §5): cancelled after the item went is a reversal. */
function targetOf(entry: MarketSale, now: Date): SaleStatus {
  if (entry.stage === 'cancelled') return 'reversed';
  const given = entry.stage === 'given' || entry.settlement > 0;
  if (!given) return 'sold';
  if (entry.settlement * 1000 > now.getTime()) return 'held';
  return 'settled';
}
