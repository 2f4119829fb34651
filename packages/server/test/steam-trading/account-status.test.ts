import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import {
  addSandboxAccounts,
  as,
  createTradingTestApp,
  ok,
  refreshInventories,
  type TradingTestApp,
} from './helpers.ts';

describe('account status from trading', () => {
  let t: TradingTestApp;
  let user: TestUser;
  let id: number;

  beforeAll(async () => {
    t = await createTradingTestApp();
    user = await signedInUser(t, 'status-watcher');
    id = (await addSandboxAccounts(t, user.accessToken, t.world.healthyAccounts(1, 3201), 60))[0]!;
  }, 60_000);
  afterAll(() => t.close());

  const account = (lang = 'en-US') =>
    ok(as(t, user.accessToken, 'GET', `/api/steam-accounts/${id}`, undefined, lang));

  it('goes active with a working session, error with the reason when Steam ends it, and back after a new sign-in', async () => {
    expect(await account()).toMatchObject({ accountStatus: 0, lastError: null });
    await refreshInventories(t, user.accessToken, [id], ['tf2']);
    expect(await account()).toMatchObject({ accountStatus: 1, lastError: null });

    await ok(as(t, user.accessToken, 'POST', `/api/steam-accounts/${id}/sandbox/end-sessions`, {}));
    // Tokens issued in the second of the revocation are revoked too: the new sign-in waits for the next second.
    const revokedAt = Date.now();
    await refreshInventories(t, user.accessToken, [id], ['tf2']);
    expect(await account()).toMatchObject({
      accountStatus: 2,
      lastError: 'Steam session revoked: sign in again',
    });
    expect(await account('ru-RU')).toMatchObject({ lastError: 'Сессия Steam отозвана: войдите заново' });
    const scans = await ok(as(t, user.accessToken, 'POST', `/api/steam-accounts/${id}/inventory/query`, {}));
    expect(scans.scans).toMatchObject([{ game: 'tf2', state: 'failed', errorReason: 'sessionRevoked' }]);
    // The items of the last good scan stay cached.
    expect(scans.total).toBeGreaterThan(0);
    const filtered = await ok(
      as(t, user.accessToken, 'POST', '/api/steam-accounts/query', { withStatus: [2] }),
    );
    expect(filtered.items.map((row: { id: number }) => row.id)).toEqual([id]);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1100 - (Date.now() - revokedAt))));
    await refreshInventories(t, user.accessToken, [id], ['tf2']);
    expect(await account()).toMatchObject({ accountStatus: 1, lastError: null });
    const events = await t.app.hubs.eventLog.eventsAfterVersion(
      { userId: user.id, hub: 'steam-trading-hub', sourceId: 'accounts' },
      0,
      100,
    );
    const changes = events
      .filter((event) => event.eventName === 'AccountStatusChanged')
      .map((event) => event.payload);
    expect(changes).toEqual([
      { accountId: id, accountStatus: 1, reason: null },
      { accountId: id, accountStatus: 2, reason: 'sessionRevoked' },
      { accountId: id, accountStatus: 1, reason: null },
    ]);
  }, 60_000);

  it("refuses the sandbox controls on another user's account as not found", async () => {
    const other = await signedInUser(t, 'status-other', user);
    const res = await as(t, other.accessToken, 'POST', `/api/steam-accounts/${id}/sandbox/end-sessions`, {});
    expect(res.json().error.resultCode).toBe(3);
  });
});
