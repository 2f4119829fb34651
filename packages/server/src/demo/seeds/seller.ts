import { sandboxMarketKey } from '../../integrations/market/sandbox/sandbox-market-keys.ts';
import type { DemoSeedContext } from './context.ts';

/** P2P seller accounts: each demo seller on the sandbox market (its key is `sandbox-tm-<login>`), started. */
export async function seedSellerAccounts({ api, accounts }: DemoSeedContext): Promise<void> {
  const ids: number[] = [];
  for (const account of accounts.sellers) {
    const row = await api<{ id: number }>('POST', '/api/p2p/accounts', {
      steamAccountId: account.id,
      apiKey: sandboxMarketKey(account.login),
      paymentPassword: 'demo-payment-1',
      tmCurrency: 'RUB',
    });
    ids.push(row.id);
  }
  await api('POST', '/api/p2p/accounts/start', { ids });
}
