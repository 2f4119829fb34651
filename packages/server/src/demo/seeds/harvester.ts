import { HARVEST_EVERYTHING } from '@tradedeck/sdk/domain';
import type { DemoSeedContext } from './context.ts';

/** How long the demo waits for its harvest session to finish before it gives up on the wait. */
const SESSION_WAIT_MS = 180_000;

/**
 * A harvester profile (every game, round robin, nothing given back) and a finished session that moved the farms'
 * items to the first seller, so the harvester screen opens with a profile, a session and its transactions.
 */
export async function seedHarvester({ api, accounts, reverseTrade }: DemoSeedContext): Promise<void> {
  const profile = await api<{ id: number }>('POST', '/api/harvester/profiles', {
    name: 'Весь фарм',
    ...HARVEST_EVERYTHING,
  });
  const session = await api<{ id: number }>('POST', '/api/harvester/sessions', {
    name: 'Сбор с фермы',
    profileId: profile.id,
    sources: { accountIds: accounts.farms.map((account) => account.id) },
    targets: { accountIds: [accounts.sellers[0]!.id] },
  });
  await api('POST', `/api/harvester/sessions/${session.id}/start`, {});
  const deadline = Date.now() + SESSION_WAIT_MS;
  for (;;) {
    const view = await api<{ status: string; finishedAt: string | null }>(
      'GET',
      `/api/harvester/sessions/${session.id}`,
    );
    if (view.finishedAt !== null && view.status === 'idle') break;
    if (Date.now() > deadline) throw new Error('the demo harvest session did not finish');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await reverseOne(api, session.id, reverseTrade);
}

/**
 * One farm rolls its trade back under Trade Protection, as a stolen or regretted trade would be: the reversal check
 * finds it and the transaction shows as reversed, with a notification.
 */
async function reverseOne(
  api: DemoSeedContext['api'],
  sessionId: number,
  reverseTrade: DemoSeedContext['reverseTrade'],
): Promise<void> {
  const page = await api<{ items: { source: { id: number }; offerId: string | null }[] }>(
    'POST',
    `/api/harvester/sessions/${sessionId}/transactions/query`,
    { withStatus: ['completed'], pages: { page: 1, pageSize: 10 } },
  );
  const first = page.items[0];
  if (!first?.offerId) return;
  const offer = await api<{ tradeId: string | null }>(
    'GET',
    `/api/steam-accounts/${first.source.id}/offers/${first.offerId}`,
  );
  if (offer.tradeId) reverseTrade(offer.tradeId);
}
