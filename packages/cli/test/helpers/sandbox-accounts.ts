import type { ApiClient } from '@tradedeck/sdk/client';
import {
  type SandboxAccount,
  sandboxMafileText,
} from '../../../server/src/integrations/steam/sandbox/sandbox-world.ts';

/** The market key the sandbox market gives a Steam account (any key of this shape belongs to that login). */
export const sandboxMarketKey = (login: string) => `sandbox-tm-${login.toLowerCase()}`;

/**
 * Adds sandbox accounts through the API, account n behind the HTTP proxy `<network>.n:3128` (the sandbox answers
 * through any address); answers their ids in the order given.
 */
export async function addSandboxAccounts(
  client: ApiClient,
  accounts: readonly SandboxAccount[],
  network: string,
): Promise<number[]> {
  const added = await client.steamAccounts.add({
    accounts: Object.fromEntries(
      accounts.map((account, i) => [
        String(i),
        {
          login: account.login,
          password: account.password,
          mafile: sandboxMafileText(account),
          proxyData: {
            protocol: 'http' as const,
            address: `${network}.${i + 1}`,
            port: 3128,
            username: null,
            password: null,
          },
        },
      ]),
    ),
  });
  return accounts.map((account) => {
    const row = added.addedAccounts.find((row) => row.login === account.login);
    if (!row) throw new Error(`${account.login} was not added`);
    return row.id;
  });
}

/** Asks `probe` until it answers something, every `everyMs`; fails after `timeoutMs` (a test's setup waits). */
export async function until<T>(
  probe: () => Promise<T | null | false>,
  { timeoutMs = 20_000, everyMs = 50, what = 'the condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
