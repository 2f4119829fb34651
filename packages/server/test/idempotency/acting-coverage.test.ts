/**
 * Every keyed operation (the manifest's `idempotent` flag: each moves items or money) marks "acting now" before it
 * moves them (docs/api.md, "Idempotency-Key"). An operation that never marks frees its key on any failure, so a
 * retry after a lost reply would send a second time. Each runs here once for real in the sandbox, and its settled
 * call must carry the mark; a new keyed operation fails the first test until it has a scenario here.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { listOperations } from '@tradedeck/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxMarket, sandboxMarketKey } from '../../src/integrations/market/index.ts';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { type KeyedCallSettled, keyedCallSettled } from '../../src/modules/idempotency/index.ts';
import {
  type WorldItem as Item,
  okData,
  type WithdrawalWorld,
  withdrawalWorld,
} from '../helpers/withdrawal-world.ts';

describe('the acting-now mark of every keyed operation', { timeout: 240_000 }, () => {
  const sandbox = new SandboxWorld();
  const market = new SandboxMarket(sandbox);
  const [alice, bob] = sandbox.healthyAccounts(2, 9301) as [
    ReturnType<SandboxWorld['healthyAccounts']>[number],
    ReturnType<SandboxWorld['healthyAccounts']>[number],
  ];
  /** A Steam account that is none of the user's. */
  const stranger = sandbox.healthyAccounts(1, 9391)[0]!;
  let world: WithdrawalWorld;
  let ids: number[];
  let sellerIds: number[];
  let items: Item[];

  const call = (method: string, url: string, body?: unknown) => world.call(method, url, body);
  const offerTo = (partner: typeof stranger, give: Item[], confirm: boolean) => ({
    partnerSteamId: partner.steamId,
    tradeToken: sandbox.trading.tradeToken(partner.steamId),
    itemsToGive: give,
    confirm,
  });

  /** An offer of the item at `index` to the stranger, sent and left waiting for its mobile confirmation. */
  const unconfirmedOffer = async (index: number) =>
    (
      await okData(
        call(
          'POST',
          `/api/steam-accounts/${ids[0]}/offers`,
          offerTo(stranger, items.slice(index, index + 1), false),
        ),
      )
    ).offerId as string;

  /** For each keyed operation: a request that moves something, made ready by what it needs first. */
  const scenarios: Record<string, () => Promise<[string, string, unknown]>> = {
    'steamTrading.sendOffer': async () => [
      'POST',
      `/api/steam-accounts/${ids[0]}/offers`,
      offerTo(stranger, items.slice(0, 1), true),
    ],
    'steamTrading.confirmOffers': async () => [
      'POST',
      `/api/steam-accounts/${ids[0]}/confirmations`,
      { offerIds: [await unconfirmedOffer(1)], accept: true },
    ],
    'steamTrading.acceptOffer': async () => {
      sandbox.trading.acknowledge(stranger.steamId);
      const incoming = sandbox.trading.send(
        stranger,
        {
          partnerSteamId: alice.steamId,
          tradeToken: sandbox.trading.tradeToken(alice.steamId),
          itemsToGive: [],
          itemsToReceive: items.slice(2, 3),
          message: 'gift?',
          reference: 'stranger-acting',
        },
        Date.now(),
      );
      if (!incoming.ok) throw new Error(`stranger's offer: ${JSON.stringify(incoming)}`);
      return ['POST', `/api/steam-accounts/${ids[0]}/offers/${incoming.offerId}/accept`, { confirm: true }];
    },
    'confirmations.answer': async () => {
      const offerId = await unconfirmedOffer(3);
      const rows = await okData(call('POST', '/api/confirmations/query', { accountIds: [ids[0]] }));
      const row = (rows.items as Array<{ id: string; creatorId: string }>).find(
        (r) => r.creatorId === offerId,
      );
      return [
        'POST',
        '/api/confirmations/answer',
        { accountId: ids[0], confirmationIds: [row!.id], accept: true },
      ];
    },
    'confirmations.answerOffer': async () => [
      'POST',
      `/api/confirmations/offers/${await unconfirmedOffer(4)}/answer`,
      { accountId: ids[0], accept: true },
    ],
    'confirmations.answerMatching': async () => {
      await unconfirmedOffer(5);
      return ['POST', '/api/confirmations/answer-matching', { accountIds: [ids[0]], accept: true }];
    },
    'transfer.send': async () => [
      'POST',
      '/api/transfer',
      {
        fromId: sellerIds[0],
        toId: sellerIds[1],
        amount: { currency: 'USD', amount: 1_000 },
        apiKey: sandboxMarketKey(bob.login),
        paymentPassword: 'pay-secret-1',
      },
    ],
  };

  beforeAll(async () => {
    world = await withdrawalWorld({
      sandbox,
      market,
      accounts: [alice, bob],
      userName: 'acting',
      firstProxy: 130,
    });
    ({ ids, sellerIds } = world);
    items = world.items.slice(0, 6);
  }, 240_000);
  afterAll(() => world?.t.close());

  it('has a scenario for every keyed operation of the manifest', () => {
    const keyed = listOperations()
      .filter((op) => op.flags.idempotent)
      .map((op) => op.id)
      .sort();
    expect(Object.keys(scenarios).sort()).toEqual(keyed);
  });

  it('marks each keyed call acting before it moves items or money', async () => {
    const settled: KeyedCallSettled[] = [];
    const listener = (message: unknown) => settled.push(message as KeyedCallSettled);
    subscribe(keyedCallSettled.name, listener);
    try {
      for (const [operation, scenario] of Object.entries(scenarios)) {
        const [method, url, body] = await scenario();
        settled.length = 0;
        await okData(call(method, url, body));
        expect(settled, operation).toEqual([{ operation, ok: true, acting: true }]);
      }
    } finally {
      unsubscribe(keyedCallSettled.name, listener);
    }
  });
});
