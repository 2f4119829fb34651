import { SandboxWorld, sandboxMafileText } from '../../integrations/steam/index.ts';
import type { DemoAccount, DemoTradingAccounts } from './context.ts';

/** Far from the import set's `sandbox_bot_0001…`, so the printed import never meets these logins. */
const FIRST_TRADING_BOT = 9001;
const SELLERS = 2;
const FARMS = 2;

/**
 * The Steam accounts the trading screens start with: two sellers and two farms of the sandbox world, each through
 * one of the given proxies (not the import's proxy tag, so the printed import keeps all its room).
 */
export async function seedTradingAccounts(
  api: <T>(method: string, path: string, body?: unknown) => Promise<T>,
  proxyIds: number[],
): Promise<DemoTradingAccounts> {
  const accounts = new SandboxWorld().healthyAccounts(SELLERS + FARMS, FIRST_TRADING_BOT);
  const added = await api<{ addedAccounts: DemoAccount[]; errors: Record<string, { message: string }> }>(
    'POST',
    '/api/steam-accounts',
    {
      mode: 'multiple',
      accounts: Object.fromEntries(
        accounts.map((account, i) => [
          String(i),
          {
            login: account.login,
            password: account.password,
            mafile: sandboxMafileText(account),
            proxyId: proxyIds[i % proxyIds.length],
          },
        ]),
      ),
    },
  );
  const failed = Object.values(added.errors).map((error) => error.message);
  if (failed.length > 0) throw new Error(`demo trading accounts not added: ${failed.join(', ')}`);
  const byLogin = new Map(added.addedAccounts.map((row) => [row.login, { id: row.id, login: row.login }]));
  const pick = (from: number, count: number) =>
    accounts.slice(from, from + count).map((account) => byLogin.get(account.login)!);
  return { sellers: pick(0, SELLERS), farms: pick(SELLERS, FARMS) };
}

export const DEMO_TRADING_ACCOUNTS = SELLERS + FARMS;
