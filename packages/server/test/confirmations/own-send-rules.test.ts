/**
 * The tag rules govern the confirmation Tradedeck gives right after sending its own offer (`confirm: true`): an
 * account whose tag turns off "accept our own offers" leaves the confirmation for the user, an untagged one (the
 * default rule) confirms as before. Live mode against the fake Steam through a loopback proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CentreWorld, startCentreWorld } from './helpers.ts';

let world: CentreWorld;

const api = (method: string, url: string, body?: unknown) =>
  world.t.call(method, url, {
    token: world.user.accessToken,
    ...(body !== undefined ? { body } : {}),
    headers: { 'accept-language': 'en-US' },
  });

/** Sends an offer with the confirmation asked for, answering the intent. */
async function sendConfirmed(from: number, to: number, assetId: string) {
  const sender = world.accounts[from]!;
  const partner = world.accounts[to]!;
  const res = await api('POST', `/api/steam-accounts/${sender.id}/offers`, {
    partnerSteamId: partner.who.steamId,
    tradeToken: world.trading.tradeTokens.get(partner.who.steamId),
    itemsToGive: [{ appId: 730, contextId: '2', assetId, amount: 1 }],
    confirm: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { offerId: string; needsConfirmation: boolean; errorReason: string | null };
}

const pendingCreators = (steamId: string) =>
  (world.trading.confirmations.get(steamId) ?? []).map((item) => item.creator_id);

beforeAll(async () => {
  world = await startCentreWorld('ownrule', 71);
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe('confirming our own offer after the send', () => {
  it('is left for the user when the account’s tag rule turns it off, and shown as ours in the centre', async () => {
    const sender = world.accounts[0]!;
    const tagged = await api('POST', `/api/steam-accounts/${sender.id}/tags`, {
      tag: { id: 0, name: 'manual-confirm' },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    const tagId = (tagged.json().data as { id: number; name: string }[]).find(
      (tag) => tag.name === 'manual-confirm',
    )!.id;
    const rule = await api('PUT', `/api/confirmations/rules/${tagId}`, {
      acceptOwnOffers: false,
      acceptOwnListings: false,
    });
    expect(rule.statusCode, rule.body).toBe(200);

    const before = world.trading.answered.length;
    const intent = await sendConfirmed(0, 1, '7101');
    expect(intent).toMatchObject({ needsConfirmation: true, errorReason: null });
    expect(world.trading.answered.slice(before)).toEqual([]);
    expect(pendingCreators(sender.who.steamId)).toContain(intent.offerId);

    const listed = await api('POST', '/api/confirmations/query', { accountIds: [sender.id] });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.items).toMatchObject([
      { creatorId: intent.offerId, kind: 'trade', ours: true },
    ]);
  });

  it('is given at once on an account whose tags keep the default rule', async () => {
    const sender = world.accounts[2]!;
    const intent = await sendConfirmed(2, 1, '7102');
    expect(intent).toMatchObject({ needsConfirmation: false, errorReason: null });
    expect(pendingCreators(sender.who.steamId)).not.toContain(intent.offerId);
    expect(world.trading.offers.get(intent.offerId)!.state).toBe(2);
  });
});
