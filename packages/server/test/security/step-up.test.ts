import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listOperations, type Operation } from '@tradedeck/sdk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SandboxMarket, sandboxMarketKey } from '../../src/integrations/market/index.ts';
import { SandboxJournal, SandboxWorld, sandboxMafileText } from '../../src/integrations/steam/index.ts';
import {
  type AuthTestApp,
  createAuthTestApp,
  errorOf,
  renew,
  stepUp,
  type TestUser,
} from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { okData, type WithdrawalWorld, withdrawalWorld } from '../helpers/withdrawal-world.ts';
import { addAccounts, addItem, dataOf, proxyData, world } from '../steam-accounts/helpers.ts';

/** The purpose each flagged operation names in its 101 answer. */
function purposeOf(id: string): string {
  if (id.startsWith('user.')) return 'twoFactorSettings';
  if (MOVES_ITEMS_OR_MONEY.includes(id)) return 'withdrawal';
  if (id.startsWith('p2p.') || id === 'transfer.revealKey') return 'api_management';
  return 'secrets';
}

/** Passed the step-up, then answered by the operation itself: nothing saved to reveal, no such account. */
const ALLOWED_STATUS: Record<string, number> = { 'transfer.revealKey': 404 };

/**
 * Every operation that moves items or money out of the user's hands, or starts automation that does: each asks
 * for the `withdrawal` step-up (items between the user's own accounts excepted). The walk below calls each.
 */
const MOVES_ITEMS_OR_MONEY = [
  'confirmations.answer',
  'confirmations.answerMatching',
  'confirmations.answerOffer',
  'p2p.start',
  'steamTrading.acceptOffer',
  'steamTrading.confirmOffers',
  'steamTrading.sendOffer',
  'transfer.send',
];

/** Guard codes in bulk (enough to sign in to every account elsewhere) ask for the `secrets` step-up. */
const GUARD_CODE_OPERATIONS = ['steamAccounts.guardCode', 'steamAccounts.guardCodeByLogin'];

/** Every operation that reveals, derives or replaces a secret: each needs a recent second factor. */
const SECRET_OPERATIONS = [
  'p2p.create',
  'p2p.update',
  'proxies.export',
  'steamAccounts.updateCredentials',
  'steamAccounts.updatePassword',
  'transfer.revealKey',
  'user.getOtpKey',
  'user.regenerateRecoveryCodes',
  'user.setupAuthenticator',
  'user.setupEmailOtp',
];

const STEP_UP_OPERATIONS = [...SECRET_OPERATIONS, ...MOVES_ITEMS_OR_MONEY, ...GUARD_CODE_OPERATIONS].sort();

/**
 * Operations whose fields look secret but that need no step-up, each with the reason. A new operation with a
 * secret-looking field fails the test below until it is flagged `stepUp` or listed here.
 */
const EXEMPT: Record<string, string> = {
  'auth.login': 'takes the password and codes it authenticates with',
  'auth.register': 'takes the new account’s own password',
  'auth.resetPassword': 'link code, new password and the second factor of its own',
  'user.changePassword': 'current password and the second factor in the call',
  'user.changeEmail': 'link code and the second factor in the call',
  'user.stepUp': 'is the step-up itself',
  'proxies.parse': 'echoes the lines of this request, nothing stored',
  'proxies.check': 'unsaved proxies of this request',
  'proxies.add': 'stores new proxies from this request, replaces nothing',
  'proxies.updateCredentials': 'a proxy login is replaced, nothing is revealed or derived',
  'steamAccounts.extractMafiles': 'reads the files of this request, nothing stored',
  'steamAccounts.parseAccountsToProxies': 'echoes the lines of this request, nothing stored',
  'steamAccounts.add': 'stores new accounts from this request, replaces nothing',
  'steamAccounts.addJob': 'queues the add of new accounts from this request, sealed; replaces nothing',
  'transfer.memberCheck':
    'checks a receiver key given in this request with the market; stores and reveals nothing',
  'p2p.query': 'shows a seller account’s key masked (its last 4 characters), never the key',
  'p2p.get': 'shows a seller account’s key masked (its last 4 characters), never the key',
  'p2p.changeCurrency':
    'answers the seller account with its key masked (its last 4 characters), never the key',
  'sales.export': 'streams the user’s own sales (items, prices, dates) as CSV: no key or password in it',
  'ledger.export':
    'streams the user’s own ledger or profit (amounts, items, dates) as CSV: no key or password in it',
  'portfolio.export':
    'streams the user’s own items (accounts, values, dates) as CSV: no key or password in it',
  'audit.export':
    'streams the workspace’s audit entries (members, operations, ids, times) as CSV: never a secret in it',
};

/**
 * Operations that look like they move items or money but ask for no `withdrawal` step-up, each with the reason. A
 * new operation of that look fails the test below until it moves into `MOVES_ITEMS_OR_MONEY` or is listed here.
 */
const MOVES_EXEMPT: Record<string, string> = {
  'confirmations.list': 'reads the pending confirmations',
  'confirmations.applyRules':
    'accepts only confirmations Tradedeck created (its own offers and listings), as sending them did',
  'harvester.startSession':
    'moves items only between the user’s own accounts (the session’s sources and targets)',
  'harvester.restartTransactions': 'runs again, between the user’s own accounts, once the session is started',
  'harvester.completeSession': 'cancels offers not yet accepted: takes nothing away',
  'harvester.cancelTransactions': 'cancels offers not yet accepted: takes nothing away',
  'steamTrading.sandboxLiftTradeCase': 'sandbox mode only: simulated Steam',
  'p2p.sandboxSimulateSales': 'sandbox mode only: simulated buyers take the items of a started seller',
  'p2p.deliveries': 'reads deliveries',
  'lots.addToSale':
    'lists items on the market: they leave only through a started seller, and starting it asks (p2p.start)',
  'lots.sync': 'reads the market’s listings into the lots',
  'portfolio.saleLots': 'reads the selected assets’ lots and prices them: the listing is lots.addToSale’s',
  'sales.query': 'reads sales',
  'sales.export': 'reads sales',
  'transfer.check': 'asks the market about a transfer already sent: sends nothing',
  'transfer.history': 'reads transfers',
  'admin.approveUser': 'an administrator lets a user in',
  'workspace.accept': 'joins a workspace with the invitation’s code: moves nothing',
  'p2p.query': 'reads seller accounts',
  'p2p.create': 'connects a marketplace key (the api_management step-up)',
  'p2p.update': 'changes a seller account (the api_management step-up for its key)',
  'p2p.pause': 'stops the seller from selling: nothing leaves',
  'p2p.stop': 'stops the seller: nothing leaves',
  'p2p.remove': 'removes stopped seller accounts: nothing leaves',
  'p2p.changeCurrency': 'changes the market currency of an account with nothing on sale',
  'lots.query': 'reads lots',
  'lots.remove': 'takes items off sale: nothing leaves',
  'priceProfile.import': 'imports reference prices',
  'ledger.holds': 'reads the money on hold',
};

/** Operations whose name or summary speaks of moving items or money, or of starting what does. */
const MOVES_LOOK =
  /\b(send\w*|accept\w*|confirm\w*|transfer\w*|start\w*|deliver\w*|sell\w*|sale|withdraw\w*|money|give\w*)\b/i;

function looksLikeMoving(op: Operation): boolean {
  if (op.method === 'GET' || op.id.startsWith('user.') || op.id.startsWith('auth.')) return false;
  const name = op.id.split('.')[1]!.replace(/([a-z])([A-Z])/g, '$1 $2');
  return MOVES_LOOK.test(`${name} ${op.summary}`);
}

const SECRET_FIELD = /secret|password|mafile|recovery|otpauth|apikey|privatekey|passkey|qr/i;
/** Fields that only say whether a secret is stored. */
const STATUS_FIELD = /^has[A-Z]|Left$/;

function fieldNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) fieldNames(item, out);
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && value && typeof value === 'object')
        for (const name of Object.keys(value)) out.add(name);
      fieldNames(value, out);
    }
  }
  return out;
}

function touchesSecrets(op: Operation): boolean {
  if (op.responseBody === 'text-stream') return true;
  const secret = (name: string) => SECRET_FIELD.test(name) && !STATUS_FIELD.test(name);
  const input = [...fieldNames(z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }))];
  const output = [...fieldNames(z.toJSONSchema(op.output, { io: 'output', unrepresentable: 'any' }))];
  return input.some(secret) || output.some(secret);
}

describe('step-up for secrets (ASVS 7.5.1)', () => {
  it('flags exactly the expected operations, and every secret-looking operation is flagged or exempt', () => {
    const flagged = listOperations()
      .filter((op) => op.flags.stepUp)
      .map((op) => op.id)
      .sort();
    expect(flagged).toEqual(STEP_UP_OPERATIONS);
    const unguarded = listOperations()
      .filter((op) => touchesSecrets(op) && !op.flags.stepUp && !(op.id in EXEMPT))
      .map((op) => op.id);
    expect(unguarded).toEqual([]);
    // The exemptions name real operations (a removed operation leaves no stale entry).
    const ids = new Set<string>(listOperations().map((op) => op.id));
    for (const id of Object.keys(EXEMPT)) expect(ids.has(id), id).toBe(true);
  });

  it('asks the withdrawal step-up of every operation that moves items or money, and of no other', () => {
    const moving = listOperations()
      .filter((op) => op.flags.stepUp === 'withdrawal' || op.flags.idempotent)
      .map((op) => op.id)
      .sort();
    expect(moving).toEqual(MOVES_ITEMS_OR_MONEY);
    for (const id of MOVES_ITEMS_OR_MONEY) {
      const op = listOperations().find((candidate) => candidate.id === id)!;
      expect(op.flags, id).toMatchObject({ stepUp: 'withdrawal' });
      // Every one of them except starting the seller (nothing is sent by the call itself) takes an Idempotency-Key.
      expect(Boolean(op.flags.idempotent), id).toBe(id !== 'p2p.start');
    }
    const unclassified = listOperations()
      .filter(
        (op) => looksLikeMoving(op) && !MOVES_ITEMS_OR_MONEY.includes(op.id) && !(op.id in MOVES_EXEMPT),
      )
      .map((op) => op.id);
    expect(unclassified).toEqual([]);
    // Each exemption names a real operation of that look (a removed or renamed one leaves no stale entry).
    const stale = Object.keys(MOVES_EXEMPT).filter((id) => {
      const op = listOperations().find((candidate) => candidate.id === id);
      return !op || !looksLikeMoving(op);
    });
    expect(stale).toEqual([]);
  });

  it('asks a proxy export for a step-up only when its lines show passwords', () => {
    const exportOp = listOperations().find((op) => op.id === 'proxies.export')!;
    const needs = (input: Record<string, unknown>) => exportOp.stepUpWhen?.({ sort: [], ...input });
    expect(needs({ format: 'ip_port_auth' })).toBe(true);
    expect(needs({ format: 'auth_ip_port' })).toBe(true);
    expect(needs({ format: 'custom', template: '{ip}:{pass}' })).toBe(true);
    expect(needs({ format: 'ip_port' })).toBe(false);
    expect(needs({ format: 'custom', template: '{login}@{ip} {{pass}}' })).toBe(false);
  });

  describe('on the server', { timeout: 180_000 }, () => {
    let t: AuthTestApp;
    let user: TestUser;
    let accountId: number;
    let mafile: string;
    let marketKey: string;
    let sellerId = 0;
    const PROXY_PASSWORD = proxyData(71).password!;

    /** One request per flagged operation; the keys must be exactly the flagged operations. */
    const requests: Record<string, () => [string, string, unknown]> = {
      'p2p.create': () => [
        'POST',
        '/api/p2p/accounts',
        { steamAccountId: accountId, apiKey: marketKey, paymentPassword: 'pay-secret-1', tmCurrency: 'USD' },
      ],
      'p2p.update': () => [
        'PATCH',
        `/api/p2p/accounts/${sellerId || 1}`,
        { paymentPassword: 'pay-secret-2' },
      ],
      'transfer.revealKey': () => ['POST', `/api/transfer/tm-accounts/${sellerId || 1}/saved-key`, {}],
      'proxies.export': () => ['POST', '/api/proxies/export', { format: 'ip_port_auth', sort: [] }],
      'steamAccounts.updateCredentials': () => [
        'PUT',
        `/api/steam-accounts/${accountId}/credentials`,
        { mafile },
      ],
      'steamAccounts.updatePassword': () => [
        'PUT',
        `/api/steam-accounts/${accountId}/password`,
        { password: 'Another-Steam-Pass-1' },
      ],
      'user.getOtpKey': () => ['POST', '/api/user/otp-key', {}],
      'user.regenerateRecoveryCodes': () => ['POST', '/api/user/recovery-codes', {}],
      'user.setupAuthenticator': () => ['POST', '/api/user/authenticator', { enable: false }],
      'user.setupEmailOtp': () => ['POST', '/api/user/email-otp', { enable: false }],
    };
    const send = async (id: string): Promise<LightMyRequestResponse> => {
      const [method, url, body] = requests[id]!();
      const res = await t.call(method, url, { token: user.accessToken, body });
      if (id === 'p2p.create' && res.statusCode === 200)
        sellerId = (JSON.parse(res.body) as { data: { id: number } }).data.id;
      return res;
    };
    const events = async (name: string) =>
      (
        (await t.testDb.database.db.execute(
          `select details from security_events where event = '${name}' and user_id = '${user.id}'`,
        )) as unknown as { rows: Array<{ details: { operation: string; purpose: string } }> }
      ).rows.map((row) => row.details);

    beforeAll(async () => {
      t = await createAuthTestApp();
      const admin = await signedInUser(t, 'admin');
      user = await signedInUser(t, 'secrets', admin);
      const [bot] = world.healthyAccounts(1, 710);
      mafile = sandboxMafileText(bot!);
      marketKey = sandboxMarketKey(bot!.login);
      const added = dataOf(
        await addAccounts(t, user, { accounts: { '0': addItem(bot!, { proxyData: proxyData(71) }) } }),
      );
      accountId = added.addedAccounts[0].id;
    }, 180_000);
    afterAll(() => t.close());

    it('has a request for every operation flagged for its secrets', () => {
      expect(Object.keys(requests).sort()).toEqual(SECRET_OPERATIONS);
    });

    it('refuses each without a recent second factor (101 with the purpose), reveals nothing, and audits it', async () => {
      for (const id of SECRET_OPERATIONS) {
        const res = await send(id);
        expect(res.statusCode, `${id}: ${res.body}`).toBe(403);
        expect(errorOf(res), id).toMatchObject({
          resultCode: 101,
          errorDetails: { stepUp: purposeOf(id), requirements: ['emailCode'] },
        });
        expect(res.body).not.toContain(PROXY_PASSWORD);
      }
      expect((await events('step_up_required')).map((d) => d.operation).sort()).toEqual(SECRET_OPERATIONS);
      expect(await events('step_up_operation')).toEqual([]);
    });

    it('allows each once the session stepped up, audits it, and closes again after 15 minutes', async () => {
      await stepUp(t, user);
      for (const id of SECRET_OPERATIONS) {
        const res = await send(id);
        expect(res.statusCode, `${id}: ${res.body}`).toBe(ALLOWED_STATUS[id] ?? 200);
        if (id === 'proxies.export') expect(res.body).toContain(PROXY_PASSWORD);
      }
      const allowed = await events('step_up_operation');
      expect(allowed.map((d) => d.operation).sort()).toEqual(SECRET_OPERATIONS);
      expect(JSON.stringify(allowed)).not.toContain(PROXY_PASSWORD);

      t.clock.advance(15 * 60_000 + 1000);
      await renew(t, user);
      const late = await send('proxies.export');
      expect(errorOf(late)).toMatchObject({ resultCode: 101, errorDetails: { stepUp: 'secrets' } });
    });

    it('is rate-limited per user across the flagged operations, and the refusal is audited', async () => {
      await stepUp(t, user);
      // A fresh window: the calls above counted towards the current one.
      await t.testDb.database.db.execute(`delete from rate_limits where key = 'step-up:${user.id}'`);
      let answered = 0;
      for (; answered < 40; answered += 1) {
        const res = await send('proxies.export');
        if (res.statusCode === 429) break;
        expect(res.statusCode).toBe(200);
      }
      expect(answered).toBe(30);
      for (const id of SECRET_OPERATIONS) {
        const res = await send(id);
        expect(res.statusCode, id).toBe(429);
        expect(errorOf(res).resultCode).toBe(8);
      }
      expect((await events('step_up_rate_limited')).length).toBeGreaterThanOrEqual(SECRET_OPERATIONS.length);
    });
  });
});

describe('items and money stay with a stale second factor', { timeout: 240_000 }, () => {
  const journalPath = join(mkdtempSync(join(tmpdir(), 'tradedeck-step-up-')), 'sandbox.jsonl');
  const sandbox = new SandboxWorld(undefined, { journal: new SandboxJournal(journalPath) });
  const market = new SandboxMarket(sandbox);
  const bots = sandbox.healthyAccounts(6, 9101);
  const [alice, bob] = [bots[0]!, bots[1]!];
  /** A Steam account that is none of the user's. */
  const stranger = sandbox.healthyAccounts(1, 9191)[0]!;
  let t: AuthTestApp;
  let user: TestUser;
  let call: WithdrawalWorld['call'];
  let ids: number[];
  let sellerIds: number[];
  let give: { appId: number; contextId: string; assetId: string; amount: number }[];
  let incomingOfferId: string;
  let unconfirmedOfferId: string;
  let manifest: {
    paths: Record<string, Record<string, { operationId: string; 'x-flags': Record<string, unknown> }>>;
  };

  /** What reached the simulated Steam: one journal line per change (send, accept, confirmation answer ...). */
  const journal = () =>
    readFileSync(journalPath, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { op: string });
  /** Money-sends in the sandbox market's ledger of the sender, and its balance. */
  const moneySends = () => market.account(sandboxMarketKey(alice.login), 'USD')?.sends.size ?? 0;
  const balance = () => market.account(sandboxMarketKey(alice.login), 'USD')?.available ?? 0;
  const stillHeld = () =>
    give.every((item) =>
      sandbox.trading.inventories.find(alice.steamId, item.appId, item.contextId, item.assetId, Date.now()),
    );
  const sellerStatuses = async () =>
    Promise.all(
      sellerIds.map(async (id) => (await okData(call('GET', `/api/p2p/accounts/${id}`))).status as string),
    );

  /** One request per operation of `MOVES_ITEMS_OR_MONEY`, each towards someone who is not the user. */
  const requests: Record<string, () => [string, string, unknown]> = {
    'p2p.start': () => ['POST', '/api/p2p/accounts/start', { ids: sellerIds }],
    // A confirmation Steam does not list is not known to be ours: it asks like a foreign one.
    'confirmations.answer': () => [
      'POST',
      '/api/confirmations/answer',
      { accountId: ids[0], confirmationIds: ['1'], accept: true },
    ],
    'confirmations.answerOffer': () => [
      'POST',
      `/api/confirmations/offers/${incomingOfferId}/answer`,
      { accountId: ids[0], accept: true },
    ],
    'confirmations.answerMatching': () => [
      'POST',
      '/api/confirmations/answer-matching',
      { accountIds: [ids[0]], accept: true },
    ],
    'steamTrading.sendOffer': () => [
      'POST',
      `/api/steam-accounts/${ids[0]}/offers`,
      {
        partnerSteamId: stranger.steamId,
        tradeToken: sandbox.trading.tradeToken(stranger.steamId),
        itemsToGive: give,
        confirm: true,
      },
    ],
    'steamTrading.acceptOffer': () => [
      'POST',
      `/api/steam-accounts/${ids[0]}/offers/${incomingOfferId}/accept`,
      { confirm: true },
    ],
    'steamTrading.confirmOffers': () => [
      'POST',
      `/api/steam-accounts/${ids[0]}/confirmations`,
      { offerIds: [unconfirmedOfferId], accept: true },
    ],
    'transfer.send': () => [
      'POST',
      '/api/transfer',
      {
        fromId: sellerIds[0],
        toId: sellerIds[1],
        amount: { currency: 'USD', amount: 1_000 },
        apiKey: sandboxMarketKey(bob.login),
        paymentPassword: 'pay-secret-1',
      },
    ],
  };

  beforeAll(async () => {
    const world = await withdrawalWorld({
      sandbox,
      market,
      accounts: bots,
      userName: 'withdrawals',
      firstProxy: 120,
    });
    ({ t, user, call, ids, sellerIds } = world);
    give = world.items.slice(0, 5);
    const held = world.items.slice(5, 6);
    // While the second factor is fresh: an offer to the stranger left unconfirmed, its item still ours.
    const unconfirmed = await okData(
      call('POST', `/api/steam-accounts/${ids[0]}/offers`, {
        ...(requests['steamTrading.sendOffer']!()[2] as object),
        itemsToGive: held,
        confirm: false,
      }),
    );
    unconfirmedOfferId = unconfirmed.offerId as string;
    give.push(...held);
    // The stranger asks for the items in an offer of their own.
    sandbox.trading.acknowledge(stranger.steamId);
    const incoming = sandbox.trading.send(
      stranger,
      {
        partnerSteamId: alice.steamId,
        tradeToken: sandbox.trading.tradeToken(alice.steamId),
        itemsToGive: [],
        itemsToReceive: give.slice(0, 5),
        message: 'gift?',
        reference: 'stranger-1',
      },
      Date.now(),
    );
    if (!incoming.ok) throw new Error(`stranger's offer: ${JSON.stringify(incoming)}`);
    incomingOfferId = incoming.offerId;
    manifest = (await t.call('GET', '/api/manifest')).json();
    // The second factor was passed 16 minutes ago.
    t.clock.advance(16 * 60_000);
    await renew(t, user);
  }, 240_000);
  afterAll(() => t?.close());

  it('walks every operation the manifest flags as moving items or money', () => {
    const flagged = Object.values(manifest.paths)
      .flatMap((methods) => Object.values(methods))
      .filter((op) => op['x-flags'].stepUp === 'withdrawal' || op['x-flags'].idempotent)
      .map((op) => op.operationId)
      .sort();
    expect(flagged).toEqual(MOVES_ITEMS_OR_MONEY);
    expect(Object.keys(requests).sort()).toEqual(flagged);
  });

  it('answers each 101 (withdrawal): no offer, acceptance, confirmation or money-send reaches the services', async () => {
    const steamBefore = journal().length;
    const sendsBefore = moneySends();
    const balanceBefore = balance();
    expect(stillHeld()).toBe(true);
    for (const id of MOVES_ITEMS_OR_MONEY) {
      const [method, url, body] = requests[id]!();
      const res = await call(method, url, body);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(403);
      expect(errorOf(res), id).toMatchObject({ resultCode: 101, errorDetails: { stepUp: 'withdrawal' } });
    }
    expect(journal().slice(steamBefore)).toEqual([]);
    expect(moneySends()).toBe(sendsBefore);
    expect(balance()).toBe(balanceBefore);
    expect(stillHeld()).toBe(true);
    expect(sandbox.trading.get(alice.steamId, incomingOfferId, Date.now())).toMatchObject({
      ok: true,
      offer: { state: 2 },
    });
    expect(sandbox.trading.confirmations(alice.steamId).map((c) => c.creatorId)).toContain(
      unconfirmedOfferId,
    );
    expect(await sellerStatuses()).not.toContain('online');
  });

  it('keeps an offer between the user’s own accounts one keystroke away', async () => {
    const steamBefore = journal().length;
    const sent = await okData(
      call('POST', `/api/steam-accounts/${ids[0]}/offers`, {
        partnerSteamId: bob.steamId,
        tradeToken: sandbox.trading.tradeToken(bob.steamId),
        itemsToGive: give.slice(0, 1),
        confirm: true,
      }),
    );
    expect(sent).toMatchObject({ status: 'done' });
    expect(
      journal()
        .slice(steamBefore)
        .map((change) => change.op),
    ).toContain('send');
  });

  it('reads the guard codes of a few accounts, asks before codes in bulk, and lets everything through once stepped up', async () => {
    for (const id of ids.slice(0, 5)) {
      expect((await call('POST', `/api/steam-accounts/${id}/guard-code`, {})).statusCode).toBe(200);
    }
    // The same accounts again cost nothing more.
    expect((await call('POST', `/api/steam-accounts/${ids[0]}/guard-code`, {})).statusCode).toBe(200);
    const sixth = await call('POST', '/api/steam-accounts/guard-code', { login: bots[5]!.login });
    expect(errorOf(sixth)).toMatchObject({ resultCode: 101, errorDetails: { stepUp: 'secrets' } });

    await stepUp(t, user);
    expect((await call('POST', '/api/steam-accounts/guard-code', { login: bots[5]!.login })).statusCode).toBe(
      200,
    );
    const before = journal().length;
    // The same offer now reaches Steam, to the stranger.
    const sent = await okData(call(...requests['steamTrading.sendOffer']!()));
    expect(sent).toMatchObject({ status: 'done', partnerSteamId: stranger.steamId });
    expect(
      journal()
        .slice(before)
        .map((change) => change.op),
    ).toContain('send');
  });
});
