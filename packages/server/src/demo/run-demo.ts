/**
 * `pnpm demo`: the panel in sandbox mode with a signed-up demo user, live loopback proxies under a proxy tag
 * (checked at once against the sandbox's loopback judge), and a folder of sandbox maFiles (plus `accounts.txt`) to
 * import through the add wizard or with the CLI command the demo prints. The trading screens open alive: the demo
 * seeds accounts of its own on proxies of their own, seller accounts, a finished harvest session, four weeks of
 * sales, lots with thresholds and issues, a price profile with its history and balance transfers (`seeds/`).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDEMPOTENCY_KEY_HEADER } from '@tradedeck/sdk/contract';
import { loadConfig } from '../config/config.ts';
import { SandboxMarket, sandboxMarketKey, sandboxPaymentPassword } from '../integrations/market/index.ts';
import { openSandboxWorld, writeSandboxImportSet } from '../integrations/steam/index.ts';
import { UsersRepo } from '../modules/auth/index.ts';
import { LotsRepo } from '../modules/lots/index.ts';
import { UserScope } from '../security/user-scope.ts';
import { startServer } from '../server.ts';
import { startLoopbackProxies } from './loopback-proxies.ts';
import { DemoMailbox } from './mailbox.ts';
import { DEMO_TRADING_ACCOUNTS, seedDemo, seedTradingAccounts } from './seeds/index.ts';
import { DEMO_HOME_PREFIX, markDemoHome, removeStaleDemoHomes } from './stale-homes.ts';

export const DEMO_EMAIL = 'demo@tradedeck.local';
export const DEMO_PASSWORD = 'Sandbox-Lantern-42';
export const DEMO_PROXY_TAG = 'Demo pool';
/** Loopback proxies the demo starts unless told otherwise. */
export const DEMO_PROXIES = 10;
/**
 * Proxies the import set can put to rest: `sandbox_rate_limited` meets Steam's rate limit on the proxy it is planned
 * on and on the one of its single retry (docs/distribute-rests.md). The others must hold every account.
 */
const PROXIES_RESTED_BY_THE_SET = 2;

export interface DemoOptions {
  port?: number;
  webRoot?: string | null;
  healthyAccounts?: number;
  proxies?: number;
  /** Clock for tokens and codes (tests move it past the wait between two mailed codes). */
  now?: () => number;
  /** Each step as it starts (a first start under load takes a while), and the stale folders removed. */
  progress?: (line: string) => void;
  /** Where the demo's temporary folder goes (the system's by default). */
  tempRoot?: string;
}

export async function runDemo(options: DemoOptions = {}) {
  const progress = options.progress ?? (() => {});
  const tempRoot = options.tempRoot ?? tmpdir();
  const stale = removeStaleDemoHomes(tempRoot);
  if (stale.length > 0) {
    progress(`Removed ${stale.length} folder(s) of demos that were killed: ${stale.join(', ')}`);
  }
  const home = await mkdtemp(join(tempRoot, DEMO_HOME_PREFIX));
  markDemoHome(home);
  const config = {
    ...loadConfig({ ...process.env, TRADEDECK_MODE: 'sandbox' }),
    dataDir: join(home, 'data'),
    databaseUrl: null,
    port: options.port ?? Number(process.env.PORT ?? 8080),
    webRoot: options.webRoot ?? null,
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    // The demo's proxies listen on loopback.
    allowPrivateProxies: true,
    // Its mail stays in its outbox, where the demo reads its own user's codes.
    smtpUrl: null,
  };
  const mailbox = new DemoMailbox(DEMO_EMAIL);
  // The demo writes the sellers' past into the simulated market (earlier listings and sales), so it shares it.
  const sandboxWorld = openSandboxWorld(config);
  const market = new SandboxMarket(sandboxWorld);
  progress('Starting the server and migrating its database…');
  const server = await startServer(config, undefined, {
    steam: { sandboxWorld },
    market: { sandboxMarket: market },
    // Trades are checked for reversals every half minute, so the demo's reversal shows soon after the seeding.
    reversals: { timing: { superviseEveryMs: 30_000, checkEveryMs: 30_000, accountSpacingMs: 200 } },
    onMailKept: mailbox.kept,
    ...(options.now ? { now: options.now } : {}),
  });
  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await server.app.inject({
      method: method as 'POST',
      url: path,
      headers: {
        'accept-language': 'en-US',
        // Each seeding call is made once: a key of its own satisfies the operations that move money or items.
        ...(method === 'GET' ? {} : { [IDEMPOTENCY_KEY_HEADER]: randomUUID() }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    const envelope = response.json();
    if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.error.message}`);
    return envelope.data;
  };

  // The first account of an instance is its approved administrator; the demo confirms its e-mail itself.
  await api('POST', '/api/auth/register', { email: DEMO_EMAIL, userName: 'demo', password: DEMO_PASSWORD });
  const users = new UsersRepo(server.database.db);
  const user = await users.findByEmail(DEMO_EMAIL);
  if (!user) throw new Error('the demo user was not created');
  await users.confirmEmail(user.id);
  const login = await api('POST', '/api/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
  const token = login.accessToken as string;

  const proxyCount = Math.max(options.proxies ?? DEMO_PROXIES, PROXIES_RESTED_BY_THE_SET + 1);
  const loopback = await startLoopbackProxies(proxyCount + DEMO_TRADING_ACCOUNTS);
  const linesOf = (proxies: typeof loopback.proxies) =>
    proxies.map((p) => `127.0.0.1:${p.port}:${p.username}:${p.password}`).join('\n');
  const added = await api(
    'POST',
    '/api/proxies',
    { proxies: linesOf(loopback.proxies.slice(0, proxyCount)), tag: { id: 0, name: DEMO_PROXY_TAG } },
    token,
  );
  // The seeded trading accounts' proxies stay out of the import's tag.
  const tradingProxies = await api(
    'POST',
    '/api/proxies',
    { proxies: linesOf(loopback.proxies.slice(proxyCount)) },
    token,
  );
  // Checked at once, so the proxies screen shows them valid (sandbox checks go to the loopback judge).
  await api('POST', '/api/proxies/check', { ids: [...added.addedIds, ...tradingProxies.addedIds] }, token);
  // Connecting marketplace keys asks for the second factor: the demo passes it with the code it mailed itself.
  await api('POST', '/api/user/request-two-factor', { purpose: 'stepUp' }, token);
  await api('POST', '/api/user/step-up', { twoFactor: { codes: { emailCode: mailbox.lastCode() } } }, token);
  const seedApi = <T>(method: string, path: string, body?: unknown) =>
    api(method, path, body, token) as Promise<T>;
  const lotsRepo = new LotsRepo(server.database.db, new UserScope(server.database.db));
  progress('Seeding the demo: accounts, lots and sales…');
  const tradingAccounts = await seedTradingAccounts(seedApi, tradingProxies.addedIds);
  await seedDemo({
    api: seedApi,
    accounts: tradingAccounts,
    market,
    backdatePrices: (points) => lotsRepo.run(user.id, (q) => q.prices.backdateHistory(points)),
    datePriceWritesBefore: (at) => lotsRepo.run(user.id, (q) => q.datePriceWritesBefore(at)),
    reverseTrade: (tradeId) => sandboxWorld.trading.history.reverse(tradeId, Date.now()),
    now: Date.now,
  });

  const importSet = await writeSandboxImportSet(join(home, 'import'), {
    healthy: options.healthyAccounts ?? 20,
    includeFailureCases: true,
  });
  // One account per proxy (the CLI's default) cannot hold the set: the limit spreads it over the proxies that stay
  // out of rest, so every healthy account finds a proxy and only the failure cases fail.
  const maxPerProxy = Math.ceil(importSet.accounts.length / (proxyCount - PROXIES_RESTED_BY_THE_SET));
  const cliConfigDir = join(home, 'cli');

  return {
    url: server.url,
    home,
    importSet,
    proxies: loopback.proxies.slice(0, proxyCount),
    /** The accounts the demo seeded for the trading screens (besides the import set). */
    tradingAccounts: DEMO_TRADING_ACCOUNTS,
    /**
     * What connecting a seller and sending a transfer ask of the market, for the demo's trading accounts: the
     * sandbox market's API key of each (`sandbox-tm-<login>`) and its payment password (a newcomer has no other
     * way to know them).
     */
    marketAccounts: [...tradingAccounts.sellers, ...tradingAccounts.farms].map((account) => ({
      login: account.login,
      apiKey: sandboxMarketKey(account.login),
      paymentPassword:
        market.existing(sandboxMarketKey(account.login))?.paymentPassword ??
        sandboxPaymentPassword(account.login, sandboxWorld.seed),
    })),
    /** The settings directory the demo's CLI command uses (the demo signs the CLI in there). */
    cliConfigDir,
    maxPerProxy,
    /** Shows each mail to the demo user from now on (codes and links), one line each; returns how to stop. */
    followMail: (show: (line: string) => void) => mailbox.follow(show),
    /** The CLI command that imports the whole set, as printed: run in a shell from the repository root. */
    importCommand: [
      `TRADEDECK_CONFIG_DIR=${shellQuote(cliConfigDir)}`,
      // `-s`: the output ends with Tradedeck's own summary, not pnpm's report of the exit code.
      'pnpm -s tradedeck --server',
      server.url,
      'accounts import --mafiles',
      shellQuote(importSet.mafileDir),
      '--lines',
      shellQuote(importSet.linesFile),
      '--mode distribute --proxy-tag',
      shellQuote(DEMO_PROXY_TAG),
      '--max-per-proxy',
      String(maxPerProxy),
    ].join(' '),
    async stop() {
      await loopback.close();
      await server.stop();
      // A demo starts fresh each time: nothing in its folder is of use once it stopped.
      await rm(home, { recursive: true, force: true });
    },
  };
}

/** Quotes a value for a POSIX shell command line. */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", "'\\''")}'`;
}
