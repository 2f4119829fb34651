/**
 * What the sandbox benchmarks share: the in-process server's config, the body that adds sandbox Steam accounts and
 * the adding itself.
 */
import { loadConfig } from '../src/config/config.ts';
import { type SandboxAccount, sandboxMafileText } from '../src/integrations/steam/index.ts';

/** An in-memory sandbox server's config, silent unless `logLevel` is given. */
export function sandboxBenchConfig(logLevel = 'silent') {
  return {
    // No scheduled inventory read lands in a measurement (docs/portfolio.md "Freshness").
    ...loadConfig({ TRADEDECK_INVENTORY_SCHEDULE: 'off' }),
    mode: 'sandbox' as const,
    dataDir: 'memory://',
    databaseUrl: null,
    logLevel,
    publicUrl: null,
    masterKey: Buffer.alloc(32, 7).toString('base64'),
  };
}

/** `POST /api/steam-accounts`'s body for sandbox accounts, each behind the HTTP proxy `proxyOf(index)` names. */
export function sandboxAccountsBody(
  bots: readonly SandboxAccount[],
  proxyOf: (index: number) => { address: string; port: number },
) {
  return {
    accounts: Object.fromEntries(
      bots.map((bot, i) => [
        String(i),
        {
          login: bot.login,
          password: bot.password,
          mafile: sandboxMafileText(bot),
          proxyData: { protocol: 'http', ...proxyOf(i), username: null, password: null },
        },
      ]),
    ),
  };
}

/** A benchmark's call to the API as its signed-in user: the envelope's data, or a throw with its message. */
export type BenchCall = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** Adds sandbox accounts 50 to a request (the API's batch), each behind `proxyOf(index)`; their ids by login. */
export async function addSandboxAccounts(
  call: BenchCall,
  bots: readonly SandboxAccount[],
  proxyOf: (index: number) => { address: string; port: number },
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let from = 0; from < bots.length; from += 50) {
    const added = await call<{ addedAccounts: { id: number; login: string }[] }>(
      'POST',
      '/api/steam-accounts',
      sandboxAccountsBody(bots.slice(from, from + 50), (i) => proxyOf(from + i)),
    );
    for (const row of added.addedAccounts) ids.set(row.login, row.id);
  }
  return ids;
}
