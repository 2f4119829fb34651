import type { InventoryScanned } from '@tradedeck/sdk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import {
  addSandboxAccounts,
  as,
  createTradingTestApp,
  ok,
  type TradingTestApp,
  waitFor,
} from '../steam-trading/helpers.ts';

// An inventory refresh batch whose store of one account fails after the batch has counted it (the database refused
// the statement, a backend was terminated): the batch's progress is counted only by what is stored, so the run that
// resumes it announces 1..n, each count once. Counting before the commit left the failed account's count taken, and
// the resumed run (counting what is stored) announced the last count twice.
describe('an inventory refresh whose store fails after its count', () => {
  let t: TradingTestApp;
  let user: TestUser;
  let ids: number[];

  beforeAll(async () => {
    t = await createTradingTestApp();
    user = await signedInUser(t, 'inventory-count');
    ids = await addSandboxAccounts(t, user.accessToken, t.world.healthyAccounts(3, 7301), 310);
    // The first InventoryScanned event the database is asked to store fails, inside the account's transaction:
    // after the scans and the count, before the commit. A sequence is not rolled back with it, so only once.
    for (const statement of [
      'CREATE SEQUENCE test_scan_store_failures',
      `CREATE FUNCTION test_fail_first_scan_store() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
       BEGIN
         IF NEW.event_name = 'InventoryScanned' THEN
           IF nextval('test_scan_store_failures') = 1 THEN
             RAISE EXCEPTION 'the store of this scan fails';
           END IF;
         END IF;
         RETURN NEW;
       END $$`,
      `CREATE TRIGGER test_fail_first_scan_store BEFORE INSERT ON hub_events
       FOR EACH ROW EXECUTE FUNCTION test_fail_first_scan_store()`,
    ])
      await t.testDb.database.db.execute(sql.raw(statement));
  }, 60_000);
  afterAll(() => t.close());

  it('the resumed batch announces each account once, counted 1..n in order', async () => {
    const { batchId, total } = await ok<{ batchId: string; total: number }>(
      as(t, user.accessToken, 'POST', '/api/steam-trading/inventory-refresh', {
        accountIds: ids,
        games: ['tf2'],
      }),
    );
    expect(total).toBe(ids.length);
    const scanned = async () =>
      (
        await t.app.hubs.eventLog.eventsAfterVersion(
          { userId: user.id, hub: 'steam-trading-hub', sourceId: 'accounts' },
          0,
          1_000,
        )
      )
        .filter((event) => event.eventName === 'InventoryScanned')
        .map((event) => event.payload as InventoryScanned)
        .filter((event) => event.batchId === batchId);

    // The failed run is retried by the job; it ends once every account is announced and the job is done.
    await waitFor(async () => {
      const state = await t.app.jobs.state('steam-inventory-refresh', batchId);
      return state?.state === 'completed' && state.retryCount > 0;
    });
    const events = await scanned();

    const progress = JSON.stringify(events.map((event) => [event.accountId, event.done]));
    expect(events.map((event) => event.accountId).sort(), progress).toEqual([...ids].sort());
    expect(
      events.map((event) => event.done),
      progress,
    ).toEqual(ids.map((_, i) => i + 1));
    expect(events.every((event) => event.total === ids.length)).toBe(true);
  });
});
