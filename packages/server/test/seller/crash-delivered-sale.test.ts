import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
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
import { TEST_DATABASE_URL } from '../helpers/test-database.ts';
import { type ThrowAwayPostgres, throwAwayPostgres } from '../hubs/postgres-cluster.ts';
import { addItem, proxyData } from '../steam-accounts/helpers.ts';

// A server killed (SIGKILL) after the market took a delivery's offer and before the delivery was recorded done: the
// sale is in the market's history but not in ours. The next server completes the delivery and records the sale
// then; the lots sync that reads the same history afterwards never doubles it. On the run's database: PGlite, or
// Postgres with TEST_DATABASE_URL.
const PASSWORD = 'Quartz-Lantern-42';
const EMAIL = 'sale-crash@example.test';
const sellers = new SandboxWorld().healthyAccounts(1, 5701);
const { journal, start } = sandboxServers('tradedeck-sale-crash-');

interface Delivery {
  status: string;
  items: { assetId: string }[];
}
interface Lot {
  id: number;
  status: string;
  itemId: string | null;
}
interface Sale {
  itemId: string;
}

let postgres: ThrowAwayPostgres | null = null;
afterAll(() => postgres?.stop(), 60_000);

describe('a seller server killed between the market taking a sale and the sale being recorded', () => {
  it('records each sale once after the restart, and the lots sync does not double it', async () => {
    if (TEST_DATABASE_URL) {
      const found = await throwAwayPostgres();
      if ('unavailable' in found) throw new Error(found.unavailable);
      postgres = found;
    }
    const database: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : {};
    // The first server reads the market's sales history slowly, so it can be killed while it does.
    const first = await start({ ...database, TRADEDECK_SANDBOX_HISTORY_DELAY_MS: '8000' });
    let token = await signUpOnSpawned(first.server, first.url, {
      email: EMAIL,
      userName: 'sale-crash',
      password: PASSWORD,
    });
    const account = sellers[0]!;
    const added = await call<{ addedAccounts: { id: number }[] }>(
      first.url,
      'POST',
      '/api/steam-accounts',
      { accounts: { '0': addItem(account, { proxyData: proxyData(95) }) } },
      token,
    );
    await stepUpOnSpawned(first.server, first.url, token);
    const seller = await call<{ id: number }>(
      first.url,
      'POST',
      '/api/p2p/accounts',
      {
        steamAccountId: added.addedAccounts[0]!.id,
        apiKey: sandboxMarketKey(account.login),
        paymentPassword: 'pay-secret-1',
      },
      token,
    );
    // One page of a list the server answers for the seller account.
    const listOf = async <T>(url: string, path: string, filters: object = { accountIds: [seller.id] }) =>
      (
        await call<{ items: T[] }>(
          url,
          'POST',
          path,
          { ...filters, pages: { page: 1, pageSize: 100 } },
          token,
        )
      ).items;
    const lotsOf = (url: string) => listOf<Lot>(url, '/api/p2p/lots/query');
    const deliveriesOf = (url: string) =>
      listOf<Delivery>(url, `/api/p2p/accounts/${seller.id}/deliveries/query`, {});
    const salesOf = (url: string) => listOf<Sale>(url, '/api/p2p/sales/query');
    await call(first.url, 'POST', '/api/p2p/lots/sync', {}, token);
    const picked = (await lotsOf(first.url)).filter((lot) => lot.status === 'in_inventory').slice(0, 2);
    expect(picked).toHaveLength(2);
    // At 1 ₽ the sandbox's buyers take both at once while the account is online.
    await call(
      first.url,
      'POST',
      '/api/p2p/lots/add-to-sale',
      { items: picked.map((lot) => ({ id: lot.id, price: { currency: 'RUB', amount: 100 } })) },
      token,
    );
    const listed = (await lotsOf(first.url)).filter((lot) => picked.some((row) => row.id === lot.id));
    const itemIds = listed.map((lot) => lot.itemId!).sort();
    expect(itemIds).toHaveLength(2);
    await call(first.url, 'POST', '/api/p2p/accounts/start', { ids: [seller.id] }, token);

    // Killed once a buyer took one of our offers (the market completed that sale), while the server still reads the
    // history to record it: the delivery is not recorded done, and the sale is in the market's history only.
    const accepted = () => readFileSync(journal, 'utf8').includes('"op":"accept"');
    await until(async () => accepted(), 90_000, 100);
    const before = await deliveriesOf(first.url);
    const sales = await salesOf(first.url);
    first.server.child.kill('SIGKILL');
    await first.server.exited;
    expect(before.some((delivery) => delivery.status === 'confirmed')).toBe(true);
    expect(before.every((delivery) => delivery.status !== 'ready')).toBe(true);
    expect(sales).toEqual([]);

    const second = await start(database);
    token = await logInOnSpawned(second.url, { email: EMAIL, password: PASSWORD });
    await until(
      async () => {
        const all = await deliveriesOf(second.url);
        const delivered = all.flatMap((delivery) => delivery.items).length;
        return delivered === 2 && all.every((delivery) => delivery.status === 'ready');
      },
      90_000,
      250,
    );
    // Recorded as each delivery completed (no sync since), each sale once.
    const recorded = (await salesOf(second.url)).map((sale) => sale.itemId).sort();
    expect(recorded).toEqual(itemIds);

    await call(second.url, 'POST', '/api/p2p/lots/sync', {}, token);
    expect((await salesOf(second.url)).map((sale) => sale.itemId).sort()).toEqual(itemIds);
    await second.server.stop();
  }, 300_000);
});
