import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { addAccounts, addItem, dataOf, proxyData, SDK_FIXTURES, world } from './helpers.ts';

interface LoginCase {
  login: string;
  expect: { reason: string } | null;
}
const CASES = (
  JSON.parse(readFileSync(join(SDK_FIXTURES, 'login-cases.json'), 'utf8')) as { cases: LoginCase[] }
).cases;

/** Every add reason of the spec comes from the sandbox account made for it, and failed rows can be retried. */
describe('add reasons in sandbox mode', () => {
  let t: AuthTestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp();
    const admin = await signedInUser(t, 'admin');
    user = await signedInUser(t, 'reasons', admin);
  });
  afterAll(() => t.close());

  it('answers each case account with its reason, in the request language, and a retry of the failed rows works', async () => {
    const [wrongPassword, withoutProxy, healthy] = world.healthyAccounts(3, 601);
    const accounts: Record<string, ReturnType<typeof addItem>> = {};
    CASES.forEach((item, i) => {
      // Each case gets its own proxy, so a rested proxy (rate limit) cannot spill into another row.
      accounts[String(i)] = addItem(world.find(item.login)!, { proxyData: proxyData(100 + i) });
    });
    const base = CASES.length;
    accounts[String(base)] = addItem(wrongPassword!, { proxyData: proxyData(200) }, 'not-the-password');
    accounts[String(base + 1)] = addItem(withoutProxy!);
    accounts[String(base + 2)] = addItem(healthy!, { proxyData: proxyData(201) });

    const res = await addAccounts(t, user, { mode: 'multiple', accounts }, 'ru-RU');
    expect(res.statusCode, res.body).toBe(200);
    const first = dataOf(res);
    const expected: Record<string, string> = {};
    CASES.forEach((item, i) => {
      if (item.expect) expected[String(i)] = item.expect.reason;
    });
    expected[String(base)] = 'invalidPassword';
    expected[String(base + 1)] = 'noProxy';
    expect(
      Object.fromEntries(Object.entries(first.errors).map(([k, v]) => [k, (v as { reason: string }).reason])),
    ).toEqual(expected);
    expect(first.errors[String(base)].message).toBe('Неверный пароль');
    expect(first.errors[String(base + 1)].message).toBe('Нет прокси');
    const addedLogins = first.addedAccounts.map((a: { login: string }) => a.login).sort();
    expect(addedLogins).toEqual(
      [...CASES.filter((c) => c.expect === null).map((c) => c.login), healthy!.login].sort(),
    );
    // Each spec reason is covered by at least one case account.
    expect(new Set(Object.values(expected))).toEqual(
      new Set([
        'invalidPassword',
        'invalidMafile',
        'noProxy',
        'proxyError',
        'authenticationProblem',
        'invalidSteamGuardType',
        'phoneApprovalOnly',
        'unknownError',
      ]),
    );

    // Retry only the failed rows, with the two fixable ones fixed.
    const retry: Record<string, ReturnType<typeof addItem>> = {};
    for (const key of Object.keys(first.errors)) retry[key] = accounts[key]!;
    retry[String(base)] = addItem(wrongPassword!, { proxyData: proxyData(200) });
    retry[String(base + 1)] = addItem(withoutProxy!, { proxyData: proxyData(202) });
    const second = dataOf(await addAccounts(t, user, { mode: 'multiple', accounts: retry }, 'en-US'));
    expect(second.addedAccounts.map((a: { login: string }) => a.login).sort()).toEqual(
      [wrongPassword!.login, withoutProxy!.login].sort(),
    );
    const stillFailing = { ...expected };
    delete stillFailing[String(base)];
    delete stillFailing[String(base + 1)];
    expect(
      Object.fromEntries(
        Object.entries(second.errors).map(([k, v]) => [k, (v as { reason: string }).reason]),
      ),
    ).toEqual(stillFailing);
    const total = dataOf(
      await t.call('GET', '/api/steam-accounts/counters', { token: user.accessToken }),
    ).total;
    expect(total).toBe(addedLogins.length + 2);
  });
});
