import { listOperations, type Operation } from '@tradedeck/sdk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sandboxMarketKey } from '../../src/integrations/market/index.ts';
import { sandboxMafileText } from '../../src/integrations/steam/index.ts';
import {
  type AuthTestApp,
  createAuthTestApp,
  errorOf,
  renew,
  signUp,
  stepUp,
  type TestUser,
} from '../auth/helpers/auth-app.ts';
import { addAccounts, addItem, dataOf, proxyData, world } from '../steam-accounts/helpers.ts';

/** The purpose each flagged operation names in its 101 answer. */
function purposeOf(id: string): string {
  if (id.startsWith('user.')) return 'twoFactorSettings';
  if (id === 'transfer.send') return 'withdrawal';
  if (id.startsWith('p2p.') || id === 'transfer.revealKey') return 'api_management';
  return 'secrets';
}

/** Passed the step-up, then answered by the operation itself: nothing saved to reveal, no such account. */
const ALLOWED_STATUS: Record<string, number> = { 'transfer.revealKey': 404, 'transfer.send': 404 };

/** Every operation that reveals, derives or replaces a secret: each needs a recent second factor. */
const STEP_UP_OPERATIONS = [
  'p2p.create',
  'p2p.update',
  'proxies.export',
  'steamAccounts.updateCredentials',
  'steamAccounts.updatePassword',
  'transfer.revealKey',
  'transfer.send',
  'user.getOtpKey',
  'user.regenerateRecoveryCodes',
  'user.setupAuthenticator',
  'user.setupEmailOtp',
];

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
  'steamAccounts.guardCode': 'traders copy codes all day: rate-limited per account and audited instead',
  'steamAccounts.guardCodeByLogin': 'guardCode by login: the same limits and audit',
};

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
      'transfer.send': () => [
        'POST',
        '/api/transfer',
        {
          fromId: 999_998,
          toId: 999_999,
          amount: { currency: 'USD', amount: 1000 },
          paymentPassword: 'pay-secret-1',
        },
      ],
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
      const admin = await signUp(t, 'admin');
      user = await signUp(t, 'secrets', admin);
      const [bot] = world.healthyAccounts(1, 710);
      mafile = sandboxMafileText(bot!);
      marketKey = sandboxMarketKey(bot!.login);
      const added = dataOf(
        await addAccounts(t, user, { accounts: { '0': addItem(bot!, { proxyData: proxyData(71) }) } }),
      );
      accountId = added.addedAccounts[0].id;
    }, 180_000);
    afterAll(() => t.close());

    it('has a request for every flagged operation', () => {
      expect(Object.keys(requests).sort()).toEqual(STEP_UP_OPERATIONS);
    });

    it('refuses each without a recent second factor (101 with the purpose), reveals nothing, and audits it', async () => {
      for (const id of STEP_UP_OPERATIONS) {
        const res = await send(id);
        expect(res.statusCode, `${id}: ${res.body}`).toBe(403);
        expect(errorOf(res), id).toMatchObject({
          resultCode: 101,
          errorDetails: { stepUp: purposeOf(id), requirements: ['emailCode'] },
        });
        expect(res.body).not.toContain(PROXY_PASSWORD);
      }
      expect((await events('step_up_required')).map((d) => d.operation).sort()).toEqual(STEP_UP_OPERATIONS);
      expect(await events('step_up_operation')).toEqual([]);
    });

    it('allows each once the session stepped up, audits it, and closes again after 15 minutes', async () => {
      await stepUp(t, user);
      for (const id of STEP_UP_OPERATIONS) {
        const res = await send(id);
        expect(res.statusCode, `${id}: ${res.body}`).toBe(ALLOWED_STATUS[id] ?? 200);
        if (id === 'proxies.export') expect(res.body).toContain(PROXY_PASSWORD);
      }
      const allowed = await events('step_up_operation');
      expect(allowed.map((d) => d.operation).sort()).toEqual(STEP_UP_OPERATIONS);
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
      for (const id of STEP_UP_OPERATIONS) {
        const res = await send(id);
        expect(res.statusCode, id).toBe(429);
        expect(errorOf(res).resultCode).toBe(8);
      }
      expect((await events('step_up_rate_limited')).length).toBeGreaterThanOrEqual(STEP_UP_OPERATIONS.length);
    });
  });
});
