/**
 * A seller account whose Steam session cannot name its proxy (its Steam account has none: the proxy was never set
 * or was deleted) has every market call refused as "market unavailable": nothing is sent to the market, and above
 * all nothing from the server's own address.
 */
import type { LotRow } from '@tradedeck/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { lotMessages } from '../../src/modules/lots/messages.ts';
import type { AuthTestApp, TestUser } from '../auth/helpers/auth-app.ts';
import type { FakeTm } from '../market/helpers/fake-tm.ts';
import { as, ok } from '../steam-trading/helpers.ts';
import { startFakeTmSeller } from './fake-tm-seller.ts';

const KEY = 'LotsRefusedKey0123456789abcdefAB';
const PAY_PASSWORD = 'pay-Secret-43';

const world = new SandboxWorld();
const [bot] = world.healthyAccounts(1, 7451);

let fake: FakeTm;
let t: AuthTestApp;
let user: TestUser;

interface SyncAnswer {
  accounts: number;
  lots: number;
  failed: { account: { login: string }; message: string }[];
}

beforeAll(async () => {
  ({ fake, t, user } = await startFakeTmSeller({
    name: 'lots-refused',
    key: KEY,
    payPassword: PAY_PASSWORD,
    bot: bot!,
    inventory: ['32001'],
    proxy: { protocol: 'http', address: '10.63.0.1', port: 3128, username: null, password: null },
    // The proxy is deleted and the account freed from it: its Steam session has no proxy to name.
    beforeSellerAccount: async (parts) => {
      const proxies = await ok<{ items: { id: number }[] }>(
        as(parts.t, parts.user.accessToken, 'POST', '/api/proxies/query', {}),
      );
      const removed = await ok<{ detachedAccountIds: number[] }>(
        as(parts.t, parts.user.accessToken, 'DELETE', `/api/proxies/${proxies.items[0]!.id}?detach=true`),
      );
      expect(removed.detachedAccountIds).toEqual([parts.steamAccountId]);
    },
  }));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('an account whose Steam session cannot name its proxy', { timeout: 60_000 }, () => {
  it('has its sync refused as market unavailable, in the language of the user, with no market call made', async () => {
    const callsBefore = fake.requests.length;
    const sync = await ok<SyncAnswer>(as(t, user.accessToken, 'POST', '/api/p2p/lots/sync', {}));
    expect(sync.accounts).toBe(0);
    expect(sync.failed).toHaveLength(1);
    expect(sync.failed[0]!.account.login).toBe(bot!.login);
    expect(sync.failed[0]!.message).toContain(lotMessages.marketUnavailable.en);
    const russian = await ok<SyncAnswer>(as(t, user.accessToken, 'POST', '/api/p2p/lots/sync', {}, 'ru-RU'));
    expect(russian.failed[0]!.message).toContain(lotMessages.marketUnavailable.ru);
    const { items } = await ok<{ items: LotRow[] }>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/query', {}),
    );
    expect(items).toEqual([]);
    // Nothing reached the market, from any address.
    expect(fake.requests.slice(callsBefore)).toEqual([]);
  });
});
