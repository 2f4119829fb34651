import { randomUUID } from 'node:crypto';
import { DEFAULT_MAX_BODY_BYTES, HttpStatus } from '@tradedeck/sdk/contract';
import { jwtExpiresAt } from '@tradedeck/sdk/domain';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import packageJson from '../package.json' with { type: 'json' };
import { type Clock, systemClock } from './clock.ts';
import { type ServerConfig, trustedProxyHops } from './config/config.ts';
import type { Database } from './db/database.ts';
import { registerListChangesPurge } from './db/list-changes-purge.ts';
import { boundOperations } from './http/bind-operation.ts';
import { registerErrorHandling, registerNotFound } from './http/error-handler.ts';
import { registerJsonBody } from './http/json-body.ts';
import { buildManifest } from './http/manifest.ts';
import { registerMultipart } from './http/multipart.ts';
import { registerWebRoot } from './http/web-root.ts';
import { registerHubs } from './hubs/register.ts';
import {
  createMarketPort,
  createWaxpeerMarketPort,
  DbPacingStore,
  type MarketPortOptions,
  platformMarkets,
} from './integrations/market/index.ts';
import { registerJudge } from './integrations/proxy-checker/judge-route.ts';
import { createRatesPort } from './integrations/rates/index.ts';
import { openSandboxWorld, type SteamPort, type SteamPortOptions } from './integrations/steam/index.ts';
import { registerJobs } from './jobs/register.ts';
import { loggerOptions } from './logger.ts';
import { registerAdmin } from './modules/admin/index.ts';
import { registerAudit } from './modules/audit/index.ts';
import { type AuthApi, registerAuth } from './modules/auth/index.ts';
import {
  type ConfirmationsApi,
  type RefreshTiming,
  registerConfirmations,
} from './modules/confirmations/index.ts';
import { registerHarvester } from './modules/harvester/index.ts';
import { registerIdempotency } from './modules/idempotency/index.ts';
import { registerLedger } from './modules/ledger/index.ts';
import { type LotsTiming, registerLots } from './modules/lots/index.ts';
import { type Mail, registerMail } from './modules/mail/index.ts';
import { registerNotifications } from './modules/notifications/index.ts';
import { PacingRests, registerPacing } from './modules/pacing/index.ts';
import { type PortfolioApi, registerPortfolio } from './modules/portfolio/index.ts';
import { registerProxies } from './modules/proxies/index.ts';
import { registerProxyChecks } from './modules/proxy-checks/index.ts';
import { registerRates } from './modules/rates/index.ts';
import { registerSearch, type SearchService } from './modules/search/index.ts';
import { registerSeller, type SellerApi, type SellerTiming } from './modules/seller/index.ts';
import { registerSettings, type SettingsService } from './modules/settings/index.ts';
import { registerSteamAccounts } from './modules/steam-accounts/index.ts';
import { type OwnOfferConfirmRule, registerSteamTrading } from './modules/steam-trading/index.ts';
import { registerSystem, type SystemService } from './modules/system/index.ts';
import { type ReversalTiming, registerTradeReversals } from './modules/trade-reversals/index.ts';
import { registerTransfer } from './modules/transfer/index.ts';
import { registerUsers } from './modules/users/index.ts';
import { registerWorkspaces } from './modules/workspaces/index.ts';
import { LeaseView } from './ops/leases.ts';
import { registerOps } from './ops/register.ts';

export const SERVER_VERSION: string = packageJson.version;

export interface AppOptions {
  config: ServerConfig;
  database: Database;
  /** A logger instance or options; defaults to pino at the configured level. */
  logger?: FastifyServerOptions['logger'] | FastifyServerOptions['loggerInstance'];
  /** Clock for tokens and codes (tests move it). */
  now?: () => number;
  /**
   * The clock the modules' own timers wait on (the repricing tick's pause; docs/testing.md lists them), the system's
   * by default. A test passes the clock it moves, with its `now` as `now`.
   */
  clock?: Clock;
  /** Overrides of the Steam port (tests: clock, spacing, sandbox world). */
  steam?: SteamPortOptions;
  /** Overrides of the market port (tests: clock, a sandbox market to share). */
  market?: MarketPortOptions;
  /** The seller loop's timing and how many loops one process runs (tests and the benchmark). */
  seller?: { timing?: Partial<SellerTiming>; loopWorkers?: number };
  /** The repricing tick's timing (tests and the benchmark). */
  lots?: { timing?: Partial<LotsTiming> };
  /** How often trades are checked for reversals (the demo checks often, to show one soon). */
  reversals?: { timing?: Partial<ReversalTiming> };
  /** The confirmations centre's background refresh (tests shorten it). */
  confirmations?: { refresh?: Partial<RefreshTiming> };
  /** Told of each mail the outbox keeps, in-process (the demo prints its own user's codes on its console). */
  onMailKept?: (mail: Mail) => void;
}

export interface AppServices {
  system: SystemService;
  auth: AuthApi;
  settings: SettingsService;
  search: SearchService;
  /** The Steam port of the configured mode (`steam.mode` is what system.status reports). */
  steam: SteamPort;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** Builds the API server without listening: tests inject requests or listen on port 0. */
export async function buildApp({
  config,
  database,
  logger,
  now,
  clock = systemClock,
  steam,
  market,
  seller,
  lots,
  reversals,
  confirmations: confirmationOptions,
  onMailKept,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(isLoggerInstance(logger)
      ? { loggerInstance: logger }
      : { logger: logger ?? loggerOptions(config.logLevel, config.logFormat) }),
    genReqId: () => randomUUID().replaceAll('-', ''),
    logController: new LogController({ requestIdLogLabel: 'traceId' }),
    requestIdHeader: false,
    // Forwarded headers count only when a configured proxy hop added them (request.ip, request.protocol).
    trustProxy: trustedProxyHops(config) ?? false,
    // Operations that take more declare it in the contract and read it only after authentication.
    bodyLimit: DEFAULT_MAX_BODY_BYTES,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });

  app.decorate(boundOperations, [] as never);
  // First, so that its request counters see every route's requests.
  registerOps(app, { config, database });
  app[boundOperations] = [];
  // The infrastructure first: every module is handed the hubs' event log and the jobs it uses, none reaches for them.
  const hubs = await registerHubs(app, { config, database, now: clock.now });
  const jobs = await registerJobs(app, { config, database });
  // The modules in dependency order, each given the APIs it uses.
  const mail = registerMail(app, { config, database, onKept: onMailKept });
  const auth = await registerAuth(app, { config, database, mail, jobs, now: now ?? Date.now });
  // Hub connections authenticate with the same access tokens as the API, device session checked each time.
  // A connection ends when its device session ends (on every process), and when its token expires (reconnect allowed).
  const workspaces = registerWorkspaces(app, {
    config,
    database,
    mail,
    secrets: auth.secrets,
    jobs,
    eventLog: hubs.eventLog,
    now: now ?? Date.now,
  });
  // A connection receives the events of one workspace the user is a member of (the personal one by default), and a
  // member limited to tags only those about its accounts and proxies.
  hubs.setAuthenticator(async (token, workspace) => {
    const caller = token ? await auth.verifyAccessToken(token) : null;
    const member = caller ? await workspaces.hubMember(caller.userId, workspace ?? null) : null;
    if (!caller || !member) return null;
    const { ownerId, sees } = member;
    return { userId: ownerId, sessionId: caller.sessionId, ...expiryOf(token!), ...(sees ? { sees } : {}) };
  });
  registerIdempotency(app, {
    database,
    hashKey: auth.keyFor('idempotency-request-hmac'),
    now: now ?? Date.now,
  });
  registerAudit(app, { database, now: now ?? Date.now });
  registerUsers(app, { auth });
  registerAdmin(app, { auth, mail, hubs, leases: new LeaseView(database.db, now ?? Date.now) });
  const search = registerSearch(app);
  // The simulated Steam is shared by the sign-in port and the trading area (its sandbox controls).
  const sandboxWorld = config.mode === 'sandbox' ? (steam?.sandboxWorld ?? openSandboxWorld(config)) : null;
  const steamAccounts = registerSteamAccounts(app, {
    config,
    database,
    auth,
    search,
    jobs,
    eventLog: hubs.eventLog,
    now: now ?? Date.now,
    steam: { ...steam, ...(sandboxWorld ? { sandboxWorld } : {}) },
  });
  const system = registerSystem(app, { config, database, version: SERVER_VERSION });
  const settings = registerSettings(app, { database });
  registerProxies(app, { database, auth, search, rests: new PacingRests(steamAccounts.steam.pacer) });
  registerPacing(app, { database, pacer: steamAccounts.steam.pacer });
  app.decorate('services', { system, auth, settings, search, steam: steamAccounts.steam });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-trace-id', String(request.id));
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  // Answers still under way when shutdown starts close their connection, so close() need not wait out keep-alive.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  registerErrorHandling(app);
  registerJsonBody(app);
  await registerMultipart(app);
  const pageFallback = await registerWebRoot(app, config.webRoot);
  registerNotFound(app, pageFallback);

  // The connectivity probe of the web app and the CLI: cheap, never cached; 503 while the database is unreachable.
  app.head('/', async (_request, reply) =>
    reply
      .code(database.health.reachable ? HttpStatus.Ok : HttpStatus.ServiceUnavailable)
      .header('cache-control', 'no-store')
      .send(),
  );
  app.get('/', pageFallback);

  // The bound operations do not change once the app is built: the document is made once, on first request.
  let manifest: string | null = null;
  app.get('/api/manifest', async (_request, reply) => {
    manifest ??= JSON.stringify(buildManifest(app[boundOperations], SERVER_VERSION));
    return reply.type('application/json; charset=utf-8').send(manifest);
  });
  registerJudge(app);
  registerListChangesPurge(app, database);
  const notifications = registerNotifications(app, {
    database,
    eventLog: hubs.eventLog,
    now: now ?? Date.now,
  });
  registerProxyChecks(app, {
    database,
    auth,
    jobs,
    eventLog: hubs.eventLog,
    allowPrivateProxies: config.allowPrivateProxies,
    mode: config.mode,
    notifications,
  });
  // Trading asks the confirmations area's tag rules after its own sends; the area reads Steam through trading.
  let confirmations: ConfirmationsApi | null = null;
  // Every area that confirms its own offers (trading, seller, harvester) asks the same tag rule.
  const ownOfferRule: OwnOfferConfirmRule = (userId, accountId) =>
    confirmations!.acceptsOwnOffers(userId, accountId);
  const steamTrading = registerSteamTrading(app, {
    database,
    auth,
    steamAccounts,
    jobs,
    eventLog: hubs.eventLog,
    sandboxWorld,
    ownOfferRule,
    inventorySchedule: config.inventorySchedule,
    now: now ?? Date.now,
  });
  // The centre prices our own offers' items from the portfolio's source; the portfolio is registered below.
  let portfolio: PortfolioApi | null = null;
  confirmations = registerConfirmations(app, {
    database,
    steamTrading,
    prices: (userId, names, valuing) => portfolio!.valueItems(userId, names, valuing),
    jobs,
    now: now ?? Date.now,
    clock,
    ...(confirmationOptions?.refresh ? { refresh: confirmationOptions.refresh } : {}),
  });
  // The market sells from the same simulated Steam in sandbox mode, so buyers receive our offers there.
  const marketOptions: MarketPortOptions = {
    pacingStore: new DbPacingStore(database.db),
    log: app.log.child({ module: 'market' }),
    ...(sandboxWorld ? { sandboxWorld } : {}),
    ...(config.sandboxPriceChangeMs
      ? { sandbox: { priceChangeSpacingMs: config.sandboxPriceChangeMs } }
      : {}),
    ...market,
  };
  // One port for every market: each call goes to the market of its seller account (TM or Waxpeer).
  const marketPort = platformMarkets(createMarketPort(config, marketOptions), {
    waxpeer: createWaxpeerMarketPort(config, marketOptions),
  });
  const rates = registerRates(app, {
    rates: createRatesPort({
      mode: marketPort.mode,
      ...(config.ratesUrl ? { url: config.ratesUrl } : {}),
      now: now ?? Date.now,
    }),
    now: now ?? Date.now,
  });
  portfolio = registerPortfolio(app, {
    database,
    steamTrading,
    rates,
    eventLog: hubs.eventLog,
    now: now ?? Date.now,
  });
  let sellerBalances: SellerApi['transfer']['refreshBalance'] | null = null;
  const ledger = registerLedger(app, {
    database,
    rates,
    notifications,
    balances: () => sellerBalances ?? (async () => null),
    displayedCurrency: async (userId) => (await settings.get(userId)).displayedCurrency,
    now: now ?? Date.now,
  });
  const lotsApi = registerLots(app, {
    ledger,
    database,
    auth,
    steamTrading,
    market: marketPort,
    jobs,
    eventLog: hubs.eventLog,
    now: now ?? Date.now,
    sleep: clock.sleep,
    ...(lots?.timing ? { timing: lots.timing } : {}),
  });
  const sellerApi = registerSeller(app, {
    database,
    auth,
    steamTrading,
    ownOfferRule,
    market: marketPort,
    jobs,
    eventLog: hubs.eventLog,
    notifications,
    now: now ?? Date.now,
    clock,
    ...(seller?.timing ? { timing: seller.timing } : {}),
    ...(seller?.loopWorkers ? { loopWorkers: seller.loopWorkers } : {}),
    onSold: lotsApi.markSold,
    onDelivered: lotsApi.recordDelivered,
  });
  sellerBalances = sellerApi.transfer.refreshBalance;
  registerTransfer(app, {
    ledger,
    database,
    auth,
    seller: sellerApi,
    market: marketPort,
    eventLog: hubs.eventLog,
    now: now ?? Date.now,
    onTransferSettled: (userId, transfer) =>
      notifications.post(userId, {
        kind: 'transfer',
        params: {
          outcome: transfer.outcome,
          amount: transfer.amount,
          fromLogin: transfer.fromLogin,
          toLogin: transfer.toLogin,
        },
        link: '/panel/accounts',
      }),
  });
  const harvester = registerHarvester(app, {
    ledger,
    database,
    steamAccounts,
    steamTrading,
    ownOfferRule,
    jobs,
    eventLog: hubs.eventLog,
    notifications,
    guardSources: (hub, guard) => hubs.guardSources(hub, guard),
    now: now ?? Date.now,
    clock,
  });
  registerTradeReversals(app, {
    ledger,
    database,
    steamTrading,
    notifications,
    announce: { harvester: harvester.announceTransaction, delivery: sellerApi.announceDelivery },
    jobs,
    now: now ?? Date.now,
    ...(reversals?.timing ? { timing: reversals.timing } : {}),
  });

  return app;
}

function isLoggerInstance(value: unknown): value is FastifyServerOptions['loggerInstance'] {
  return (
    typeof value === 'object' && value !== null && typeof (value as { child?: unknown }).child === 'function'
  );
}

/** The `exp` of an access token the auth module has just verified, as epoch milliseconds. */
function expiryOf(token: string): { expiresAt?: number } {
  const expiresAt = jwtExpiresAt(token);
  return expiresAt === null ? {} : { expiresAt };
}
