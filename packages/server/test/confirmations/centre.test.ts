/**
 * The confirmations centre in live mode against the fake Steam, through a loopback proxy, on PGlite (or Postgres
 * with TEST_DATABASE_URL): the five kinds on three accounts, one answered by its offer id, a deny, the step-up for
 * what Tradedeck did not create, and rules whose dry run is what the run then does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationOwnListings } from '../../src/db/schema.ts';
import { stepUp } from '../auth/helpers/auth-app.ts';
import { waitFor } from '../steam-trading/helpers.ts';
import { addForeignConfirmations, type CentreWorld, sendOurOffer, startCentreWorld } from './helpers.ts';

let world: CentreWorld;
let ourOffer: string;

const api = (method: string, url: string, body?: unknown) =>
  world.t.call(method, url, {
    token: world.user.accessToken,
    ...(body !== undefined ? { body } : {}),
    headers: { 'accept-language': 'en-US' },
  });

async function list(filter: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/confirmations/query', filter);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    items: {
      accountId: number;
      id: string;
      kind: string;
      creatorId: string;
      ours: boolean;
      partner: string | null;
    }[];
    failures: unknown[];
  };
}

const listedIds = (steamId: string) =>
  (world.trading.confirmations.get(steamId) ?? []).map((item) => item.id);
const answeredSince = (from: number) => world.trading.answered.slice(from);

beforeAll(async () => {
  world = await startCentreWorld('centre', 61);
  world.accounts.forEach(({ who }, n) => {
    addForeignConfirmations(world, who.steamId, n);
  });
  ourOffer = await sendOurOffer(world, 0, 1, '7001');
}, 60_000);

afterAll(async () => {
  await world?.close();
});

// One walk over one world: the listing sees every confirmation before the later tests answer some (our offer, a
// denied recovery), so the written order is kept under shuffle.
describe('the confirmations centre', { shuffle: false }, () => {
  it('lists the five kinds on three accounts, and only the offer Tradedeck sent is ours', async () => {
    const { items, failures } = await list();
    expect(failures).toEqual([]);
    for (const { id } of world.accounts) {
      const kinds = items.filter((item) => item.accountId === id).map((item) => item.kind);
      expect(new Set(kinds)).toEqual(
        new Set(['trade', 'marketListing', 'purchase', 'accountRecovery', 'apiKey']),
      );
    }
    const ours = items.filter((item) => item.ours);
    expect(ours).toMatchObject([
      {
        accountId: world.accounts[0]!.id,
        kind: 'trade',
        creatorId: ourOffer,
        partner: world.accounts[1]!.who.steamId,
      },
    ]);
    expect(items).toHaveLength(16);

    const apiKeys = await list({ kinds: ['apiKey'], accountIds: [world.accounts[2]!.id] });
    expect(apiKeys.items.map((item) => [item.accountId, item.kind])).toEqual([
      [world.accounts[2]!.id, 'apiKey'],
    ]);
  });

  it('refuses to answer a confirmation Tradedeck did not create without the step-up (101), and Steam hears nothing', async () => {
    const [account] = world.accounts;
    const foreign = (await list({ accountIds: [account!.id], kinds: ['purchase'] })).items[0]!;
    const before = world.trading.answered.length;
    const res = await api('POST', '/api/confirmations/answer', {
      accountId: account!.id,
      confirmationIds: [foreign.id],
      accept: true,
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.resultCode).toBe(101);
    expect(answeredSince(before)).toEqual([]);
    expect(listedIds(account!.who.steamId)).toContain(foreign.id);

    const byOffer = await api('POST', `/api/confirmations/offers/${foreign.creatorId}/answer`, {
      accountId: account!.id,
      accept: true,
    });
    expect(byOffer.json().error?.resultCode).toBe(101);
    expect(answeredSince(before)).toEqual([]);
  });

  it('accepts one confirmation by its offer id and touches nothing else', async () => {
    const sender = world.accounts[0]!;
    const others = listedIds(sender.who.steamId).filter(
      (id) =>
        world.trading.confirmations.get(sender.who.steamId)!.find((item) => item.id === id)!.creator_id !==
        ourOffer,
    );
    const before = world.trading.answered.length;
    // Ours: no step-up, and the account is found from Tradedeck's own offers.
    const res = await api('POST', `/api/confirmations/offers/${ourOffer}/answer`, { accept: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ accountId: sender.id, outcome: 'answered' });
    const calls = answeredSince(before);
    expect(calls.map((call) => call.op)).toEqual(['allow']);
    expect(calls.flatMap((call) => call.ids)).toHaveLength(1);
    expect(listedIds(sender.who.steamId)).toEqual(others);
    expect(world.trading.offers.get(ourOffer)!.state).toBe(2);
  });

  it('denies a chosen foreign confirmation after the step-up', async () => {
    const account = world.accounts[1]!;
    const recovery = (await list({ accountIds: [account.id], kinds: ['accountRecovery'] })).items[0]!;
    await stepUp(world.t, world.user);
    const before = world.trading.answered.length;
    const res = await api('POST', '/api/confirmations/answer', {
      accountId: account.id,
      confirmationIds: [recovery.id],
      accept: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.outcomes).toEqual([
      {
        accountId: account.id,
        confirmationId: recovery.id,
        outcome: 'answered',
        reason: null,
        message: null,
      },
    ]);
    expect(answeredSince(before)).toEqual([{ op: 'cancel', ids: [recovery.id], via: 'multiajaxop' }]);
    expect(listedIds(account.who.steamId)).not.toContain(recovery.id);
  });

  it('runs the rules exactly as their dry run said', async () => {
    // Account 2 carries the tag whose rule also accepts our market listings; a listing it made through Tradedeck.
    const target = world.accounts[2]!;
    const tagged = await api('POST', `/api/steam-accounts/${target.id}/tags`, {
      tag: { id: 0, name: 'listers' },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    const tagId = (tagged.json().data as { id: number; name: string }[]).find(
      (tag) => tag.name === 'listers',
    )!.id;
    const rule = await api('PUT', `/api/confirmations/rules/${tagId}`, {
      acceptOwnOffers: true,
      acceptOwnListings: true,
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const listing = world.trading.addForeignConfirmation(target.who.steamId, '8200000001', 3, [
      'Prisma Case',
    ]);
    await world.t.testDb.database.db
      .insert(confirmationOwnListings)
      .values({ userId: world.user.id, accountId: target.id, listingId: listing.creator_id });
    // A second offer of ours, from the untagged account 1: the default rule accepts it.
    const second = await sendOurOffer(world, 1, 2, '7002');

    const dry = await api('POST', '/api/confirmations/rules/apply', { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const plan = dry.json().data;
    expect(plan.jobId).toBeNull();
    const accepted = plan.planned.filter((item: { action: string }) => item.action === 'accept');
    expect(
      accepted.map((item: { creatorId: string; why: string }) => [item.creatorId, item.why]).sort(),
    ).toEqual(
      [
        [listing.creator_id, 'ownListing'],
        [second, 'ownOffer'],
      ].sort(),
    );

    const before = world.trading.answered.length;
    const run = await api('POST', '/api/confirmations/rules/apply', { dryRun: false });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data.planned).toEqual(plan.planned);
    const jobId = run.json().data.jobId as number;
    const job = await waitFor(async () => {
      const got = (await api('GET', `/api/confirmations/jobs/${jobId}`)).json().data;
      return got.status === 'done' ? got : null;
    });
    const wanted = accepted.map((item: { confirmationId: string }) => item.confirmationId).sort();
    expect(
      job.items
        .map((item: { confirmationId: string; state: string }) => [item.confirmationId, item.state])
        .sort(),
    ).toEqual(wanted.map((id: string) => [id, 'answered']));
    const calls = answeredSince(before);
    expect(calls.every((call) => call.op === 'allow')).toBe(true);
    expect(calls.flatMap((call) => call.ids).sort()).toEqual(wanted);
    // What the plan left is still waiting on Steam.
    const left = plan.planned.filter((item: { action: string }) => item.action === 'leave');
    for (const item of left) {
      const who = world.accounts.find((account) => account.id === item.accountId)!.who;
      expect(listedIds(who.steamId)).toContain(item.confirmationId);
    }
  });
});
