import type { TmAccount, TransferRow } from '@tradedeck/sdk/contract';
import { sandboxMarketKey } from '../../integrations/market/index.ts';
import type { DemoAccount, DemoSeedContext } from './context.ts';
import { DEMO_CURRENCY, marketAccountOf } from './market-items.ts';

/**
 * The transfer history: money moved between the two sellers through the transfer service (intent, one market
 * call, outcome), each posting its notification. The first remembers the receiver's key, so the dialog opens with
 * a saved key for it.
 */
export async function seedTransfers({ api, market, accounts }: DemoSeedContext): Promise<void> {
  const { items } = await api<{ items: TmAccount[] }>('GET', '/api/transfer/tm-accounts');
  const idOf = (seller: DemoAccount) => {
    const found = items.find((item) => item.login === seller.login);
    if (!found) throw new Error(`the demo seller ${seller.login} is not a transfer account`);
    return found.id;
  };
  const [first, second] = accounts.sellers as [DemoAccount, DemoAccount];
  const sends: [DemoAccount, DemoAccount, number, boolean][] = [
    [first, second, 150_000, true],
    [second, first, 4_250, false],
  ];
  for (const [from, to, amount, rememberKey] of sends) {
    const sent = await api<TransferRow>('POST', '/api/transfer', {
      fromId: idOf(from),
      toId: idOf(to),
      amount: { currency: DEMO_CURRENCY, amount },
      apiKey: sandboxMarketKey(to.login),
      rememberKey,
      paymentPassword: marketAccountOf(market, from).paymentPassword,
    });
    if (sent.outcome !== 'sent') throw new Error(`the demo transfer was not sent: ${sent.message}`);
  }
}
