/**
 * Trades of ours followed through their Trade Protection window against the fake Steam's trade history, reached
 * only through loopback HTTP CONNECT and SOCKS5 proxies by the live adapter: a harvester transaction and a seller
 * delivery whose trade is rolled back (status 12, the offer still accepted) end `reversed` with a notification and
 * the sale leaves the settled totals; a trade past its window is no longer read; a check cut short resumes.
 */
import { createHash } from 'node:crypto';
import { saleFiltersSchema } from '@tradedeck/sdk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  harvesterTransactions,
  lotSales,
  lots,
  notifications,
  sellerDeliveries,
  steamTradeIntents,
  steamTradeWatches,
} from '../../src/db/schema.ts';
import {
  createSteamPort,
  type SteamPort,
  type SteamProxy,
  type SteamTradeSession,
} from '../../src/integrations/steam/index.ts';
import { SaleQueries } from '../../src/modules/lots/sale-repo.ts';
import { NotificationsRepo } from '../../src/modules/notifications/repo.ts';
import { NotificationsService } from '../../src/modules/notifications/service.ts';
import type { SteamTradingApi } from '../../src/modules/steam-trading/index.ts';
import {
  type ReversalDeps,
  reversalDeps,
  runReversalCheck,
  superviseReversals,
} from '../../src/modules/trade-reversals/index.ts';
import { UserScope } from '../../src/security/user-scope.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  insertDelivery,
  insertHarvesterTransaction,
  insertIntent,
  insertSellerAccount,
  insertSteamAccount,
  insertUser,
} from '../helpers/trading-rows.ts';
import { type FakeAccount, type FakeSteam, startFakeSteam } from '../steam/helpers/fake-steam.ts';
import { chainRoutes, createFakeTradeHistory } from '../steam/helpers/fake-steam-trade-history.ts';
import {
  type LoopbackProxy,
  startConnectProxy,
  startSocks5Proxy,
} from '../steam/helpers/loopback-proxies.ts';
import { waitFor } from '../steam-trading/helpers.ts';

const QUEUE = 'trade-reversals-test';
const CREDENTIALS = { username: 'watcher', password: 'p4ss' };
const account = (login: string, n: number): FakeAccount => ({
  login,
  password: `pw-${login}`,
  steamId: (76561202255310000n + BigInt(n)).toString(),
  sharedSecret: createHash('sha1').update(`reversal-test:${login}`).digest().toString('base64'),
  personaName: login,
  offered: [3],
});
const FARM = account('farm_a', 1);
const MAIN = account('main_a', 2);
const SELLER = account('seller_a', 3);
const FARM_B = account('farm_b', 4);
const FARM_C = account('farm_c', 5);
const BUYER = '76561199000000042';

let fake: FakeSteam;
const history = createFakeTradeHistory(() => fake);
let httpProxy: LoopbackProxy;
let socksProxy: LoopbackProxy;
let port: SteamPort;
let t: TestApp;
let deps: ReversalDeps;
let userId: string;
/** The check's clock: moved by the tests, so a window can end without waiting a week. */
let clock = Date.now();
/** Throws once on the history read of this Steam account (a process dying in the middle of a check). */
let crashOn: string | null = null;
const ids = new Map<string, number>();
/** What the reversals handed to the areas' announcers (their live events). */
const announced: string[] = [];
let sellerAccountId = 0;
const sessions = new Map<number, SteamTradeSession>();

function proxyOf(who: FakeAccount): SteamProxy {
  const socks = who === SELLER || who === FARM_C;
  return {
    protocol: socks ? 'socks5' : 'http',
    host: '127.0.0.1',
    port: socks ? socksProxy.port : httpProxy.port,
    ...CREDENTIALS,
  };
}

/** The account's trade session on the live port, as the trading area opens it for the account's proxy. */
function sessionOf(accountId: number): SteamTradeSession {
  let session = sessions.get(accountId);
  if (!session) {
    const who = [FARM, MAIN, SELLER, FARM_B, FARM_C].find((item) => ids.get(item.login) === accountId)!;
    session = port.tradeSession({
      steamId: who.steamId,
      refreshToken: fake.issueRefreshToken(who.steamId, Math.floor(Date.now() / 1000) + 100 * 86400),
      proxy: proxyOf(who),
    });
    sessions.set(accountId, session);
  }
  return session;
}

const steam: Pick<SteamTradingApi, 'tradeHistory' | 'tradeStatus'> = {
  async tradeHistory(_userId, accountId, input) {
    const session = sessionOf(accountId);
    if (crashOn === session.steamId) {
      crashOn = null;
      throw new Error('process died');
    }
    const got = await session.tradeHistory(input);
    return got.ok ? { ok: true, value: got.page } : { ok: false, reason: got.reason };
  },
  async tradeStatus(_userId, accountId, tradeId) {
    const got = await sessionOf(accountId).tradeStatus(tradeId);
    return got.ok ? { ok: true, value: got.trade } : { ok: false, reason: got.reason };
  },
};

const db = () => t.testDb.database.db;
const asset = (assetid: string) => ({ appid: 730, contextid: '2', assetid });
const item = (assetId: string) => ({ appId: 730, contextId: '2', assetId, amount: 1 });

async function addAccount(who: FakeAccount): Promise<number> {
  const id = await insertSteamAccount(db(), userId, who);
  ids.set(who.login, id);
  return id;
}

/** A harvester transaction the target accepted (completed), from `source` to MAIN with these items. */
function completedTransaction(source: FakeAccount, assetIds: string[]): Promise<number> {
  return insertHarvesterTransaction(db(), userId, {
    sourceId: ids.get(source.login)!,
    sourceLogin: source.login,
    targetId: ids.get(MAIN.login)!,
    targetLogin: MAIN.login,
    status: 'completed',
    items: assetIds.map(item),
    itemCount: assetIds.length,
    reference: `ref-${source.login}-${assetIds[0]}`,
    offerId: `40000${assetIds[0]}`,
  });
}

const transactionStatus = async (id: number) =>
  (await db().select().from(harvesterTransactions).where(eq(harvesterTransactions.id, id)))[0]!.status;
const watchOf = async (subject: 'harvester' | 'delivery' | 'move', subjectId: number) =>
  (
    await db()
      .select()
      .from(steamTradeWatches)
      .where(and(eq(steamTradeWatches.subject, subject), eq(steamTradeWatches.subjectId, subjectId)))
  )[0];
const reversalNotices = async () =>
  (await db().select().from(notifications).where(eq(notifications.kind, 'tradeReversed'))).map(
    (row) => row.params as { subject: string; subjectId: number; tradeId: string },
  );

/** One supervisor pass a minute later than the last, and the queued check run to its end. */
async function pass(): Promise<void> {
  clock += 61_000;
  const job = await superviseReversals(deps);
  if (!job) return;
  await waitFor(async () => {
    const state = await t.app.jobs.state(QUEUE, job);
    return state?.state === 'completed' ? state : null;
  }, 60_000);
}

beforeAll(async () => {
  fake = await startFakeSteam(
    [FARM, MAIN, SELLER, FARM_B, FARM_C],
    0,
    undefined,
    chainRoutes(() => history.route),
  );
  httpProxy = await startConnectProxy(CREDENTIALS);
  socksProxy = await startSocks5Proxy(CREDENTIALS);
  port = createSteamPort(
    { mode: 'live' },
    {
      loginSpacingMs: 0,
      live: {
        apiBase: `http://api.steam.test:${fake.port}`,
        communityBase: `http://community.steam.test:${fake.port}`,
        requestTimeoutMs: 5000,
        loginTimeoutMs: 5000,
      },
    },
  );
  t = await createTestApp();
  userId = await insertUser(db(), 'reversals');
  for (const who of [FARM, MAIN, SELLER, FARM_B, FARM_C]) await addAccount(who);
  const service = new NotificationsService(
    new NotificationsRepo(new UserScope(db())),
    t.app.hubs.eventLog,
    () => clock,
  );
  deps = reversalDeps({
    database: t.testDb.database,
    steamTrading: steam,
    notifications: { post: async (user, post, within) => void (await service.post(user, post, within)) },
    announce: {
      harvester: async (_user, sessionId, transactionId) =>
        void announced.push(`harvester ${sessionId}/${transactionId}`),
      delivery: async (_user, row) => void announced.push(`delivery ${row.id} ${row.status}`),
    },
    jobs: t.app.jobs,
    now: () => clock,
    timing: { superviseEveryMs: 60_000, checkEveryMs: 0, accountSpacingMs: 0 },
    log: t.app.log,
    queue: QUEUE,
  });
  await t.app.jobs.work(QUEUE, (job) => runReversalCheck(deps, job));
}, 60_000);

afterAll(async () => {
  await t?.close();
  await port?.close();
  await Promise.all([fake?.close(), httpProxy?.close(), socksProxy?.close()]);
});

afterEach(() => {
  expect(fake.leaks).toEqual([]);
});

// One walk on one clock: the seller account of the first test, and each test's clock past the last one's window,
// carry to the next, so the order is kept under shuffle.
describe('a rolled-back trade of ours', { shuffle: false }, () => {
  it('ends the harvester transaction and the seller delivery reversed, notified, the sale out of the totals', async () => {
    const transactionId = await completedTransaction(FARM, ['1001', '1002']);
    sellerAccountId = await insertSellerAccount(db(), userId, ids.get(SELLER.login)!);
    await db().insert(lots).values({
      userId,
      sellerAccountId,
      itemId: 'tm-555',
      assetId: '2001',
      classId: '1',
      instanceId: '0',
      marketHashName: 'AK-47 | Slate (Field-Tested)',
      game: 'cs2',
      currency: 'RUB',
      strategy: {},
      status: 'ready_to_trade',
    });
    const delivery = await insertDelivery(db(), userId, sellerAccountId, {
      partnerSteamId: BUYER,
      items: [item('2001')],
    });
    await db().insert(lotSales).values({
      userId,
      sellerAccountId,
      itemId: 'tm-555',
      marketHashName: 'AK-47 | Slate (Field-Tested)',
      game: 'cs2',
      currency: 'RUB',
      price: 12_345,
      soldAt: new Date(),
      state: 'settled',
    });
    const move = await insertIntent(db(), userId, ids.get(MAIN.login)!, {
      reference: 'own-move-1',
      status: 'done',
      partnerSteamId: FARM.steamId,
      offerId: '777000',
      offerState: 2,
      request: { itemsToGive: [item('6001')], itemsToReceive: [], message: null },
      completedAt: new Date(),
    });
    // The delivery is watched from its intent on, so the sold lot's market id is kept before the lot goes.
    await pass();
    expect((await watchOf('delivery', delivery))?.saleItemIds).toEqual(['tm-555']);
    await db().delete(lots);
    await db().update(sellerDeliveries).set({ status: 'ready', offerId: '555000' });

    const harvest = history.trade({
      tradeid: '7100000001',
      sender: FARM.steamId,
      partner: MAIN.steamId,
      senderGave: [asset('1001'), asset('1002')],
      senderGot: [],
    });
    const sale = history.trade({
      tradeid: '7100000002',
      sender: SELLER.steamId,
      partner: BUYER,
      senderGave: [asset('2001')],
      senderGot: [],
    });
    const moved = history.trade({
      tradeid: '7100000006',
      sender: MAIN.steamId,
      partner: FARM.steamId,
      senderGave: [asset('6001')],
      senderGot: [],
    });
    await pass();
    expect((await watchOf('harvester', transactionId))?.tradeId).toBe(harvest.tradeid);
    expect((await watchOf('move', move))?.tradeId).toBe(moved.tradeid);
    expect((await watchOf('delivery', delivery))?.tradeId).toBe(sale.tradeid);
    expect(await transactionStatus(transactionId)).toBe('completed');
    expect(await reversalNotices()).toEqual([]);

    const harvestBack = history.rollBack(harvest.tradeid);
    const saleBack = history.rollBack(sale.tradeid);
    history.rollBack(moved.tradeid);
    await pass();

    expect(await transactionStatus(transactionId)).toBe('reversed');
    const [deliveryRow] = await db().select().from(sellerDeliveries).where(eq(sellerDeliveries.id, delivery));
    expect(deliveryRow!.status).toBe('reversed');
    const [saleRow] = await db().select().from(lotSales).where(eq(lotSales.itemId, 'tm-555'));
    expect(saleRow!.state).toBe('reversed');
    expect(await watchOf('harvester', transactionId)).toMatchObject({
      status: 'reversed',
      rollbackTradeId: harvestBack.tradeid,
    });
    expect(await watchOf('delivery', delivery)).toMatchObject({
      status: 'reversed',
      rollbackTradeId: saleBack.tradeid,
    });
    const [transactionRow] = await db()
      .select()
      .from(harvesterTransactions)
      .where(eq(harvesterTransactions.id, transactionId));
    expect(announced.sort()).toEqual(
      [`delivery ${delivery} reversed`, `harvester ${transactionRow!.sessionId}/${transactionId}`].sort(),
    );
    const [intent] = await db().select().from(steamTradeIntents).where(eq(steamTradeIntents.id, move));
    expect(intent!.status).toBe('reversed');
    // The market still calling the sale settled does not bring its money back into the totals.
    const totals = await db().transaction(async (tx) => {
      const sales = new SaleQueries(tx, userId);
      const { id: _id, userId: _user, ...sold } = saleRow!;
      await sales.upsert([{ ...sold, state: 'settled' }]);
      return sales.totals(saleFiltersSchema.parse({}));
    });
    expect(totals).toEqual([{ currency: 'RUB', state: 'reversed', count: 1, sum: '12345' }]);
    expect(await reversalNotices()).toEqual(
      expect.arrayContaining([
        { subject: 'move', subjectId: move, login: MAIN.login, tradeId: moved.tradeid },
        { subject: 'harvester', subjectId: transactionId, login: FARM.login, tradeId: harvest.tradeid },
        { subject: 'delivery', subjectId: delivery, login: SELLER.login, tradeId: sale.tradeid },
      ]),
    );
    // Reading again records nothing twice.
    await pass();
    expect(await reversalNotices()).toHaveLength(3);
  });

  it('is no longer looked for once its protection window ended', async () => {
    const transactionId = await completedTransaction(FARM_B, ['3001']);
    const trade = history.trade({
      tradeid: '7100000003',
      sender: FARM_B.steamId,
      partner: MAIN.steamId,
      senderGave: [asset('3001')],
      senderGot: [],
    });
    await pass();
    const watch = await watchOf('harvester', transactionId);
    expect(watch?.tradeId).toBe(trade.tradeid);
    clock = watch!.windowEndsAt.getTime() + 1_000;
    const calls = history.calls.length;
    history.rollBack(trade.tradeid);
    await pass();
    expect(history.calls.length).toBe(calls);
    expect((await watchOf('harvester', transactionId))?.status).toBe('cleared');
    expect(await transactionStatus(transactionId)).toBe('completed');

    // A delivery that failed before any trade is not looked for either.
    const failed = await insertDelivery(db(), userId, sellerAccountId, {
      hash: 'hash-2',
      partnerSteamId: BUYER,
      items: [item('2002')],
      reference: 'tm-ref-2',
    });
    await pass();
    expect((await watchOf('delivery', failed))?.status).toBe('watching');
    await db().update(sellerDeliveries).set({ status: 'failed' }).where(eq(sellerDeliveries.id, failed));
    await pass();
    expect((await watchOf('delivery', failed))?.status).toBe('cleared');
  });

  it('resumes a check cut short: the rest is checked, nothing recorded twice', async () => {
    // The clock is past the last test's window: these trades are made at its time.
    const madeAt = Math.floor(clock / 1000);
    const first = await completedTransaction(FARM, ['4001']);
    const second = await completedTransaction(FARM_C, ['5001']);
    const one = history.trade({
      tradeid: '7100000004',
      sender: FARM.steamId,
      partner: MAIN.steamId,
      senderGave: [asset('4001')],
      senderGot: [],
      time_init: madeAt,
    });
    const two = history.trade({
      tradeid: '7100000005',
      sender: FARM_C.steamId,
      partner: MAIN.steamId,
      senderGave: [asset('5001')],
      senderGot: [],
      time_init: madeAt,
    });
    history.rollBack(one.tradeid);
    history.rollBack(two.tradeid);
    const before = (await reversalNotices()).length;
    // FARM_C was never checked, so it goes first; the process dies when it gets to FARM.
    crashOn = FARM.steamId;
    const calls = history.calls.length;
    await pass();
    expect(crashOn).toBeNull();
    const read = history.calls.slice(calls);
    expect(read.filter((call) => call === `${FARM_C.steamId} GetTradeHistory`)).toHaveLength(1);
    expect(read.filter((call) => call === `${FARM.steamId} GetTradeHistory`)).toHaveLength(1);
    expect(await transactionStatus(first)).toBe('reversed');
    expect(await transactionStatus(second)).toBe('reversed');
    const notices = await reversalNotices();
    expect(notices).toHaveLength(before + 2);
    expect(notices.filter((notice) => notice.subjectId === second)).toHaveLength(1);
  });
});
