/**
 * Profit reports kept between requests (modules/ledger/kept-profit.ts, docs/ledger.md "Benchmark"): a report read
 * once answers the same filter again until a transaction its snapshot did not see writes to the ledger of its
 * user, whichever server process wrote it. Two apps on one database play two server processes. A day total
 * written with the triggers off ("silently", as no writer can) is what shows a kept report is in use: it is read
 * only when a ledger write makes the report be read again.
 */
import type { ProfitOutput } from '@tradedeck/sdk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ledgerApi, type MarketSale } from '../../src/modules/ledger/index.ts';
import { UserScope } from '../../src/security/user-scope.ts';
import { type AuthTestApp, asTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInAdmin, signedInUser } from '../helpers/signed-in.ts';
import { as, ok } from '../steam-trading/helpers.ts';

const DAY = 86_400_000;

let t: AuthTestApp;
/** The second server process on the same database. */
let other: AuthTestApp;
let otherApp: FastifyInstance;
/** Approves the users of each test (the instance's first user). */
let admin: TestUser;

beforeAll(async () => {
  t = await createAuthTestApp();
  otherApp = await buildApp({ config: t.config, database: t.testDb.database, now: t.clock.now });
  await otherApp.ready();
  other = asTestApp({ app: otherApp, config: t.config, testDb: t.testDb, smtp: t.smtp, clock: t.clock });
  admin = await signedInAdmin(t);
}, 120_000);

afterAll(async () => {
  await otherApp?.close();
  await t?.close();
});

/** A market account of the test's own: the ledger keeps it as a number. */
function accountOf(n: number) {
  return { id: 7400 + n, steamAccountId: 7500 + n, login: `kept_${n}` };
}

/** A sale the market shows settled, `daysAgo` days back, for `amount` kopecks. */
function settled(item: string, amount: number, daysAgo: number): MarketSale {
  const time = new Date(t.clock.now() - daysAgo * DAY);
  return {
    itemId: item,
    marketHashName: `Kept ${item}`,
    game: 'cs2',
    stage: 'given',
    amount,
    currency: 'RUB',
    time,
    settlement: 0,
  };
}

/** Sales written through the ledger's writer, as a sales sync writes them. */
function sell(user: TestUser, account: number, sales: MarketSale[]) {
  return new UserScope(t.testDb.database.db).run(user.id, (tx) =>
    ledgerApi({ post: async () => undefined }).write(tx, user.id, (writer) =>
      writer.marketSales(accountOf(account), sales, new Date(t.clock.now())),
    ),
  );
}

/** Revenue added to a day total with the triggers off for its transaction: no change is noted. */
async function silentRevenue(user: TestUser, day: string, amount: number): Promise<void> {
  await t.testDb.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update ledger_days set amount = amount + ${amount} where user_id = ${user.id}
      and day = ${day} and currency = 'RUB' and effect = 'revenue' and realised`);
  });
}

/** Profit by day over the last week, asked with times that differ by the millisecond on each call. */
async function byDay(app: AuthTestApp, user: TestUser, extra: Record<string, unknown> = {}) {
  const now = t.clock.now() + Math.floor(Math.random() * 1000);
  return ok<ProfitOutput>(
    as(app, user.accessToken, 'POST', '/api/ledger/profit', {
      by: 'day',
      currency: 'RUB',
      from: new Date(now - 7 * DAY).toISOString(),
      to: new Date(now + DAY).toISOString(),
      ...extra,
    }),
  );
}

const revenueOf = (report: ProfitOutput) => report.total.revenue.amount;
const dayOf = (daysAgo: number) => new Date(t.clock.now() - daysAgo * DAY).toISOString().slice(0, 10);

describe('profit reports kept between requests', () => {
  it('answers the same report from the kept one until the ledger of its user is written, in any process', async () => {
    const user = await signedInUser(t, 'kept-profit', admin);
    await sell(user, 1, [settled('a1', 10_000, 2), settled('a2', 5_000, 3)]);
    expect(revenueOf(await byDay(t, user))).toBe(15_000);
    expect(revenueOf(await byDay(other, user))).toBe(15_000);

    // Unseen by the change log: both processes answer their kept reports, for any time within the same days.
    await silentRevenue(user, dayOf(2), 700);
    expect(revenueOf(await byDay(t, user))).toBe(15_000);
    expect(revenueOf(await byDay(other, user))).toBe(15_000);

    // A sale written in either process's transaction sends both to read again, and they see everything.
    await sell(user, 1, [settled('a3', 2_000, 1)]);
    expect(revenueOf(await byDay(t, user))).toBe(17_700);
    expect(revenueOf(await byDay(other, user))).toBe(17_700);
  });

  it("keeps one user's report apart from another's and from another filter", async () => {
    const first = await signedInUser(t, 'kept-first', admin);
    const second = await signedInUser(t, 'kept-second', admin);
    await sell(first, 2, [settled('b1', 4_000, 1)]);
    await sell(second, 3, [settled('c1', 9_000, 1)]);
    expect(revenueOf(await byDay(t, first))).toBe(4_000);
    // Another user's write leaves the first user's kept report in use.
    await silentRevenue(first, dayOf(1), 100);
    await sell(second, 3, [settled('c2', 1_000, 2)]);
    expect(revenueOf(await byDay(t, first))).toBe(4_000);
    expect(revenueOf(await byDay(t, second))).toBe(10_000);
    // Another filter of the same user (by month, another currency's view) is read, not answered from the day's.
    expect(revenueOf(await byDay(t, first, { by: 'month' }))).toBe(4_100);
  });
});
