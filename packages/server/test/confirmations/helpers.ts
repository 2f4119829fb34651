/**
 * The confirmations centre against the fake Steam in live mode: three accounts behind a loopback proxy, each with
 * confirmations of the five kinds Tradedeck did not create, and the offers a test sends through Tradedeck itself.
 */
import type { AppOptions } from '../../src/app.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { type FakeAccount, type FakeSteam, startFakeSteam } from '../steam/helpers/fake-steam.ts';
import { createFakeTrading, type FakeTrading } from '../steam/helpers/fake-steam-trading.ts';
import { fakeAccount, secretOf } from '../steam/helpers/live-world.ts';
import { type LoopbackProxy, startConnectProxy } from '../steam/helpers/loopback-proxies.ts';

const CREDENTIALS = { username: 'confirmer', password: 'p4ss' };

/** Steam's type numbers of the five kinds (see the fake's header for their references). */
export const FOREIGN_TYPES = {
  trade: 2,
  marketListing: 3,
  purchase: 12,
  accountRecovery: 6,
  apiKey: 9,
} as const;

export interface CentreWorld {
  t: AuthTestApp;
  fake: FakeSteam;
  trading: FakeTrading;
  proxy: LoopbackProxy;
  user: TestUser;
  accounts: { who: FakeAccount; id: number }[];
  close(): Promise<void>;
}

function mafileOf(who: FakeAccount, n: number): string {
  return JSON.stringify({
    shared_secret: who.sharedSecret,
    identity_secret: secretOf(`${who.login}:identity`),
    account_name: who.login,
    device_id: `android:7b2f4c1e-0000-4000-8000-0000000000${n}`,
    Session: { SteamID: who.steamId },
  });
}

export async function startCentreWorld(
  prefix: string,
  first: number,
  confirmations: AppOptions['confirmations'] = {},
): Promise<CentreWorld> {
  const people = [0, 1, 2].map((i) => fakeAccount(`${prefix}_${i}`, first + i));
  let started: FakeSteam | null = null;
  // No spacing here: pacing is the trading area's and has its own tests.
  const trading = createFakeTrading(() => started!, { confirmationSpacingMs: 0, confirmationDelayMs: 0 });
  for (const who of people) {
    trading.identitySecrets.set(who.steamId, secretOf(`${who.login}:identity`));
    trading.tradeTokens.set(who.steamId, `tok${who.steamId.slice(-5)}`);
  }
  started = await startFakeSteam(people, 0, undefined, trading.route);
  const fake = started;
  const proxy = await startConnectProxy(CREDENTIALS);
  const t = await createAuthTestApp({ mode: 'live' }, undefined, {
    confirmations,
    steam: {
      loginSpacingMs: 0,
      confirmationSpacingMs: 0,
      inventorySpacingMs: 0,
      live: {
        apiBase: `http://api.steam.test:${fake.port}`,
        communityBase: `http://community.steam.test:${fake.port}`,
        requestTimeoutMs: 5000,
        loginTimeoutMs: 10_000,
      },
    },
  });
  const user = await signedInUser(t, `${prefix}-owner`);
  const added = await t.call('POST', '/api/steam-accounts', {
    token: user.accessToken,
    body: {
      accounts: Object.fromEntries(
        people.map((who, i) => [
          String(i),
          {
            login: who.login,
            password: who.password,
            mafile: mafileOf(who, first + i),
            proxyData: { protocol: 'http', address: '127.0.0.1', port: proxy.port, ...CREDENTIALS },
          },
        ]),
      ),
    },
  });
  if (added.statusCode !== 200) throw new Error(`add accounts: ${added.body}`);
  const rows = added.json().data.addedAccounts as { id: number; login: string }[];
  const accounts = people.map((who) => ({ who, id: rows.find((row) => row.login === who.login)!.id }));
  return {
    t,
    fake,
    trading,
    proxy,
    user,
    accounts,
    async close() {
      await t.close();
      await proxy.close();
      await fake.close();
    },
  };
}

/** Confirmations of the five kinds on the account that Tradedeck did not create, listed at once. */
export function addForeignConfirmations(world: CentreWorld, steamId: string, seed: number) {
  return Object.entries(FOREIGN_TYPES).map(([kind, type], i) =>
    world.trading.addForeignConfirmation(steamId, String(8_100_000_000 + seed * 10 + i), type, [
      `${kind} item`,
    ]),
  );
}

/** An offer Tradedeck sends from one account to another (not confirmed): its confirmation is ours. */
export async function sendOurOffer(world: CentreWorld, from: number, to: number, assetId: string) {
  const sender = world.accounts[from]!;
  const partner = world.accounts[to]!;
  const res = await world.t.call('POST', `/api/steam-accounts/${sender.id}/offers`, {
    token: world.user.accessToken,
    body: {
      partnerSteamId: partner.who.steamId,
      tradeToken: world.trading.tradeTokens.get(partner.who.steamId),
      itemsToGive: [{ appId: 730, contextId: '2', assetId, amount: 1 }],
      confirm: false,
    },
  });
  if (res.statusCode !== 200) throw new Error(`send: ${res.body}`);
  return res.json().data.offerId as string;
}
