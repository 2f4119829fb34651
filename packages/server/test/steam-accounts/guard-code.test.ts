import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../../src/db/schema.ts';
import { type AuthTestApp, createAuthTestApp, stepUp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { addAccounts, addItem, dataOf, proxyData, world } from './helpers.ts';

/** steam-totp 2.1.2 reference vectors (the same as ArchiSteamFarm's unit tests). */
const SHARED = 'KDHC3rsY8+CmiswnXJcE5e5dRfd=';
const SANDBOX_STEAM_OFFSET_S = 7;

describe('steamAccounts.guardCode', () => {
  let t: AuthTestApp;
  let user: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let steamMs = Date.now();
  let withProxy: { id: number; login: string };
  let withoutProxy: { id: number; login: string };

  const guardCode = (id: number, who = user) =>
    t.call('POST', `/api/steam-accounts/${id}/guard-code`, { token: who.accessToken, body: {} });

  /** A new user of this app with `count` sandbox accounts (bots from `seed`, proxies from `proxyBase`). */
  const userWithAccounts = async (name: string, count: number, seed: number, proxyBase: number) => {
    const owner = await signedInUser(t, name, admin);
    const accounts = Object.fromEntries(
      world
        .healthyAccounts(count, seed)
        .map((bot, i) => [String(i), addItem(bot, { proxyData: proxyData(proxyBase + i) })]),
    );
    const added = dataOf(await addAccounts(t, owner, { accounts })).addedAccounts as {
      id: number;
      login: string;
    }[];
    expect(added).toHaveLength(count);
    return { owner, added, ids: added.map((account) => account.id) };
  };

  /** Gives a stored account the reference shared secret (its own login in the file). */
  const useReferenceSecret = async (account: { id: number; login: string }) => {
    const res = await t.call('PUT', `/api/steam-accounts/${account.id}/credentials`, {
      token: user.accessToken,
      body: { mafile: JSON.stringify({ account_name: account.login, shared_secret: SHARED }) },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createAuthTestApp({}, undefined, {
      steam: { clock: { now: () => steamMs, sleep: async () => {} } },
    });
    admin = await signedInUser(t, 'admin');
    user = await signedInUser(t, 'guard', admin);
    other = await signedInUser(t, 'guard-other', admin);
    const [a, b] = world.healthyAccounts(2, 901);
    const added = dataOf(
      await addAccounts(t, user, {
        accounts: {
          '0': addItem(a!, { proxyData: proxyData(90) }),
          '1': addItem(b!, { proxyData: proxyData(91) }),
        },
      }),
    ).addedAccounts as { id: number; login: string }[];
    withProxy = added.find((row) => row.login === a!.login)!;
    withoutProxy = added.find((row) => row.login === b!.login)!;
    await t.call('PUT', `/api/steam-accounts/${withoutProxy.id}/proxy`, {
      token: user.accessToken,
      body: { proxyId: null },
    });
    // Replacing the maFile needs a step-up; reading guard codes below does not.
    await stepUp(t, user);
    await useReferenceSecret(withProxy);
    await useReferenceSecret(withoutProxy);
  }, 180_000);
  afterAll(() => t.close());

  it('matches steam-totp on Steam’s clock, read through the account’s proxy', async () => {
    steamMs = (1723332288 - SANDBOX_STEAM_OFFSET_S) * 1000;
    const res = await guardCode(withProxy.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toEqual({ code: 'JQ3HQ', remainingSeconds: 12 });
  });

  it('uses the local clock for an account without a proxy (nothing is sent to Steam)', async () => {
    steamMs = 1337 * 1000;
    expect(dataOf(await guardCode(withoutProxy.id))).toEqual({ code: '47J4D', remainingSeconds: 13 });
  });

  it('answers 3 for another user’s account and logs each call without the code', async () => {
    expect((await guardCode(withProxy.id, other)).json().error.resultCode).toBe(3);
    const events = await t.testDb.database.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.event, 'steamAccount.guardCode'));
    const mine = events.filter((event) => event.userId === user.id);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine[0]!.details).toMatchObject({ accountId: expect.any(Number), login: expect.any(String) });
    expect(JSON.stringify(events)).not.toMatch(/JQ3HQ|47J4D/);
  });

  it('answers by login in any case with the code of that account; 3 for an unknown login or another user’s', async () => {
    const byLogin = (login: string, who = user) =>
      t.call('POST', '/api/steam-accounts/guard-code', { token: who.accessToken, body: { login } });
    steamMs = 1337 * 1000;
    const res = await byLogin(` ${withoutProxy.login.toUpperCase()} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toEqual({ code: '47J4D', remainingSeconds: 13 });
    expect((await byLogin('nobody_here')).json().error.resultCode).toBe(3);
    expect((await byLogin(withoutProxy.login, other)).json().error.resultCode).toBe(3);
  });

  it('is rate-limited per account (10 a minute) and per user (30 a minute), then 429 with result 8', async () => {
    const { owner: fresh, ids } = await userWithAccounts('guard-limit', 4, 950, 95);
    const expectLimited = async (id: number) => {
      const limited = await guardCode(id, fresh);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.resultCode).toBe(8);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    };
    const codes = async (id: number, n: number) => {
      for (let i = 0; i < n; i += 1) expect((await guardCode(id, fresh)).statusCode).toBe(200);
    };
    await codes(ids[0]!, 10);
    await expectLimited(ids[0]!); // the account's budget; the user has used 11 of 30
    await codes(ids[1]!, 10);
    await codes(ids[2]!, 9);
    await expectLimited(ids[3]!); // a fresh account, but the user's 30 are spent
  });

  it('audits every reveal, a few without the step-up and the rest in bulk behind it: who, which account, which session, when', async () => {
    const { owner: reader, added } = await userWithAccounts('guard-bulk', 7, 970, 120);
    const startedAt = Date.now();
    for (const account of added.slice(0, 5))
      expect((await guardCode(account.id, reader)).statusCode).toBe(200);
    // The sixth account's code is a reveal in bulk: it needs a fresh second factor.
    expect((await guardCode(added[5]!.id, reader)).json().error.resultCode).toBe(101);
    await stepUp(t, reader);
    expect((await guardCode(added[5]!.id, reader)).statusCode).toBe(200);
    const byLogin = await t.call('POST', '/api/steam-accounts/guard-code', {
      token: reader.accessToken,
      body: { login: added[6]!.login },
    });
    expect(byLogin.statusCode, byLogin.body).toBe(200);

    const events = (
      await t.testDb.database.db.select().from(securityEvents).where(eq(securityEvents.userId, reader.id))
    ).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const reveals = events.filter((event) => event.event === 'steamAccount.guardCode');
    expect(
      reveals.map((event) => [(event.details as { accountId: number }).accountId, event.details]),
    ).toEqual(
      added.map((account, i) => [account.id, { accountId: account.id, login: account.login, bulk: i >= 5 }]),
    );
    const sessions = new Set(reveals.map((event) => event.sessionId));
    expect(sessions.size).toBe(1);
    expect([...sessions][0]).toMatch(/^[0-9a-f-]{36}$/);
    for (const event of reveals) {
      expect(event.ip).toBeTruthy();
      expect(event.createdAt.getTime()).toBeGreaterThanOrEqual(startedAt - 1_000);
    }
    // The refused bulk reveal is on record too, from the same session.
    const refused = events.find(
      (event) =>
        event.event === 'step_up_required' &&
        (event.details as { operation?: string }).operation === 'steamAccounts.guardCode',
    );
    expect(refused?.sessionId).toBe([...sessions][0]);
  }, 120_000);

  it('a refused bulk reveal stays refused when asked again without the step-up', async () => {
    const { owner: reader, ids } = await userWithAccounts('guard-retry', 6, 990, 140);
    for (const id of ids.slice(0, 5)) expect((await guardCode(id, reader)).statusCode).toBe(200);
    expect((await guardCode(ids[5]!, reader)).json().error.resultCode).toBe(101);
    // Asking again reveals nothing more: the account was never read, so it is still a sixth account.
    expect((await guardCode(ids[5]!, reader)).json().error.resultCode).toBe(101);
    // An account already read in the window stays free.
    expect((await guardCode(ids[0]!, reader)).statusCode).toBe(200);
  }, 120_000);
});
