import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { addSandboxAccounts } from '../steam-trading/helpers.ts';
import {
  as,
  createHarvesterTestApp,
  type HarvesterTestApp,
  ok,
  profileInput,
  storedTransactions,
  untilFinished,
  waitFor,
} from './helpers.ts';

// The harvester confirms its own offers under the account's tag rules (docs/confirmations.md, "Rules per account
// tag"): a source whose tag turns "our own offers" off leaves the confirmation pending in the centre, and the
// transaction goes on once the user answered it there.
describe('a harvest from a source whose tag rule leaves our own offers to the user', () => {
  let t: HarvesterTestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createHarvesterTestApp({ cs2: 0, dota2: 2, tf2: 0, rust: 0, community: 0 });
    user = await signedInUser(t, 'harvest-rule');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = <T>(method: string, path: string, body?: unknown) =>
    ok<T>(as(t, user.accessToken, method, path, body));

  it('waits in confirmation with the offer pending in the centre until the user accepts it there', async () => {
    const [source, target] = await addSandboxAccounts(
      t,
      user.accessToken,
      t.world.healthyAccounts(2, 4811),
      190,
    );
    const tags = await call<{ id: number; name: string }[]>('POST', `/api/steam-accounts/${source}/tags`, {
      tag: { id: 0, name: 'confirm-by-hand' },
    });
    const tagId = tags.find((tag) => tag.name === 'confirm-by-hand')!.id;
    await call('PUT', `/api/confirmations/rules/${tagId}`, {
      acceptOwnOffers: false,
      acceptOwnListings: false,
    });
    await call('POST', '/api/harvester/profiles', profileInput('By hand'));
    const session = await call<{ id: number }>('POST', '/api/harvester/sessions', {
      name: 'By hand',
      sources: { accountIds: [source] },
      targets: { accountIds: [target] },
    });
    await call('POST', `/api/harvester/sessions/${session.id}/start`, {});

    const waiting = await waitFor(async () => {
      const rows = await storedTransactions(t, session.id);
      return rows.find((row) => row.status === 'confirmation' && row.offerId) ?? null;
    }, 60_000);
    // The confirmation is still on Steam's list, shown in the centre as ours: the harvester did not answer it.
    const listed = await call<{ items: { creatorId: string; kind: string; ours: boolean }[] }>(
      'POST',
      '/api/confirmations/query',
      { accountIds: [source], refresh: true },
    );
    expect(listed.items).toContainEqual(
      expect.objectContaining({ creatorId: waiting.offerId, kind: 'trade', ours: true }),
    );

    const answered = await call<{ outcome: string }>(
      'POST',
      `/api/confirmations/offers/${waiting.offerId}/answer`,
      { accountId: source, accept: true },
    );
    expect(answered.outcome).toBe('answered');
    const view = await untilFinished(t, user.accessToken, session.id, 120_000);
    expect(view.counts.completed).toBeGreaterThan(0);
    expect(view.counts.error ?? 0).toBe(0);
  }, 180_000);
});
