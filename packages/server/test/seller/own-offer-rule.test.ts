import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import {
  addSandboxAccounts,
  addSellerAccounts,
  as,
  createSellerTestApp,
  deliveriesOf,
  ok,
  type SellerTestApp,
  waitFor,
} from './helpers.ts';

// The seller confirms its delivery offers under the account's tag rules (docs/confirmations.md, "Rules per account
// tag"): an account whose tag turns "our own offers" off leaves the confirmation pending in the centre, and the
// delivery goes on once the user answered it there.
describe('a delivery from an account whose tag rule leaves our own offers to the user', () => {
  let t: SellerTestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createSellerTestApp();
    user = await signedInUser(t, 'seller-rule');
  }, 60_000);
  afterAll(() => t?.close());

  const call = <T>(method: string, path: string, body?: unknown) =>
    ok<T>(as(t, user.accessToken, method, path, body));

  it('stays sent with its confirmation pending in the centre until the user accepts it there', async () => {
    const accounts = t.world.healthyAccounts(1, 5311);
    const [steamId] = await addSandboxAccounts(t, user.accessToken, accounts, 210);
    const tags = await call<{ id: number; name: string }[]>('POST', `/api/steam-accounts/${steamId}/tags`, {
      tag: { id: 0, name: 'seller-by-hand' },
    });
    const tagId = tags.find((tag) => tag.name === 'seller-by-hand')!.id;
    await call('PUT', `/api/confirmations/rules/${tagId}`, {
      acceptOwnOffers: false,
      acceptOwnListings: false,
    });
    const [id] = await addSellerAccounts(t, user, [steamId!], accounts);
    await call('POST', '/api/p2p/accounts/start', { ids: [id] });
    await waitFor(async () => {
      const page = await call<{ items: { platforms: { status: string }[] }[] }>(
        'POST',
        '/api/p2p/accounts/query',
        {},
      );
      return page.items.every((row) => row.platforms[0]!.status === 'online');
    }, 60_000);
    await call('POST', '/api/p2p/sandbox/simulate-sales', { ids: [id], count: 1 });

    const sent = await waitFor(async () => {
      const [delivery] = await deliveriesOf(t, user.accessToken, id!);
      return delivery?.status === 'sent' && delivery.offerId ? delivery : null;
    }, 60_000);
    // The confirmation is still on Steam's list, shown in the centre as ours: the seller did not answer it.
    const listed = await call<{ items: { creatorId: string; kind: string; ours: boolean }[] }>(
      'POST',
      '/api/confirmations/query',
      { accountIds: [steamId], refresh: true },
    );
    expect(listed.items).toContainEqual(
      expect.objectContaining({ creatorId: sent.offerId, kind: 'trade', ours: true }),
    );
    const answered = await call<{ outcome: string }>(
      'POST',
      `/api/confirmations/offers/${sent.offerId}/answer`,
      {
        accountId: steamId,
        accept: true,
      },
    );
    expect(answered.outcome).toBe('answered');

    const ready = await waitFor(async () => {
      const [delivery] = await deliveriesOf(t, user.accessToken, id!);
      return delivery?.status === 'ready' ? delivery : null;
    }, 60_000);
    expect(ready.offerId).toBe(sent.offerId);
  }, 180_000);
});
