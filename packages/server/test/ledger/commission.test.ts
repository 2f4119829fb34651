/**
 * TM's commission of a sale is a fee entry of its own (docs/ledger.md, Sale states): the history row gives the
 * buyer's price (`paid`) and the seller's net (`received`); revenue is the price, the commission a fee beside it
 * in the same bucket, so the ledger's balance still equals what the market credits. The fee settles with its sale
 * and is taken back with it on a reversal. A row without `paid` writes revenue only, as before.
 */
import type { ProfitOutput } from '@tradedeck/sdk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyEntryOf } from '../../src/integrations/market/live/tm-json.ts';
import { ledgerApi, marketSaleOf } from '../../src/modules/ledger/index.ts';
import type { MarketSale } from '../../src/modules/ledger/writer.ts';
import { UserScope } from '../../src/security/user-scope.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { as, ok } from '../steam-trading/helpers.ts';

const DAY = 86_400_000;
const AK = 'AK-47 | Redline (Field-Tested)';
const AWP = 'AWP | Asiimov (Field-Tested)';
const GLOCK = 'Glock-18 | Fade (Factory New)';
const CARD = 'Gordon Freeman (Trading Card)';

let t: AuthTestApp;
let user: TestUser;
/** A market account id of this file's own (the ledger keeps it as a number). */
const ACCOUNT = { id: 7301, steamAccountId: 7302, login: 'commission_bot' };

beforeAll(async () => {
  t = await createAuthTestApp();
  user = await signedInUser(t, 'ledger-commission');
}, 120_000);

afterAll(() => t?.close());

function write(sales: MarketSale[], at: number) {
  const db = t.testDb.database.db;
  return new UserScope(db).run(user.id, (tx) =>
    ledgerApi({ post: async () => undefined }).write(tx, user.id, (writer) =>
      writer.marketSales(ACCOUNT, sales, new Date(at)),
    ),
  );
}

/** A TM history row read the way the live adapter reads it (notes market.md §2: integer units, Unix seconds). */
function row(
  item: string,
  name: string,
  paid: number | null,
  received: number,
  soldAt: number,
  heldDays: number,
) {
  const entry = historyEntryOf(
    {
      event: 'sell',
      stage: '2',
      item_id: item,
      market_hash_name: name,
      ...(paid === null ? {} : { paid }),
      received,
      currency: 'RUB',
      app: 730,
      time: Math.floor(soldAt / 1000),
      settlement: Math.floor((soldAt + heldDays * DAY) / 1000),
    },
    'RUB',
    'cs2',
  );
  return marketSaleOf(entry);
}

async function entries(): Promise<
  { item: string; kind: string; effect: string; bucket: string; amount: number }[]
> {
  const db = t.testDb.database.db;
  const result =
    (await db.execute(sql`select market_hash_name as item, kind, effect, bucket, amount::int as amount
    from ledger_entries where user_id = ${user.id} and market_account_id = ${ACCOUNT.id} order by id`)) as unknown as {
      rows: { item: string; kind: string; effect: string; bucket: string; amount: number }[];
    };
  return result.rows;
}

async function balance(): Promise<Record<string, number>> {
  const sums: Record<string, number> = { available: 0, held: 0 };
  for (const entry of await entries()) sums[entry.bucket] = (sums[entry.bucket] ?? 0) + entry.amount;
  return sums;
}

const profit = () =>
  ok<ProfitOutput>(as(t, user.accessToken, 'POST', '/api/ledger/profit', { by: 'item', currency: 'RUB' }));

describe('the market commission in the ledger', () => {
  it('reads the buyer price from the history row beside what the seller receives', () => {
    const at = Date.UTC(2026, 10, 1);
    expect(row('1', AK, 10_000, 9_500, at, 7)).toMatchObject({ amount: 9_500, paid: 10_000 });
    expect(row('2', AK, null, 9_500, at, 7)).toMatchObject({ amount: 9_500, paid: null });
  });

  it('writes revenue at the price and the commission as a fee, settling and reversing them with the sale', async () => {
    const now = t.clock.now();
    await write(
      [
        // Settled before the ledger saw it, held now, held then reversed, and one row without a price.
        row('11', AK, 10_000, 9_500, now - 12 * DAY, 7),
        row('12', AWP, 20_000, 19_000, now - 2 * DAY, 7),
        row('13', GLOCK, 8_000, 7_600, now - DAY, 7),
        row('14', CARD, null, 300, now - 10 * DAY, 7),
      ],
      now,
    );
    expect(await entries()).toEqual([
      { item: AK, kind: 'sale', effect: 'revenue', bucket: 'available', amount: 10_000 },
      { item: AK, kind: 'fee', effect: 'fee', bucket: 'available', amount: -500 },
      { item: AWP, kind: 'sale', effect: 'revenue', bucket: 'held', amount: 20_000 },
      { item: AWP, kind: 'fee', effect: 'fee', bucket: 'held', amount: -1_000 },
      { item: GLOCK, kind: 'sale', effect: 'revenue', bucket: 'held', amount: 8_000 },
      { item: GLOCK, kind: 'fee', effect: 'fee', bucket: 'held', amount: -400 },
      { item: CARD, kind: 'sale', effect: 'revenue', bucket: 'available', amount: 300 },
    ]);
    // What the market credits: 9,500 + 300 available, 19,000 + 7,600 held.
    expect(await balance()).toEqual({ available: 9_800, held: 26_600 });
    expect((await profit()).total).toMatchObject({
      revenue: { amount: 38_300 },
      fees: { amount: 1_900 },
      profit: { amount: 36_400 },
      realised: { amount: 9_800 },
      pending: { amount: 26_600 },
      held: { amount: 28_000 },
    });

    // The Glock's buyer reverses the trade (TM shows it cancelled); later the AWP's hold ends.
    const reversed = { ...row('13', GLOCK, 8_000, 7_600, now - DAY, 7), stage: 'cancelled' as const };
    await write([reversed], now + DAY);
    await write([row('12', AWP, 20_000, 19_000, now - 2 * DAY, 7)], now + 6 * DAY);
    const after = await entries();
    expect(after.filter((entry) => entry.item === GLOCK).slice(2)).toEqual(
      expect.arrayContaining([
        { item: GLOCK, kind: 'reversal', effect: 'revenue', bucket: 'held', amount: -8_000 },
        { item: GLOCK, kind: 'reversal', effect: 'fee', bucket: 'held', amount: 400 },
      ]),
    );
    expect(after.filter((entry) => entry.item === AWP && entry.bucket === 'available')).toEqual([
      { item: AWP, kind: 'sale', effect: 'revenue', bucket: 'available', amount: 20_000 },
      { item: AWP, kind: 'fee', effect: 'fee', bucket: 'available', amount: -1_000 },
    ]);
    expect(await balance()).toEqual({ available: 28_800, held: 0 });
    expect((await profit()).total).toMatchObject({
      revenue: { amount: 30_300 },
      fees: { amount: 1_500 },
      profit: { amount: 28_800 },
      realised: { amount: 28_800 },
      pending: { amount: 0 },
      held: { amount: 0 },
    });
  });
});
