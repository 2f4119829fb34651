/**
 * A seller account on spawned servers: sandbox Steam kept in a journal across restarts, the market live against
 * the fake TM on loopback (its own request ledger counts trade-ready), market calls leaving through a loopback
 * CONNECT proxy. The fake TM lists one sold item of the seller's sandbox inventory for a sandbox buyer.
 */
import { readFileSync } from 'node:fs';
import { afterAll } from 'vitest';
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

const PASSWORD = 'Quartz-Lantern-42';

export interface Delivery {
  hash: string;
  status: string;
  offerId: string | null;
}

export function spawnedFakeTmSeller(options: { name: string; sellerSeed: number; message: string }) {
  const world = new SandboxWorld();
  const [seller] = world.healthyAccounts(1, options.sellerSeed);
  const [buyer] = world.healthyAccounts(1, options.sellerSeed + 100);
  const email = `${options.name}@example.test`;
  const key = `tm-key-${options.name}-0123456789`;
  const servers = sandboxServers(`tradedeck-${options.name}-`);
  const parts: { fake?: FakeTm; proxy?: LoopbackProxy } = {};
  afterAll(async () => {
    await parts.fake?.close();
    await parts.proxy?.close();
  });

  const journalOps = (op: string) =>
    readFileSync(servers.journal, 'utf8')
      .split('\n')
      .filter((line) => line.includes(`"op":"${op}"`));

  return {
    journalOps,
    /** The fake TM and the first server, with the seller account started there; the server's env is `env`. */
    async startFirst(env: Record<string, string>) {
      const now = Date.now();
      const asset = [...world.trading.inventories.context(seller!.steamId, 730, '2', now).values()].find(
        (item) => world.trading.inventories.isTradable(item, now),
      )!;
      const fake = await startFakeTm([
        {
          key,
          currency: 'USD',
          money: 0,
          steamId64: seller!.steamId,
          p2pOffers: [
            {
              hash: `hash-${options.name}`,
              partner: buyer!.steamId,
              token: world.trading.tradeToken(buyer!.steamId),
              tradeoffermessage: options.message,
              items: [{ appid: 730, contextid: '2', assetid: asset.assetId, amount: 1 }],
            },
          ],
        },
      ]);
      const proxy = await startConnectProxy({ username: 'seller', password: 'proxy-pass' });
      Object.assign(parts, { fake, proxy });
      const market = { TRADEDECK_MARKET_MODE: 'live', TRADEDECK_TM_BASE_URL: fake.baseUrl };
      const first = await servers.start({ ...market, ...env });
      const token = await signUpOnSpawned(first.server, first.url, {
        email,
        userName: options.name.replace(/[^a-z]/g, ''),
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
          apiKey: key,
          paymentPassword: 'pay-secret-1',
          tmCurrency: 'USD',
        },
        token,
      );
      await call(first.url, 'POST', '/api/p2p/accounts/start', { ids: [row.id] }, token);
      const restart = async () => {
        const second = await servers.start(market);
        const again = await logInOnSpawned(second.url, { email, password: PASSWORD });
        const ready = await until(async () => {
          const { items } = await call<{ items: Delivery[] }>(
            second.url,
            'POST',
            `/api/p2p/accounts/${row.id}/deliveries/query`,
            { pages: { page: 1, pageSize: 100 } },
            again,
          );
          return items.length === 1 && items[0]!.status === 'ready' ? items[0]! : null;
        }, 90_000);
        return { second, delivery: ready };
      };
      return { fake, first, restart };
    },
  };
}
