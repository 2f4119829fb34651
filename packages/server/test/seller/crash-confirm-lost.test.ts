import { describe, expect, it } from 'vitest';
import { pollUntil } from '../helpers/spawned-api.ts';
import { spawnedFakeTmSeller } from './spawned-fake-tm-seller.ts';

// A server killed (SIGKILL) after Steam took a delivery's confirmation but before its reply arrived: the
// confirmation is gone from the list when the next server looks. The delivery is settled from the offer's own
// state and registered with the market (TM's own ledger: one trade-ready), without a second offer or answer.
// TM's message is sent whole: longer than what leaves room for our reference in Steam's 128 characters.
const TM_MESSAGE = `Market order 51234: ${'m'.repeat(90)}`;
const seller = spawnedFakeTmSeller({ name: 'confirm-lost', sellerSeed: 5701, message: TM_MESSAGE });

describe('a seller server killed while its confirmation reply is on its way', () => {
  it('ends the delivery ready with exactly one trade-ready and one offer', async () => {
    // The first server's confirmation answer takes effect on Steam, then its reply never comes in time.
    const { fake, first, restart } = await seller.startFirst({
      TRADEDECK_SANDBOX_CONFIRM_DELAY_MS: '600000',
    });
    await pollUntil(async () => seller.journalOps('respond').length >= 1, 90_000);
    first.server.child.kill('SIGKILL');
    await first.server.exited;
    expect(fake.countOf('trade-ready')).toBe(0);

    const { second, delivery } = await restart();
    // TM's ledger: the offer registered once. Steam's: one offer, with TM's message whole, answered once.
    const readies = fake.requests.filter((request) => request.path.startsWith('/api/v2/trade-ready'));
    expect(readies.map((request) => request.query.get('tradeoffer'))).toEqual([delivery.offerId]);
    const sends = seller.journalOps('send').map((line) => JSON.parse(line) as { input: { message: string } });
    expect(sends).toHaveLength(1);
    expect(sends[0]!.input.message).toBe(TM_MESSAGE);
    expect(seller.journalOps('respond')).toHaveLength(1);
    await second.server.stop();
  }, 240_000);
});
