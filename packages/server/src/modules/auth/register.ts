import fastifyCookie from '@fastify/cookie';
import { ResultCode, type TwoFactorInput } from '@tradedeck/sdk/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config/config.ts';
import { type Database, IN_MEMORY } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { AccessTokens, deriveKey } from '../../security/access-token.ts';
import { registerSecurityHeaders } from '../../security/http-headers.ts';
import { loadKeyring } from '../../security/master-key.ts';
import { RateLimiter } from '../../security/rate-limiter.ts';
import { SecretBox } from '../../security/secret-box.ts';
import { UserScope } from '../../security/user-scope.ts';
import { guardAdminOperation } from '../admin/admin-guard.ts';
import { registerAdminRoutes } from '../admin/routes.ts';
import { AdminService } from '../admin/service.ts';
import { type Mailer, OutboxMailer, SmtpMailer } from '../mail/mailer.ts';
import { OutboxRepo } from '../mail/repo.ts';
import { UsersRepo } from '../users/repo.ts';
import { registerUserRoutes } from '../users/routes.ts';
import { UserService } from '../users/service.ts';
import { CodeRepo } from './code-repo.ts';
import { type AccountMailJob, type AuthDeps, audit } from './deps.ts';
import { registerRefreshCookie } from './refresh-cookie.ts';
import { registerRefusalLog } from './refusal-log.ts';
import { bearerToken, clientInfo } from './request-auth.ts';
import { registerAuthRoutes } from './routes.ts';
import { type SecurityEvent, SecurityRepo } from './security-repo.ts';
import { AuthService } from './service.ts';
import { SessionRepo } from './session-repo.ts';
import { SessionService } from './sessions.ts';
import { StepUpService } from './step-up.ts';
import { TwoFactorService } from './two-factor.ts';

/** The queue of the anonymous account flows' mail (registration, confirmation resend, forgot-password). */
export const ACCOUNT_MAIL_QUEUE = 'auth.account-mail';

/** What other modules (hubs, secret-holding areas) use from the account modules. */
export interface AuthApi {
  /** For hub connections and other non-HTTP entry points: the same check as every API request. */
  verifyAccessToken(token: string): Promise<{ userId: string; sessionId: string } | null>;
  /** Envelope encryption for every stored secret (AAD binds user, table, column, row). */
  secrets: SecretBox;
  mailer: Mailer;
  /** Shared rate limits and the audit trail of security events, for other modules. */
  limiter: RateLimiter;
  audit(event: SecurityEvent): Promise<void>;
}

export interface AccountModuleOptions {
  config: ServerConfig;
  database: Database;
  now?: () => number;
}

/**
 * Wires registration, login, sessions, second factors, the profile and moderation into the app, and replaces
 * the `authenticate` decorator with access-token verification that loads the device session on every call.
 */
export async function registerAccountModules(
  app: FastifyInstance,
  options: AccountModuleOptions,
): Promise<AuthApi> {
  const { config, database } = options;
  const now = options.now ?? Date.now;
  // An in-memory data directory has nowhere to keep a key file: without TRADEDECK_MASTER_KEY the key lives as long
  // as the process, which is right for a throw-away database and wrong for a lasting one (hence the warning).
  const ephemeralKey = config.dataDir === IN_MEMORY;
  if (ephemeralKey && !config.masterKey && config.databaseUrl) {
    app.log.warn(
      'TRADEDECK_MASTER_KEY is not set and the data directory is in memory: secrets stored now cannot be read after a restart',
    );
  }
  const keyring = loadKeyring(config.masterKey, ephemeralKey ? null : config.dataDir);
  const users = new UsersRepo(database.db);
  const scope = new UserScope(database.db);
  const security = new SecurityRepo(database.db, scope);
  const outbox = new OutboxRepo(database.db);
  const mailer: Mailer = config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom)
    : new OutboxMailer(outbox, app.log.child({ module: 'mail' }));
  app.addHook('onClose', async () => mailer.close());

  const deps: AuthDeps = {
    users,
    sessions: new SessionRepo(database.db, scope),
    codes: new CodeRepo(database.db, scope),
    security,
    limiter: new RateLimiter(security),
    mailer,
    secrets: new SecretBox(keyring, security),
    tokens: new AccessTokens(keyring, now),
    codeKey: deriveKey(keyring, 'email-code-hmac'),
    log: app.log.child({ module: 'auth' }),
    now,
    link: (path, query) => {
      const url = new URL(path, publicBase(app, config));
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
      return url.toString();
    },
    // The job queue starts after the account modules; it exists by the time a request arrives.
    enqueueAccountMail: async (job) => {
      await app.jobs.send(ACCOUNT_MAIL_QUEUE, job, { retryLimit: 2, retryDelaySeconds: 5 });
    },
  };
  const sessions = new SessionService(deps);
  const twoFactor = new TwoFactorService(deps);
  const auth = new AuthService(deps, sessions, twoFactor);
  const stepUp = new StepUpService(deps, twoFactor);
  app.addHook('onReady', async () => {
    await app.jobs.work<AccountMailJob>(ACCOUNT_MAIL_QUEUE, ({ data }) => auth.runAccountMail(data), {
      workers: 2,
    });
  });

  await app.register(fastifyCookie);
  registerRefreshCookie(app);
  registerSecurityHeaders(app);

  app.decorate('authenticate', async (request, op) => {
    const token = bearerToken(request);
    const context = token ? await sessions.authenticate(token) : null;
    if (!context) throw new AppError({ code: ResultCode.Unauthorized });
    if (op.flags.admin) {
      await guardAdminOperation(request, op, context, (event) => audit(deps, event));
      await stepUp.requireAdminFactor(context, op, clientInfo(request));
    }
    request.auth = context;
  });
  app.decorate('stepUp', async (request, op, input) => {
    const context = request.auth;
    if (!context) throw new AppError({ code: ResultCode.Unauthorized });
    const codes = (input as { twoFactor?: TwoFactorInput | null } | null)?.twoFactor;
    await stepUp.require(context, op, codes, clientInfo(request));
  });
  registerRefusalLog(app, deps);

  registerAuthRoutes(app, auth, sessions, config.publicUrl);
  registerUserRoutes(app, new UserService(deps, auth, twoFactor), stepUp);
  registerAdminRoutes(app, new AdminService(deps, outbox));

  return {
    async verifyAccessToken(token) {
      const context = await sessions.authenticate(token);
      return context ? { userId: context.userId, sessionId: context.sessionId } : null;
    },
    secrets: deps.secrets,
    mailer,
    limiter: deps.limiter,
    audit: (event) => audit(deps, event),
  };
}

/** Links in mail point at the public URL, else at the address the server listens on (never the Host header). */
function publicBase(app: FastifyInstance, config: ServerConfig): string {
  if (config.publicUrl) return config.publicUrl;
  const address = app.server.address();
  if (address && typeof address === 'object') {
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
  }
  return `http://${config.host}:${config.port}`;
}
