import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { AccessTokens, deriveKey } from '../../security/access-token.ts';
import { registerSecurityHeaders } from '../../security/http-headers.ts';
import { loadKeyring } from '../../security/master-key.ts';
import { RateLimiter } from '../../security/rate-limiter.ts';
import { SecretBox } from '../../security/secret-box.ts';
import { UserScope } from '../../security/user-scope.ts';
import type { MailApi } from '../mail/index.ts';
import { registerAuthentication } from './authenticate.ts';
import { CodeRepo } from './code-repo.ts';
import { type AccountMailJob, type AuthDeps, audit } from './deps.ts';
import { publicBase } from './public-base.ts';
import { RecentSessions } from './recent-sessions.ts';
import { registerRefreshCookie } from './refresh-cookie.ts';
import { registerRefusalLog } from './refusal-log.ts';
import { authRoutes } from './routes.ts';
import { type SecurityEvent, SecurityRepo } from './security-repo.ts';
import { AuthService } from './service.ts';
import { SessionRepo } from './session-repo.ts';
import { SessionService } from './sessions.ts';
import { StepUpService } from './step-up.ts';
import { TwoFactorService } from './two-factor.ts';
import { UsersRepo } from './users-repo.ts';

// What the account areas (users, admin) build on: the shared services, the rules and the accounts table.
export { type AuthDeps, audit, type ClientInfo, sendMail, userLanguage } from './deps.ts';
export { wrongCode } from './messages.ts';
export { publicBase } from './public-base.ts';
export { clientInfo } from './request-auth.ts';
export type { SecurityEvent } from './security-repo.ts';
export { type AuthService, assertPasswordAllowed, CONFIRM_LINK_TTL_MS, normalizeEmail } from './service.ts';
export type { AuthContext } from './sessions.ts';
export type { StepUpService } from './step-up.ts';
export { type TwoFactorService, totpSlot } from './two-factor.ts';
export { type AccountStatus, accountStatus, type UserRow, UsersRepo } from './users-repo.ts';

/** The queue of the anonymous account flows' mail (registration, confirmation resend, forgot-password). */
export const ACCOUNT_MAIL_QUEUE = 'auth.account-mail';

/** The services the users and admin areas are built with. */
export interface AccountServices {
  deps: AuthDeps;
  auth: AuthService;
  twoFactor: TwoFactorService;
  stepUp: StepUpService;
}

/** What other modules (hubs, secret-holding areas, the account areas) use from auth. */
export interface AuthApi {
  /** For hub connections and other non-HTTP entry points: the same check as every API request. */
  verifyAccessToken(token: string): Promise<{ userId: string; sessionId: string } | null>;
  /** Forgets what was read of sessions that ended in any process (all of it for `null`: notices were lost). */
  forgetSessions(sessionIds: readonly string[] | null): void;
  /** Envelope encryption for every stored secret (AAD binds user, table, column, row). */
  secrets: SecretBox;
  /** Shared rate limits and the audit trail of security events, for other modules. */
  limiter: RateLimiter;
  audit(event: SecurityEvent): Promise<void>;
  accounts: AccountServices;
  /** A key derived from the master key for one purpose (a keyed hash of stored request fingerprints). */
  keyFor(purpose: string): Buffer;
}

export interface AuthModuleDeps {
  config: ServerConfig;
  database: Database;
  mail: MailApi;
  /** Account mail (codes, links) goes out as a job. */
  jobs: Pick<Jobs, 'send' | 'work'>;
  now: () => number;
}

/**
 * Registration, login, sessions and second factors; the `authenticate` and `stepUp` checks every bound
 * operation runs; the refresh cookie, the security headers and the log of refused calls.
 */
export async function registerAuth(app: FastifyInstance, deps: AuthModuleDeps): Promise<AuthApi> {
  const { config, database, now } = deps;
  // An in-memory data directory has nowhere to keep a key file: without TRADEDECK_MASTER_KEY the key lives as long as
  // the process (the start's check, security/master-key.ts `masterKeyAtStart`, warns or refuses on Postgres).
  const keyring = loadKeyring(config.masterKey, config.dataDir);
  const scope = new UserScope(database.db);
  const security = new SecurityRepo(database.db, scope);

  const shared: AuthDeps = {
    users: new UsersRepo(database.db),
    sessions: new SessionRepo(database.db, scope, new RecentSessions(now)),
    codes: new CodeRepo(database.db, scope),
    security,
    limiter: new RateLimiter(security),
    mailer: deps.mail.mailer,
    secrets: new SecretBox(keyring, security.dataKeys),
    tokens: new AccessTokens(keyring, now),
    codeKey: deriveKey(keyring, 'email-code-hmac'),
    refreshKey: deriveKey(keyring, 'refresh-successor'),
    log: app.log.child({ module: 'auth' }),
    now,
    link: (path, query) => {
      const url = new URL(path, publicBase(app, config));
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
      return url.toString();
    },
    enqueueAccountMail: async (job) => {
      await deps.jobs.send(ACCOUNT_MAIL_QUEUE, job, { retryLimit: 2, retryDelaySeconds: 5 });
    },
  };
  const recordEvent = (event: SecurityEvent) => audit(shared, event);
  const sessions = new SessionService(shared);
  const twoFactor = new TwoFactorService(shared);
  const auth = new AuthService(shared, sessions, twoFactor);
  const stepUp = new StepUpService(shared, twoFactor);
  app.addHook('onReady', async () => {
    await deps.jobs.work<AccountMailJob>(ACCOUNT_MAIL_QUEUE, ({ data }) => auth.runAccountMail(data), {
      workers: 2,
    });
  });

  await app.register(fastifyCookie);
  registerRefreshCookie(app);
  registerSecurityHeaders(app);
  registerAuthentication(app, sessions, stepUp, recordEvent);
  registerRefusalLog(app, shared);
  authRoutes(auth, sessions, config.publicUrl).bind(app);

  return {
    async verifyAccessToken(token) {
      const context = await sessions.authenticate(token);
      return context ? { userId: context.userId, sessionId: context.sessionId } : null;
    },
    forgetSessions(sessionIds) {
      if (sessionIds === null) shared.sessions.recent.clear();
      else shared.sessions.recent.forget(sessionIds);
    },
    secrets: shared.secrets,
    limiter: shared.limiter,
    audit: recordEvent,
    accounts: { deps: shared, auth, twoFactor, stepUp },
    keyFor: (purpose) => deriveKey(keyring, purpose),
  };
}
