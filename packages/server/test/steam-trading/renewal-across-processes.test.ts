/**
 * Two server processes (two apps, each with its own memory, on one database) use one Steam account in live mode
 * against the fake Steam, through a loopback proxy. Steam rotates the refresh token when renewal is asked and the
 * old one dies at once (the fake cites node-steam-session's README `renewRefreshToken`). Neither process may
 * spend a token the other already rotated, and neither falls back to a password sign-in.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { steamAccounts } from '../../src/db/schema.ts';
import type { SteamPortOptions } from '../../src/integrations/steam/index.ts';
import { type AuthTestApp, asTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { type FakeSteam, startFakeSteam } from '../steam/helpers/fake-steam.ts';
import { createFakeTrading } from '../steam/helpers/fake-steam-trading.ts';
import { fakeAccount, secretOf } from '../steam/helpers/live-world.ts';
import { type LoopbackProxy, startConnectProxy } from '../steam/helpers/loopback-proxies.ts';

const CREDENTIALS = { username: 'renewer', password: 'p4ss' };
const ALPHA = fakeAccount('renewal_alpha', 41);

let fake: FakeSteam;
let proxy: LoopbackProxy;
let first: AuthTestApp;
let second: AuthTestApp;
let secondApp: FastifyInstance;
let user: TestUser;
let accountId: number;

/** The maFile of the fake account, as the owner's authenticator keeps it. */
function mafileOf(): string {
  return JSON.stringify({
    shared_secret: ALPHA.sharedSecret,
    identity_secret: secretOf(`${ALPHA.login}:identity`),
    account_name: ALPHA.login,
    device_id: 'android:7b2f4c1e-0000-4000-8000-000000000041',
    Session: { SteamID: ALPHA.steamId },
  });
}

const passwordSignIns = () =>
  fake.requests.filter((label) => label.includes('BeginAuthSessionViaCredentials')).length;

const listOffers = (t: AuthTestApp) =>
  t.call('POST', `/api/steam-accounts/${accountId}/offers/query`, {
    token: user.accessToken,
    body: { sent: true, received: true },
  });

beforeAll(async () => {
  let started: FakeSteam | null = null;
  const trading = createFakeTrading(() => started!);
  trading.identitySecrets.set(ALPHA.steamId, secretOf(`${ALPHA.login}:identity`));
  started = await startFakeSteam([ALPHA], 0, undefined, trading.route);
  fake = started;
  proxy = await startConnectProxy(CREDENTIALS);
  const steam: SteamPortOptions = {
    loginSpacingMs: 0,
    confirmationSpacingMs: 0,
    inventorySpacingMs: 0,
    live: {
      apiBase: `http://api.steam.test:${fake.port}`,
      communityBase: `http://community.steam.test:${fake.port}`,
      requestTimeoutMs: 5000,
      loginTimeoutMs: 10_000,
    },
  };
  first = await createAuthTestApp({ mode: 'live' }, undefined, { steam });
  secondApp = await buildApp({
    config: first.config,
    database: first.testDb.database,
    now: first.clock.now,
    steam,
  });
  await secondApp.ready();
  second = asTestApp({ ...first, app: secondApp });
  user = await signedInUser(first, 'renewer');
  const added = await first.call('POST', '/api/steam-accounts', {
    token: user.accessToken,
    body: {
      accounts: {
        '0': {
          login: ALPHA.login,
          password: ALPHA.password,
          mafile: mafileOf(),
          proxyData: { protocol: 'http', address: '127.0.0.1', port: proxy.port, ...CREDENTIALS },
        },
      },
    },
  });
  expect(added.statusCode, added.body).toBe(200);
  accountId = added.json().data.addedAccounts[0].id;
}, 60_000);

afterAll(async () => {
  await secondApp?.close();
  await first?.close();
  await proxy?.close();
  await fake?.close();
});

describe('refresh-token renewal across processes', () => {
  it('lets two processes refreshing at once spend the stored token once, and both go on with the new one', async () => {
    // From now on every renewal asked is granted: each refresh rotates the token and kills the old one.
    fake.renewalWindowS = 1000 * 86400;
    const signInsBefore = passwordSignIns();
    const [a, b] = await Promise.all([listOffers(first), listOffers(second)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    // Each later call of either process reads the token the other rotated.
    for (const t of [second, first, second]) {
      const again = await listOffers(t);
      expect(again.statusCode, again.body).toBe(200);
    }
    expect(passwordSignIns()).toBe(signInsBefore);
    const [row] = await first.testDb.database.db
      .select({ status: steamAccounts.status, reason: steamAccounts.lastErrorReason })
      .from(steamAccounts)
      .where(eq(steamAccounts.id, accountId));
    expect(row?.reason ?? null).toBeNull();
    expect(fake.leaks).toEqual([]);
  });
});
