import { describe, expect, it } from 'vitest';
import { pollUntil } from '../helpers/spawned-api.ts';
import { spawnedFakeTmSeller } from './spawned-fake-tm-seller.ts';

// A server killed (SIGKILL) while Steam holds back the answer of a delivery offer whose message is TM's, sent
// whole with no room for our reference: the next server finds the offer Steam made by its partner and items,
// records it, and never sends the item a second time. TM's ledger shows one trade-ready for that offer.
const TM_MESSAGE = `Market order 77120: ${'t'.repeat(100)}`;
const seller = spawnedFakeTmSeller({ name: 'untagged-send', sellerSeed: 5711, message: TM_MESSAGE });

describe('a seller server killed while an untagged delivery offer is on its way', () => {
  it('reconciles the offer by partner and items and sends no second one', async () => {
    const { fake, first, restart } = await seller.startFirst({ TRADEDECK_SANDBOX_SEND_DELAY_MS: '600000' });
    await pollUntil(async () => seller.journalOps('send').length >= 1, 90_000);
    first.server.child.kill('SIGKILL');
    await first.server.exited;

    const { second, delivery } = await restart();
    const sends = seller.journalOps('send').map((line) => JSON.parse(line) as { input: { message: string } });
    expect(sends).toHaveLength(1);
    expect(sends[0]!.input.message).toBe(TM_MESSAGE);
    const readies = fake.requests.filter((request) => request.path.startsWith('/api/v2/trade-ready'));
    expect(readies.map((request) => request.query.get('tradeoffer'))).toEqual([delivery.offerId]);
    await second.server.stop();
  }, 240_000);
});
