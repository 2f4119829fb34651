/** What the sandbox benchmarks share: the in-process server's config and the body that adds sandbox Steam accounts. */
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
