import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sandboxMarketKey } from '../../src/integrations/market/index.ts';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import {
  callApi as call,
  logInOnSpawned,
  sandboxServers,
  signUpOnSpawned,
  stepUpOnSpawned,
  pollUntil as until,
} from '../helpers/spawned-api.ts';
import { addItem, proxyData } from '../steam-accounts/helpers.ts';

// A server killed (SIGKILL) while a sale's offer is on its way to Steam: the next server carries on from the
// stored delivery intents. No sold item is offered twice, and every delivery ends registered with the market.
const PASSWORD = 'Quartz-Lantern-42';
const EMAIL = 'seller-crash@example.test';
const world = new SandboxWorld();
const sellers = world.healthyAccounts(3, 5601);

const { journal, start } = sandboxServers('tradedeck-seller-crash-');

const login = (url: string) => logInOnSpawned(url, { email: EMAIL, password: PASSWORD });

interface Delivery {
  hash: string;
  status: string;
  reference: string;
  offerId: string | null;
  items: { assetId: string }[];
}

interface JournalSend {
  op: 'send';
  steamId: string;
  input: { message: string; itemsToGive: { assetId: string }[] };
}

describe('a seller server killed mid-delivery', () => {
  it('never offers a sold item twice and leaves none undelivered after the restart', async () => {
    // The first server answers sends slowly, so it can be killed once Steam has an offer it has not recorded.
    const first = await start({ TRADEDECK_SANDBOX_SEND_DELAY_MS: '4000' });
    let token = await signUpOnSpawned(first.server, first.url, {
      email: EMAIL,
      userName: 'crash',
      password: PASSWORD,
    });
    const added = await call<{ addedAccounts: { id: number; login: string }[] }>(
      first.url,
      'POST',
      '/api/steam-accounts',
      {
        accounts: Object.fromEntries(
          sellers.map((account, i) => [String(i), addItem(account, { proxyData: proxyData(90 + i) })]),
        ),
      },
      token,
    );
    const ids: number[] = [];
    await stepUpOnSpawned(first.server, first.url, token);
    for (const account of sellers) {
      const steamAccountId = added.addedAccounts.find((row) => row.login === account.login)!.id;
      const row = await call<{ id: number }>(
        first.url,
        'POST',
        '/api/p2p/accounts',
        { steamAccountId, apiKey: sandboxMarketKey(account.login), paymentPassword: 'pay-secret-1' },
        token,
      );
      ids.push(row.id);
    }
    await call(first.url, 'POST', '/api/p2p/accounts/start', { ids }, token);
    await until(async () => {
      const page = await call<{ items: { lastPingAt: string | null }[] }>(
        first.url,
        'POST',
        '/api/p2p/accounts/query',
        {},
        token,
      );
      return page.items.every((row) => row.lastPingAt !== null);
    });
    await call(first.url, 'POST', '/api/p2p/sandbox/simulate-sales', { ids, count: 2 }, token);

    const sends = (): JournalSend[] =>
      readFileSync(journal, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"op":"send"'))
        .map((line) => JSON.parse(line) as JournalSend);
    // Killed once Steam made the first delivery offer, while its answer is still held back.
    await until(async () => sends().length >= 1);
    first.server.child.kill('SIGKILL');
    await first.server.exited;

    const deliveriesOf = async (url: string, id: number) =>
      (
        await call<{ items: Delivery[] }>(
          url,
          'POST',
          `/api/p2p/accounts/${id}/deliveries/query`,
          { pages: { page: 1, pageSize: 100 } },
          token,
        )
      ).items;

    const second = await start();
    token = await login(second.url);
    const recorded = await until(async () => {
      const all: Delivery[] = [];
      for (const id of ids) all.push(...(await deliveriesOf(second.url, id)));
      return all.length > 0 && all.every((delivery) => delivery.status === 'ready') ? all : null;
    }, 90_000);

    // Every delivery the first server recorded ended registered with the market, each with one offer.
    const all = sends();
    for (const delivery of recorded) {
      const offered = all.filter((send) => send.input.message.includes(`[td:${delivery.reference}]`));
      expect(offered, delivery.hash).toHaveLength(1);
      expect(delivery.offerId).toMatch(/^\d+$/);
    }
    // No sold item went out in two offers.
    const assets = all.flatMap((send) => send.input.itemsToGive.map((item) => item.assetId));
    expect(new Set(assets).size).toBe(assets.length);
    // The offer Steam made before the kill is among them: it was reconciled, not sent again.
    expect(recorded.some((delivery) => all[0]!.input.message.includes(`[td:${delivery.reference}]`))).toBe(
      true,
    );
    await second.server.stop();
  }, 240_000);
});
