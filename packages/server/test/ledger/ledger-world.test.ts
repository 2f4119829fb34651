/**
 * The ledger through the whole server against a fake TM v2 on loopback (live market mode), on PGlite or, with
 * TEST_DATABASE_URL, Postgres: four weeks of sales read from TM's history by the lots sync, holds that end while
 * the test runs, a reversal from TM's history (stage 5 after the item went) and one from the trade reversals'
 * follow-up, own transfers USD -> RUB and RUB -> USD, a harvester move, and purchase prices imported from CSV.
 * Profit is asserted exactly in integer units; after every step the ledger's balance of each market account equals
 * the balance the fake market reports, and a fee the fake takes unannounced is reported as unexplained.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProfitOutput, ReconcileAccount } from '@tradedeck/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { harvesterItemMove } from '../../src/modules/harvester/transitions.ts';
import { ledgerApi } from '../../src/modules/ledger/index.ts';
import { NotificationsRepo } from '../../src/modules/notifications/repo.ts';
import { NotificationsService } from '../../src/modules/notifications/service.ts';
import { UserScope } from '../../src/security/user-scope.ts';
import {
  type AuthTestApp,
  createAuthTestApp,
  renew,
  stepUp,
  type TestUser,
} from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { FAKE_TM_QUICK_CLIENT, type FakeTm, startFakeTm } from '../market/helpers/fake-tm.ts';
import { type LoopbackProxy, startConnectProxy } from '../steam/helpers/loopback-proxies.ts';
import { addItem } from '../steam-accounts/helpers.ts';
import { as, ok } from '../steam-trading/helpers.ts';

const USD_KEY = 'LedgerUsdKey0123456789abcdefABCD';
const RUB_KEY = 'LedgerRubKey456789abcdefABCDEF01';
const PAY_PASSWORD = 'pay-Secret-42';
const DAY = 86_400_000;
const AK = 'AK-47 | Redline (Field-Tested)';
const AWP = 'AWP | Asiimov (Field-Tested)';
const HOWL = 'M4A4 | Howl (Minimal Wear)';
const GLOCK = 'Glock-18 | Fade (Factory New)';
const DEAGLE = 'Desert Eagle | Blaze (Factory New)';
const STICKER = 'Sticker | Crown (Foil)';
const BUYER = '76561198000000042';

const world = new SandboxWorld();
const [usdBot, rubBot] = world.healthyAccounts(2, 7401);

/** The Central Bank of Russia's daily document (docs/currencies.md): 1 USD = 100 RUB, 1 EUR = 110 RUB. */
const CBR = Buffer.from(
  '<?xml version="1.0" encoding="windows-1251"?><ValCurs Date="26.11.2026" name="Foreign Currency Market">' +
    '<Valute ID="R01235"><NumCode>840</NumCode><CharCode>USD</CharCode><Nominal>1</Nominal><Name>USD</Name><Value>100,0000</Value></Valute>' +
    '<Valute ID="R01239"><NumCode>978</NumCode><CharCode>EUR</CharCode><Nominal>1</Nominal><Name>EUR</Name><Value>110,0000</Value></Valute>' +
    '</ValCurs>',
  'latin1',
);

let rates: Server;
let fake: FakeTm;
let proxy: LoopbackProxy;
let t: AuthTestApp;
let user: TestUser;
let usdId: number;
let rubId: number;
let usdSteamId: number;
let rubSteamId: number;
let start: number;

const api = <T>(method: string, url: string, body?: unknown) =>
  ok<T>(as(t, user.accessToken, method, url, body));
const unix = (ms: number) => Math.floor(ms / 1000);

/** A `history` row as TM answers it (notes market.md §2: `received` in integer units, times in Unix seconds). */
function sold(item: string, name: string, received: number, currency: string, soldDay: number, stage = '2') {
  const at = start + soldDay * DAY;
  return {
    event: 'sell',
    stage,
    item_id: item,
    market_hash_name: name,
    received,
    currency,
    time: unix(at),
    settlement: unix(at + 7 * DAY),
    app: 730,
    custom_id: null,
  };
}

async function reconcile(): Promise<ReconcileAccount[]> {
  return (await api<{ accounts: ReconcileAccount[] }>('POST', '/api/ledger/reconcile', {})).accounts;
}

async function expectBalanced() {
  const accounts = await reconcile();
  expect(accounts).toHaveLength(2);
  for (const account of accounts) {
    expect(account.status, account.login).toBe('matched');
    expect(account.gap.amount).toBe(0);
    expect(account.ledger).toEqual(account.market);
  }
  return accounts;
}

const sync = (id: number) => api('POST', '/api/p2p/lots/sync', { accountIds: [id] });

const profit = (body: Record<string, unknown>) =>
  api<ProfitOutput>('POST', '/api/ledger/profit', { currency: 'USD', ...body });

beforeAll(async () => {
  rates = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/xml; charset=windows-1251' }).end(CBR);
  });
  await new Promise<void>((resolve) => rates.listen(0, '127.0.0.1', resolve));
  fake = await startFakeTm([
    { key: USD_KEY, currency: 'USD', money: 0, payPassword: PAY_PASSWORD, steamId64: usdBot!.steamId },
    { key: RUB_KEY, currency: 'RUB', money: 0, payPassword: PAY_PASSWORD, steamId64: rubBot!.steamId },
  ]);
  proxy = await startConnectProxy({ username: 'ledger', password: 'proxy-pass' });
  t = await createAuthTestApp(
    {
      marketMode: 'live',
      tmBaseUrl: fake.baseUrl,
      allowPrivateProxies: true,
      ratesUrl: `http://127.0.0.1:${(rates.address() as AddressInfo).port}/scripts/XML_daily.asp`,
    },
    undefined,
    { market: { live: FAKE_TM_QUICK_CLIENT } },
  );
  start = t.clock.now();
  user = await signedInUser(t, 'ledger');
  const proxyData = {
    protocol: 'http' as const,
    address: '127.0.0.1',
    port: proxy.port,
    username: 'ledger',
    password: 'proxy-pass',
  };
  const added = await api<{ addedAccounts: { id: number; login: string }[] }>('POST', '/api/steam-accounts', {
    accounts: { '0': addItem(usdBot!, { proxyData }), '1': addItem(rubBot!, { proxyData }) },
  });
  const steamId = (login: string) => added.addedAccounts.find((account) => account.login === login)!.id;
  usdSteamId = steamId(usdBot!.login);
  rubSteamId = steamId(rubBot!.login);
  await stepUp(t, user);
  const connect = async (steamAccountId: number, apiKey: string, tmCurrency: string) =>
    (
      await api<{ id: number }>('POST', '/api/p2p/accounts', {
        steamAccountId,
        apiKey,
        paymentPassword: PAY_PASSWORD,
        tmCurrency,
      })
    ).id;
  usdId = await connect(usdSteamId, USD_KEY, 'USD');
  rubId = await connect(rubSteamId, RUB_KEY, 'RUB');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
  await proxy?.close();
  await new Promise<void>((resolve) => (rates ? rates.close(() => resolve()) : resolve()));
});

describe('the ledger over four weeks of sales against a fake TM', { timeout: 60_000 }, () => {
  it('starts equal to the market: the first look records the opening balance', async () => {
    await expectBalanced();
  });

  it('imports purchase prices from CSV with an outcome per line', async () => {
    const csv = [
      'name,price,quantity,date',
      `${AK},9.000,1,${new Date(start - 40 * DAY).toISOString()}`,
      `${AK},11.000,1,${new Date(start - 38 * DAY).toISOString()}`,
      `${AWP},40.000,1,${new Date(start - 35 * DAY).toISOString()}`,
      `${AWP},-3,1,`,
      `,5.000,1,`,
    ].join('\n');
    const answer = await api<{
      imported: number;
      failed: number;
      lines: { line: number; ok: boolean; message: string }[];
    }>('POST', '/api/ledger/purchases/import', { text: csv, currency: 'USD' });
    expect(answer).toMatchObject({ imported: 3, failed: 2 });
    expect(answer.lines.map((line) => [line.line, line.ok, line.message])).toEqual([
      [2, true, ''],
      [3, true, ''],
      [4, true, ''],
      [5, false, 'The price must be a positive number'],
      [6, false, 'The item name is missing'],
    ]);
    // The same file again records nothing twice.
    const again = await api<{ imported: number; failed: number }>('POST', '/api/ledger/purchases/import', {
      text: csv,
      currency: 'USD',
    });
    expect(again).toMatchObject({ imported: 0, failed: 5 });
  });

  it('records four weeks of sales from TM history, held ones apart, and stays equal to the market', async () => {
    const usd = fake.accounts.get(USD_KEY)!;
    const rub = fake.accounts.get(RUB_KEY)!;
    usd.history = [
      sold('901', AK, 12_000, 'USD', -27),
      sold('902', AWP, 45_000, 'USD', -20),
      sold('903', AK, 13_500, 'USD', -12),
      sold('904', HOWL, 30_000, 'USD', -5, '1'),
      sold('906', GLOCK, 20_000, 'USD', -4, '1'),
      sold('905', AWP, 47_000, 'USD', -1, '1'),
    ];
    // TM keeps settled money spendable and held money frozen (notes market.md §5).
    usd.money = 12_000 + 45_000 + 13_500;
    usd.settlement = 30_000 + 20_000 + 47_000;
    rub.history = [sold('907', DEAGLE, 120_000, 'RUB', -15), sold('908', STICKER, 500_000, 'RUB', -2, '1')];
    rub.money = 120_000;
    rub.settlement = 500_000;
    await sync(usdId);
    await sync(rubId);
    await expectBalanced();
    const holds = await api<{
      accounts: { login: string; held: { currency: string; amount: number }[] }[];
      days: { day: string; amounts: { currency: string; amount: number }[] }[];
    }>('POST', '/api/ledger/holds', { currency: 'USD' });
    expect(holds.accounts.map((a) => [a.login, a.held])).toEqual([
      [usdBot!.login, [{ currency: 'USD', amount: 97_000 }]],
      [rubBot!.login, [{ currency: 'RUB', amount: 500_000 }]],
    ]);
    expect(holds.days).toHaveLength(8);
    const landing = (offset: number) =>
      holds.days.find((d) => d.day === new Date(start + offset * DAY).toISOString().slice(0, 10))!.amounts;
    expect(landing(2)).toEqual([{ currency: 'USD', amount: 30_000 }]);
    expect(landing(3)).toEqual([{ currency: 'USD', amount: 20_000 }]);
    expect(landing(5)).toEqual([{ currency: 'RUB', amount: 500_000 }]);
    expect(landing(6)).toEqual([{ currency: 'USD', amount: 47_000 }]);
  });

  it('costs sales sold before their purchase was known once the CSV brings it', async () => {
    const answer = await api<{ imported: number; costed: number }>('POST', '/api/ledger/purchases/import', {
      text: `${HOWL};2500.00\n${DEAGLE};900.00`,
      currency: 'RUB',
    });
    expect(answer).toMatchObject({ imported: 2, costed: 2 });
    await expectBalanced();
  });

  it('keeps own transfers out of income in both directions, equal to the market after each', async () => {
    const there = await api<{ outcome: string; received: { amount: number } }>('POST', '/api/transfer', {
      fromId: usdId,
      toId: rubId,
      amount: { currency: 'USD', amount: 10_000 },
      apiKey: RUB_KEY,
      paymentPassword: PAY_PASSWORD,
      acceptConversion: true,
    });
    expect(there).toMatchObject({ outcome: 'sent', received: { amount: 90_000 } });
    await expectBalanced();
    const back = await api<{ outcome: string; received: { amount: number } }>('POST', '/api/transfer', {
      fromId: rubId,
      toId: usdId,
      amount: { currency: 'RUB', amount: 50_000 },
      apiKey: USD_KEY,
      paymentPassword: PAY_PASSWORD,
      acceptConversion: true,
    });
    expect(back).toMatchObject({ outcome: 'sent', received: { amount: 5_555 } });
    await expectBalanced();
    const entries = await api<{
      items: { kind: string; amount: { currency: string; amount: number }; rate: string | null }[];
    }>('POST', '/api/ledger/entries', { limit: 1000 });
    expect(
      entries.items.filter((entry) => entry.kind === 'transfer').map((entry) => [entry.amount, entry.rate]),
    ).toEqual([
      [{ currency: 'USD', amount: -10_000 }, null],
      [{ currency: 'RUB', amount: 90_000 }, '90'],
      [{ currency: 'RUB', amount: -50_000 }, null],
      [{ currency: 'USD', amount: 5_555 }, '0.01111'],
    ]);
  });

  it('records a harvester move between own accounts without changing profit', async () => {
    const before = await profit({ by: 'day' });
    const ledger = ledgerApi({ post: async () => undefined });
    await t.testDb.database.db.transaction(async (tx) => {
      await ledger.write(tx, user.id, (writer) =>
        writer.itemMove(
          harvesterItemMove({
            id: 77,
            sourceId: usdSteamId,
            sourceLogin: usdBot!.login,
            targetId: rubSteamId,
            targetLogin: rubBot!.login,
            game: 'cs2',
            items: [{ name: AK, amount: 2 }],
            giveBack: [],
            updatedAt: new Date(start),
          }),
        ),
      );
    });
    const moves = (
      await api<{ items: { kind: string; quantity: number; account: { login: string } }[] }>(
        'POST',
        '/api/ledger/entries',
        {
          limit: 1000,
        },
      )
    ).items.filter((entry) => entry.kind === 'move');
    expect(moves.map((m) => [m.account.login, m.quantity])).toEqual([
      [usdBot!.login, -2],
      [rubBot!.login, 2],
    ]);
    expect(await profit({ by: 'day' })).toEqual(before);
    await expectBalanced();
  });

  it('settles holds that end during the run and reverses sales from TM history and from a rolled-back trade', async () => {
    t.clock.advance(3 * DAY + 60_000);
    await renew(t, user);
    const usd = fake.accounts.get(USD_KEY)!;
    const rub = fake.accounts.get(RUB_KEY)!;
    // The Howl's hold ended; the Glock's buyer reversed the trade: TM shows it cancelled and takes the money back.
    usd.money += 30_000;
    usd.settlement = 47_000;
    usd.history = usd.history!.map((row) => (row.item_id === '906' ? { ...row, stage: '5' } : row));
    rub.settlement = 0;
    await sync(usdId);
    // The sticker's trade was rolled back: the trade reversals' follow-up reverses its sale in the ledger.
    const notifications = new NotificationsService(
      new NotificationsRepo(new UserScope(t.testDb.database.db)),
      t.app.hubs.eventLog,
      t.clock.now,
    );
    const ledger = ledgerApi({
      post: async (userId, post, within) => {
        await notifications.post(userId, post, within);
      },
    });
    await new UserScope(t.testDb.database.db).run(user.id, (tx) =>
      ledger.write(tx, user.id, (writer) =>
        writer.reverseSales(rubId, ['908'], BUYER, new Date(t.clock.now())),
      ),
    );
    await expectBalanced();
    const posted = await api<{ items: { kind: string; params: Record<string, unknown> }[] }>(
      'POST',
      '/api/notifications/query',
      { pages: { page: 1, pageSize: 50 }, sort: [] },
    );
    const reversed = posted.items.filter((n) => n.kind === 'saleReversed').map((n) => n.params);
    expect(reversed).toEqual(
      expect.arrayContaining([
        { item: GLOCK, login: usdBot!.login, buyer: null, amount: { currency: 'USD', amount: 20_000 } },
        { item: STICKER, login: rubBot!.login, buyer: BUYER, amount: { currency: 'RUB', amount: 500_000 } },
      ]),
    );
  });

  it('reports profit exactly: realised from settled sales, pending from held ones, uncosted flagged', async () => {
    const fifo = await profit({ by: 'item' });
    expect(fifo.total).toMatchObject({
      revenue: { currency: 'USD', amount: 159_500 },
      cost: { currency: 'USD', amount: 94_000 },
      fees: { currency: 'USD', amount: 0 },
      realised: { currency: 'USD', amount: 18_500 },
      pending: { currency: 'USD', amount: 47_000 },
      held: { currency: 'USD', amount: 47_000 },
      profit: { currency: 'USD', amount: 65_500 },
    });
    // The AWP sold twice with one purchase: the second has no cost, flagged and not valued at zero.
    expect(fifo.uncosted).toBe(1);
    const row = (name: string) => fifo.rows.find((r) => r.key === name)!;
    expect([row(AK).revenue.amount, row(AK).cost.amount, row(AK).profit.amount]).toEqual([
      25_500, 20_000, 5_500,
    ]);
    expect([row(HOWL).cost.amount, row(HOWL).realised.amount]).toEqual([25_000, 5_000]);
    expect([row(DEAGLE).revenue.amount, row(DEAGLE).cost.amount]).toEqual([12_000, 9_000]);
    expect([row(GLOCK).revenue.amount, row(GLOCK).profit.amount]).toEqual([0, 0]);
    expect(fifo.rates.map((r) => [r.from, r.to, r.rate])).toEqual([['RUB', 'USD', '0.01']]);

    // FIFO gives the first AK sale the first AK bought (9.000); the average gives each 10.000.
    const firstAkDay = new Date(start - 27 * DAY).toISOString().slice(0, 10);
    const fifoDays = await profit({ by: 'day' });
    const averageDays = await profit({ by: 'day', method: 'average' });
    expect(fifoDays.rows.find((r) => r.key === firstAkDay)!.cost.amount).toBe(9_000);
    expect(averageDays.rows.find((r) => r.key === firstAkDay)!.cost.amount).toBe(10_000);
    expect(averageDays.total.profit).toEqual(fifoDays.total.profit);
    expect(fifoDays.total).toEqual(fifo.total);

    const byAccount = await profit({ by: 'account' });
    expect(byAccount.rows.map((r) => [r.key, r.profit.amount])).toEqual([
      [usdBot!.login, 62_500],
      [rubBot!.login, 3_000],
    ]);
    const csv = await as(t, user.accessToken, 'POST', '/api/ledger/export', {
      what: 'profit',
      by: 'account',
    });
    expect(csv.body.split('\n')[0]).toBe('key,revenue,cost,fees,profit,realised,pending,held,currency');
    expect(csv.body).toContain(`${rubBot!.login},12.000,9.000,0.000,3.000,3.000,0.000,0.000,USD`);
  });

  it('reports a fee the market took unannounced as an unexplained gap', async () => {
    fake.accounts.get(USD_KEY)!.money -= 700;
    const accounts = await reconcile();
    const usd = accounts.find((a) => a.marketAccountId === usdId)!;
    expect(usd).toMatchObject({
      status: 'unexplained',
      gap: { currency: 'USD', amount: -700 },
      explanations: [],
    });
    expect(accounts.find((a) => a.marketAccountId === rubId)!.status).toBe('matched');
  });
});
