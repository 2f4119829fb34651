import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import {
  checkUrlFromEnv,
  countryDatabase,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_TOTAL_TIMEOUT_MS,
  LoopbackJudge,
} from '../../integrations/proxy-checker/index.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { UserScope } from '../../security/user-scope.ts';
import type { AuthApi } from '../auth/index.ts';
import type { NotificationsApi } from '../notifications/index.ts';
import { PROXY_CHECK_QUEUE, type ProxyCheckJobData } from './job-data.ts';
import { ProxyCheckRepo } from './repo.ts';
import { proxyCheckRoutes } from './routes.ts';
import { type ProxyCheckSettings, runProxyCheckBatch } from './run-batch.ts';
import { ProxyCheckService } from './service.ts';

/** Proxy check batches as the rest of the server sees them (`app.proxyChecks`). */
export interface ProxyChecks {
  readonly service: ProxyCheckService;
  /** Changes how the next batches check (tests point them at a loopback judge with short deadlines). */
  tune(changes: Partial<ProxyCheckSettings>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    proxyChecks: ProxyChecks;
  }
}

export interface ProxyChecksDeps {
  database: Database;
  auth: Pick<AuthApi, 'secrets'>;
  jobs: Jobs;
  eventLog: EventLog;
  allowPrivateProxies: boolean;
  notifications: Pick<NotificationsApi, 'post'>;
  /** Sandbox mode checks against the built-in loopback judge unless TRADEDECK_PROXY_CHECK_URL says otherwise. */
  mode: 'live' | 'sandbox';
}

/** Batches checked at once per server process; each runs its own bounded pool of checks. */
const BATCHES_PER_PROCESS = 2;

/** The proxies.check operation and the workers that run its batches. */
export function registerProxyChecks(app: FastifyInstance, deps: ProxyChecksDeps): ProxyChecks {
  const { jobs, eventLog } = deps;
  const settings: ProxyCheckSettings = {
    checkUrl: checkUrlFromEnv(process.env, deps.mode),
    connectTimeoutMs: DEFAULT_CONNECT_TIMEOUT_MS,
    totalTimeoutMs: DEFAULT_TOTAL_TIMEOUT_MS,
    allowPrivateAddresses: deps.allowPrivateProxies,
    saveEveryItems: 500,
    saveEveryMs: 200,
  };
  const repo = new ProxyCheckRepo(new UserScope(deps.database.db));
  const secrets = deps.auth.secrets;
  const current = () => settings;
  const service = new ProxyCheckService({ repo, secrets, eventLog, jobs, settings: current });
  const countryOf = (ip: string) => countryDatabase().countryOf(ip);
  const loopbackJudge = new LoopbackJudge();
  app.addHook('onClose', () => loopbackJudge.close());

  // Batches start once the app is ready, so settings made before (tests, tools) apply to the first one too.
  app.addHook('onReady', async () => {
    await jobs.work<ProxyCheckJobData>(
      PROXY_CHECK_QUEUE,
      (job) =>
        runProxyCheckBatch(job, {
          repo,
          secrets,
          eventLog,
          settings: current,
          countryOf,
          loopbackJudge,
          notifications: deps.notifications,
        }),
      { workers: BATCHES_PER_PROCESS },
    );
  });
  proxyCheckRoutes(service).bind(app);
  const proxyChecks: ProxyChecks = {
    service,
    tune(changes) {
      Object.assign(settings, changes);
    },
  };
  app.decorate('proxyChecks', proxyChecks);
  return proxyChecks;
}
