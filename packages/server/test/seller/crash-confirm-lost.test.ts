import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import {
  callApi as call,
  logInOnSpawned,
  sandboxServers,
  signUpOnSpawned,
  stepUpOnSpawned,
  pollUntil as until,
} from '../helpers/spawned-api.ts';
import { type FakeTm, startFakeTm } from '../market/helpers/fake-tm.ts';
import { type LoopbackProxy, startConnectProxy } from '../steam/helpers/loopback-proxies.ts';
import { addItem } from '../steam-accounts/helpers.ts';

// A server killed (SIGKILL) after Steam took a delivery's confirmation but before its reply arrived: the
// confirmation is gone from the list when the next server looks. The delivery is settled from the offer's own
// state and registered with the market (TM's own ledger: one trade-ready), without a second offer or answer.
const PASSWORD = 'Quartz-Lantern-42';
const EMAIL = 'seller-confirm-lost@example.test';
const KEY = 'tm-key-confirm-lost-0123456789';
const world = new SandboxWorld();
const [seller] = world.healthyAccounts(1, 5701);
const [buyer] = world.healthyAccounts(1, 5801);
// TM's message sent whole: longer than what leaves room for our reference in Steam's 128 characters.
const TM_MESSAGE = `Market order 51234: ${'m'.repeat(90)}`;

const { journal, start } = sandboxServers('tradedeck-seller-confirm-lost-');
let fake: FakeTm;
let proxy: LoopbackProxy;
afterAll(async () => {
  await fake?.close();
  await proxy?.close();
});

interface Delivery {
  hash: string;
  status: string;
  offerId: string | null;
}

const journalOps = (op: string) =>
  readFileSync(journal, 'utf8')
    .split('\n')
    .filter((line) => line.includes(`"op":"${op}"`));

describe('a seller server killed while its confirmation reply is on its way', () => {
  it('ends the delivery ready with exactly one trade-ready and one offer', async () => {
    const now = Date.now();
    const asset = [...world.trading.inventories.context(seller!.steamId, 730, '2', now).values()].find(
      (item) => world.trading.inventories.isTradable(item, now),
    )!;
    fake = await startFakeTm([
      {
        key: KEY,
        currency: 'USD',
        money: 0,
        steamId64: seller!.steamId,
        deliveries: [
          {
            hash: 'hash-confirm-lost',
            partner: buyer!.steamId,
            token: world.trading.tradeToken(buyer!.steamId),
            tradeoffermessage: TM_MESSAGE,
            items: [{ appid: 730, contextid: '2', assetid: asset.assetId, amount: 1 }],
          },
        ],
      },
    ]);
    proxy = await startConnectProxy({ username: 'seller', password: 'proxy-pass' });
    const market = { TRADEDECK_MARKET_MODE: 'live', TRADEDECK_TM_BASE_URL: fake.baseUrl };

    // The first server's confirmation answer takes effect on Steam, then its reply never comes in time.
    const first = await start({ ...market, TRADEDECK_SANDBOX_CONFIRM_DELAY_MS: '600000' });
    let token = await signUpOnSpawned(first.server, first.url, {
      email: EMAIL,
      userName: 'confirmlost',
      password: PASSWORD,
    });
    const proxyData = {
      protocol: 'http' as const,
      address: '127.0.0.1',
      port: proxy.port,
      username: 'seller',
      password: 'proxy-pass',
    };
    const added = await call<{ addedAccounts: { id: number }[] }>(
      first.url,
      'POST',
      '/api/steam-accounts',
      { accounts: { '0': addItem(seller!, { proxyData }) } },
      token,
    );
    await stepUpOnSpawned(first.server, first.url, token);
    const row = await call<{ id: number }>(
      first.url,
      'POST',
      '/api/p2p/accounts',
      {
        steamAccountId: added.addedAccounts[0]!.id,
        apiKey: KEY,
        paymentPassword: 'pay-secret-1',
        tmCurrency: 'USD',
      },
      token,
    );
    await call(first.url, 'POST', '/api/p2p/accounts/start', { ids: [row.id] }, token);

    await until(async () => journalOps('respond').length >= 1, 90_000);
    first.server.child.kill('SIGKILL');
    await first.server.exited;
    expect(fake.countOf('trade-ready')).toBe(0);

    const second = await start(market);
    token = await logInOnSpawned(second.url, { email: EMAIL, password: PASSWORD });
    const deliveries = () =>
      call<{ items: Delivery[] }>(
        second.url,
        'POST',
        `/api/p2p/accounts/${row.id}/deliveries/query`,
        { pages: { page: 1, pageSize: 100 } },
        token,
      );
    const [delivery] = await until(async () => {
      const { items } = await deliveries();
      return items.length === 1 && items[0]!.status === 'ready' ? items : null;
    }, 90_000);

    // TM's ledger: the offer registered once. Steam's: one offer, with TM's message whole, answered once.
    const readies = fake.requests.filter((request) => request.path.startsWith('/api/v2/trade-ready'));
    expect(readies.map((request) => request.query.get('tradeoffer'))).toEqual([delivery!.offerId]);
    const sends = journalOps('send').map((line) => JSON.parse(line) as { input: { message: string } });
    expect(sends).toHaveLength(1);
    expect(sends[0]!.input.message).toBe(TM_MESSAGE);
    expect(journalOps('respond')).toHaveLength(1);
    await second.server.stop();
  }, 240_000);
});
