/**
 * Balance transfers through the whole server against a fake TM v2 on loopback (live market mode): the amount in
 * the sender's units, a lost answer settled only on evidence (the lookup, the send history, both balances) with no
 * second send, an unknown outcome that only the user's word with the second factor closes, the market's currency
 * as the truth, the payment password and funds refusals as the dialog's errors, the member check (which never
 * calls transfer-discounts: it moves discounts), remembered keys, and the receiver key kept out of logs, answers
 * and the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { BALANCES_SETTLE_MS } from '../../src/modules/transfer/evidence.ts';
import {
  type AuthTestApp,
  createAuthTestApp,
  renew,
  stepUp,
  type TestUser,
} from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { FAKE_TM_QUICK_CLIENT, type FakeTm, fakeTmConvert, startFakeTm } from '../market/helpers/fake-tm.ts';
import { type LoopbackProxy, startConnectProxy } from '../steam/helpers/loopback-proxies.ts';
import { addItem } from '../steam-accounts/helpers.ts';
import { as, ok } from '../steam-trading/helpers.ts';

const USD_KEY = 'SenderUsdKey0123456789abcdefABCD';
const RUB_KEY = 'ReceiverRubKey456789abcdefABCDEF';
const EUR_KEY = 'BlockedEurKey56789abcdefABCDEF01';
const PAY_PASSWORD = 'pay-Secret-42';

const world = new SandboxWorld();
const [usdBot, rubBot, eurBot] = world.healthyAccounts(3, 7301);

interface Row {
  id: number;
  outcome: string;
  failure: string | null;
  message: string | null;
  checks: { source: string; found: string }[];
  amount: { currency: string; amount: number };
  received: { currency: string; amount: number } | null;
}

let fake: FakeTm;
let proxy: LoopbackProxy;
let t: AuthTestApp;
let user: TestUser;
let usdId: number;
let rubId: number;
let eurId: number;
const logLines: string[] = [];
const bodies: string[] = [];

async function call(method: string, url: string, body?: unknown) {
  const res = await as(t, user.accessToken, method, url, body);
  bodies.push(res.body);
  return res;
}
let lastSendSecond = 0;
/**
 * A send in a later wall-clock second than the previous send ended: the send history is matched by amount from the
 * intent's second on, and a send of the same amount in that second would make two matches (no evidence).
 */
async function send(body: Record<string, unknown>) {
  const wait = (lastSendSecond + 1) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  try {
    return await call('POST', '/api/transfer', {
      fromId: usdId,
      toId: rubId,
      amount: { currency: 'USD', amount: 1_000 },
      apiKey: RUB_KEY,
      paymentPassword: PAY_PASSWORD,
      rememberKey: true,
      acceptConversion: true,
      ...body,
    });
  } finally {
    lastSendSecond = Math.floor(Date.now() / 1000);
  }
}

/** TM's reply to the next money-send is lost; the lookup by custom id finds nothing; optionally no other evidence. */
function loseReply(
  money: 'dropAfterPerform' | 'dropBeforePerform',
  blind: { history?: boolean; receiverBalance?: boolean } = {},
) {
  fake.storeCustomIds(false);
  fake.script('money-send', money);
  const fail = [{ status: 502 }, { status: 502 }, { status: 502 }];
  if (blind.history) fake.script('money-send-history', ...fail);
  // The receiver's balance cannot be read before the send (the member check's read): the balances prove nothing.
  if (blind.receiverBalance) fake.script('get-money', 'pass', ...fail);
}

beforeAll(async () => {
  fake = await startFakeTm([
    {
      key: USD_KEY,
      currency: 'USD',
      money: 50_000,
      payPassword: PAY_PASSWORD,
      steamId64: usdBot!.steamId,
      discounts: 5,
    },
    { key: RUB_KEY, currency: 'RUB', money: 0, payPassword: PAY_PASSWORD, steamId64: rubBot!.steamId },
    {
      key: EUR_KEY,
      currency: 'EUR',
      discounts: 3,
      money: 0,
      payPassword: PAY_PASSWORD,
      steamId64: eurBot!.steamId,
      transfersBlocked: true,
    },
  ]);
  proxy = await startConnectProxy({ username: 'trader', password: 'proxy-pass' });
  t = await createAuthTestApp(
    { marketMode: 'live', tmBaseUrl: fake.baseUrl, allowPrivateProxies: true },
    logLines,
    { market: { live: FAKE_TM_QUICK_CLIENT } },
  );
  user = await signedInUser(t, 'transfer');
  const added = await ok<{ addedAccounts: { id: number; login: string }[] }>(
    as(t, user.accessToken, 'POST', '/api/steam-accounts', {
      accounts: Object.fromEntries(
        [usdBot!, rubBot!, eurBot!].map((bot, i) => [
          String(i),
          addItem(bot, {
            proxyData: {
              protocol: 'http',
              address: '127.0.0.1',
              port: proxy.port,
              username: 'trader',
              password: 'proxy-pass',
            },
          }),
        ]),
      ),
    }),
  );
  const steamId = (login: string) => {
    const row = added.addedAccounts.find((account) => account.login === login);
    if (!row) throw new Error(`not added: ${JSON.stringify(added)}`);
    return row.id;
  };
  await stepUp(t, user);
  const connect = async (login: string, apiKey: string, tmCurrency: string) =>
    (
      await ok<{ id: number }>(
        call('POST', '/api/p2p/accounts', {
          steamAccountId: steamId(login),
          apiKey,
          paymentPassword: PAY_PASSWORD,
          tmCurrency,
        }),
      )
    ).id;
  usdId = await connect(usdBot!.login, USD_KEY, 'USD');
  rubId = await connect(rubBot!.login, RUB_KEY, 'RUB');
  eurId = await connect(eurBot!.login, EUR_KEY, 'EUR');
}, 120_000);

afterAll(async () => {
  // transfer-discounts moves the sender's fee discounts (TM's account API page): never called.
  expect(fake.countOf('transfer-discounts')).toBe(0);
  expect(fake.discountMoves).toEqual([]);
  await t?.close();
  await fake?.close();
  await proxy?.close();
});

describe('balance transfer against a fake TM v2', { timeout: 60_000 }, () => {
  it('asks for the withdrawal second factor before moving money', async () => {
    t.clock.advance(16 * 60_000);
    await renew(t, user);
    const refused = await send({});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ resultCode: 101, errorDetails: { stepUp: 'withdrawal' } });
    expect(fake.sends).toHaveLength(0);
    await stepUp(t, user);
  });

  it("sends the amount in the sender's minor units and records both currencies", async () => {
    const before = fake.countOf('money-send');
    const row = await ok<Row>(send({ amount: { currency: 'USD', amount: 10_500 }, rememberKey: true }));
    expect(fake.countOf('money-send') - before).toBe(1);
    const request = fake.requests.filter((r) => r.path.startsWith('/api/v2/money-send/')).at(-1)!;
    // 10.500 USD is 10500 units of USD (x1000), the path segment TM reads.
    expect(request.path.split('/')[4]).toBe('10500');
    expect(request.query.get('custom_id')).toMatch(/^td-/);
    // At the fake's rate 1 USD = 90 RUB: 945.00 RUB, 94500 units of RUB (x100).
    expect(row).toMatchObject({
      outcome: 'sent',
      amount: { currency: 'USD', amount: 10_500 },
      received: { currency: 'RUB', amount: 94_500 },
    });
    expect(fake.accounts.get(RUB_KEY)!.money).toBe(94_500);
    const accounts = await ok<{
      items: { id: number; balance: { amount: number } | null; savedKeyMasked: string | null }[];
    }>(call('GET', '/api/transfer/tm-accounts'));
    expect(accounts.items.find((a) => a.id === usdId)).toMatchObject({ balance: { amount: 39_500 } });
    expect(accounts.items.find((a) => a.id === rubId)).toMatchObject({
      savedKeyMasked: `••••${RUB_KEY.slice(-4)}`,
    });
  });

  it('resolves a lost answer by custom id without a second send', async () => {
    fake.script('money-send', 'dropAfterPerform');
    const sendsBefore = fake.sends.length;
    const requestsBefore = fake.countOf('money-send');
    // The saved receiver key stands in for a typed one.
    const row = await ok<Row & { customId: string }>(send({ apiKey: undefined }));
    expect(fake.countOf('money-send') - requestsBefore).toBe(1);
    expect(fake.sends.length - sendsBefore).toBe(1);
    expect(fake.countOf('get-info-money-send-by-custom-id')).toBeGreaterThanOrEqual(1);
    expect(row).toMatchObject({ outcome: 'sent', customId: fake.sends.at(-1)!.customId });
  });

  it('settles a lost reply from the send history when the lookup by custom id finds nothing', async () => {
    loseReply('dropAfterPerform');
    const sendsBefore = fake.sends.length;
    const row = await ok<Row>(send({}));
    fake.storeCustomIds(true);
    expect(fake.sends.length - sendsBefore).toBe(1);
    expect(row.outcome).toBe('sent');
    expect(row.checks.map((c) => [c.source, c.found])).toEqual([
      ['customId', 'nothing'],
      ['sendHistory', 'sent'],
    ]);
  });

  it("keeps a lost reply unknown without evidence, shows what was checked, and sends again only on the user's word with the second factor", async () => {
    loseReply('dropBeforePerform', { history: true, receiverBalance: true });
    const sendsBefore = fake.sends.length;
    const row = await ok<Row>(send({}));
    expect(row.outcome).toBe('unknown');
    expect(row.checks.map((c) => [c.source, c.found])).toEqual([
      ['customId', 'nothing'],
      ['sendHistory', 'failed'],
      ['balances', 'failed'],
    ]);
    // A check finds nothing more: still unknown, never "not sent".
    const checked = await ok<Row>(call('POST', `/api/transfer/${row.id}/check`, {}));
    expect(checked.outcome).toBe('unknown');
    // Nothing new from that sender on one click.
    const again = await send({});
    expect(again.statusCode).toBe(422);
    expect(again.json().error.errorDetails).toMatchObject({ transferId: row.id });
    // The user's word needs the withdrawal second factor.
    t.clock.advance(16 * 60_000);
    await renew(t, user);
    const stale = await send({ checkedNotSent: row.id });
    expect(stale.json().error).toMatchObject({ resultCode: 101, errorDetails: { stepUp: 'withdrawal' } });
    expect(fake.sends.length - sendsBefore).toBe(0);
    await stepUp(t, user);
    const declared = await ok<Row>(send({ checkedNotSent: row.id }));
    fake.storeCustomIds(true);
    expect(declared.outcome).toBe('sent');
    expect(fake.sends.length - sendsBefore).toBe(1);
    const old = await ok<Row>(call('GET', `/api/transfer/${row.id}`));
    expect(old).toMatchObject({
      outcome: 'notSent',
      failure: 'declaredNotSent',
      message: 'The outcome was unknown; you checked on the market that it did not go',
    });
  });

  it("never takes the user's word over evidence: a send found in the history stays sent", async () => {
    loseReply('dropAfterPerform', { history: true, receiverBalance: true });
    const sendsBefore = fake.sends.length;
    const row = await ok<Row>(send({}));
    expect(row.outcome).toBe('unknown');
    const refused = await send({ checkedNotSent: row.id });
    fake.storeCustomIds(true);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      'The previous transfer from this account was found sent on the market: nothing new was sent',
    );
    expect(fake.sends.length - sendsBefore).toBe(1);
    expect((await ok<Row>(call('GET', `/api/transfer/${row.id}`))).outcome).toBe('sent');
  });

  it("refuses a send in another currency than the market's own before any money moves", async () => {
    // The sender is stored as USD; TM now keeps it in EUR (changed on the site).
    fake.accounts.get(USD_KEY)!.currency = 'EUR';
    const sendsBefore = fake.countOf('money-send');
    const refused = await send({});
    const ru = await as(
      t,
      user.accessToken,
      'POST',
      '/api/transfer',
      {
        fromId: usdId,
        toId: rubId,
        amount: { currency: 'USD', amount: 1_000 },
        apiKey: RUB_KEY,
        paymentPassword: PAY_PASSWORD,
        acceptConversion: true,
      },
      'ru-RU',
    );
    fake.accounts.get(USD_KEY)!.currency = 'USD';
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      message:
        "The market keeps this account's money in another currency than the one saved here: nothing was sent. Check the account's currency",
      errorDetails: { reason: 'currencyMismatch', stored: 'USD', market: 'EUR' },
    });
    expect(ru.json().error.message).toMatch(/^Маркет ведёт счёт этого аккаунта в другой валюте/);
    expect(fake.countOf('money-send') - sendsBefore).toBe(0);
    // The account now shows the market's currency with its balance (flagged against the stored one).
    const accounts = await ok<{ items: { id: number; currency: string; marketCurrency: string | null }[] }>(
      call('GET', '/api/transfer/tm-accounts'),
    );
    expect(accounts.items.find((a) => a.id === usdId)).toMatchObject({
      currency: 'USD',
      marketCurrency: 'EUR',
    });
  });

  it('answers a wrong payment password and insufficient funds with the spec errors', async () => {
    const wrong = await ok<Row>(send({ paymentPassword: 'not-the-password' }));
    expect(wrong).toMatchObject({
      outcome: 'notSent',
      failure: 'wrongPaymentPassword',
      message: 'Wrong payment password',
    });
    const tooMuch = await send({ amount: { currency: 'USD', amount: 10_000_000 } });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.message).toBe('Insufficient balance');
    // The market itself refusing for funds (the balance changed after the preflight) reads the same.
    fake.script('money-send', { status: 200, body: '{"success":false,"error":"not_enough_money"}' });
    const market = await ok<Row>(send({}));
    expect(market).toMatchObject({
      outcome: 'notSent',
      failure: 'insufficientFunds',
      message: 'Insufficient balance',
    });
    const ru = await as(
      t,
      user.accessToken,
      'POST',
      '/api/transfer',
      {
        fromId: usdId,
        toId: rubId,
        amount: { currency: 'USD', amount: 10_000_000 },
        apiKey: RUB_KEY,
        paymentPassword: PAY_PASSWORD,
        acceptConversion: true,
      },
      'ru-RU',
    );
    expect(ru.json().error.message).toBe('Недостаточно средств на балансе');
  });

  it('refuses a cross-currency transfer the user did not confirm', async () => {
    const res = await send({ acceptConversion: false });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/currencies differ/);
  });

  it('learns that an account cannot transfer from the send itself, names a key of another account and a stale saved key', async () => {
    // Nothing on TM says ahead whether money may go without moving something: the check passes, the send says.
    const member = await ok<{ member: boolean }>(
      call('POST', '/api/transfer/member-check', { toId: eurId, apiKey: EUR_KEY, fromId: usdId }),
    );
    expect(member.member).toBe(true);
    const blocked = await ok<Row>(
      send({ toId: eurId, apiKey: EUR_KEY, rememberKey: false, amount: { currency: 'USD', amount: 1_000 } }),
    );
    expect(blocked).toMatchObject({
      outcome: 'notSent',
      failure: 'transferNotSupported',
      message: 'The account does not support transfers via the TM API',
    });
    const other = await ok<{ reason: string }>(
      call('POST', '/api/transfer/member-check', { toId: rubId, apiKey: EUR_KEY }),
    );
    expect(other.reason).toBe('keyOtherAccount');
    const good = await ok<{ member: boolean; currency: string }>(
      call('POST', '/api/transfer/member-check', { toId: rubId, fromId: usdId }),
    );
    expect(good).toMatchObject({ member: true, currency: 'RUB' });
    // TM now opens another Steam account with the saved key (the key was replaced on the site).
    fake.accounts.get(RUB_KEY)!.steamId64 = eurBot!.steamId;
    const stale = await ok<{ reason: string; message: string }>(
      call('POST', '/api/transfer/member-check', { toId: rubId }),
    );
    expect(stale).toMatchObject({
      reason: 'savedKeyMismatch',
      message: 'The saved key is invalid for this account',
    });
    const accounts = await ok<{ items: { id: number; savedKeyMismatch: boolean }[] }>(
      call('GET', '/api/transfer/tm-accounts'),
    );
    expect(accounts.items.find((a) => a.id === rubId)?.savedKeyMismatch).toBe(true);
    fake.accounts.get(RUB_KEY)!.steamId64 = rubBot!.steamId;
  });

  it('keeps a history per account with both currencies and outcomes', async () => {
    const page = await ok<{ items: Row[]; total: number }>(
      call('POST', '/api/transfer/history/query', { accountId: rubId }),
    );
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.items.map((row) => row.outcome)).toContain('notSent');
    expect(page.items.filter((row) => row.outcome === 'sent').map((row) => row.received)).toContainEqual({
      currency: 'RUB',
      amount: 94_500,
    });
  });

  it('reveals a saved key only with the api_management second factor', async () => {
    t.clock.advance(16 * 60_000);
    await renew(t, user);
    const refused = await as(t, user.accessToken, 'POST', `/api/transfer/tm-accounts/${rubId}/saved-key`, {});
    expect(refused.json().error).toMatchObject({
      resultCode: 101,
      errorDetails: { stepUp: 'api_management' },
    });
    await stepUp(t, user);
    const shown = await as(t, user.accessToken, 'POST', `/api/transfer/tm-accounts/${rubId}/saved-key`, {});
    expect(shown.json().data.apiKey).toBe(RUB_KEY);
  });

  it('never lets the receiver key into logs, other answers or the database', async () => {
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).not.toContain(RUB_KEY);
    for (const body of bodies) expect(body).not.toContain(RUB_KEY);
    const tables = (await t.testDb.database.db.execute(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    expect(tables.rows.map((r) => r.table_name)).toContain('transfer_secrets');
    for (const { table_name } of tables.rows) {
      const dump = (await t.testDb.database.db.execute(
        `select coalesce(json_agg(x)::text, '') as rows from "${table_name}" x`,
      )) as unknown as { rows: { rows: string }[] };
      const text = dump.rows[0]?.rows ?? '';
      expect(text, table_name).not.toContain(RUB_KEY);
      expect(text, table_name).not.toContain(PAY_PASSWORD);
    }
  });

  // These two move the clock 20 minutes on (past the step-up window): they run last.
  it('settles a lost reply as not sent from unchanged balances only on two readings 10 minutes apart', async () => {
    loseReply('dropBeforePerform', { history: true });
    const sendsBefore = fake.sends.length;
    const row = await ok<Row>(send({}));
    fake.storeCustomIds(true);
    // Read right after the lost reply: TM may still book the send, so unchanged balances prove nothing yet.
    expect(row.outcome).toBe('unknown');
    expect(row.checks.map((c) => [c.source, c.found])).toEqual([
      ['customId', 'nothing'],
      ['sendHistory', 'failed'],
      ['balances', 'notSent'],
    ]);
    const check = () => ok<Row>(call('POST', `/api/transfer/${row.id}/check`, {}));
    // A second unchanged reading before the settling time: still unknown, the first reading kept beside it.
    await renew(t, user);
    t.clock.advance(BALANCES_SETTLE_MS - 60_000);
    const early = await check();
    expect(early.outcome).toBe('unknown');
    expect(early.checks.map((c) => [c.source, c.found])).toEqual([
      ['customId', 'nothing'],
      ['sendHistory', 'nothing'],
      ['balances', 'notSent'],
      ['balances', 'notSent'],
    ]);
    // Once the readings are the settling time apart, the unchanged balances settle it.
    t.clock.advance(60_000);
    const settled = await check();
    expect(settled).toMatchObject({ outcome: 'notSent', failure: 'failed' });
    expect(settled.checks.map((c) => [c.source, c.found])).toEqual([
      ['customId', 'nothing'],
      ['sendHistory', 'nothing'],
      ['balances', 'notSent'],
    ]);
    expect(fake.sends.length - sendsBefore).toBe(0);
  });

  it('settles a lost reply sent when TM books it after the first unchanged reading', async () => {
    await renew(t, user);
    loseReply('dropBeforePerform', { history: true });
    const row = await ok<Row>(send({}));
    fake.storeCustomIds(true);
    expect(row.outcome).toBe('unknown');
    // TM books the send late: both balances move by it before the next reading.
    fake.accounts.get(USD_KEY)!.money -= 1_000;
    fake.accounts.get(RUB_KEY)!.money += fakeTmConvert(1_000, 'USD', 'RUB');
    t.clock.advance(BALANCES_SETTLE_MS);
    fake.script('money-send-history', { status: 502 }, { status: 502 }, { status: 502 });
    const later = await ok<Row>(call('POST', `/api/transfer/${row.id}/check`, {}));
    expect(later).toMatchObject({
      outcome: 'sent',
      received: { currency: 'RUB', amount: fakeTmConvert(1_000, 'USD', 'RUB') },
    });
    expect(later.checks.map((c) => [c.source, c.found])).toEqual([
      ['customId', 'nothing'],
      ['sendHistory', 'failed'],
      ['balances', 'sent'],
    ]);
  });
});
