import { ResultCode } from '@tradedeck/sdk/contract';
import { AppError } from '../../http/app-error.ts';
import { opaqueToken, sha256, successorToken } from '../../security/random-codes.ts';
import { LIMITS } from '../../security/rate-limiter.ts';
import { type AuthDeps, audit, type ClientInfo } from './deps.ts';
import type { PassedFactor, SessionRow } from './session-repo.ts';
import { accountStatus, type UserRow } from './users-repo.ts';

/** A session lives at most 30 days from sign-in, whatever the rotations. */
const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** A refresh token unused for 7 days ends its session. */
const SESSION_IDLE_MS = 7 * 24 * 3600_000;
/** A refresh token presented again within 10 s of its rotation (a lost answer, a second tab) is not a theft. */
const REFRESH_GRACE_MS = 10_000;
const TOUCH_EVERY_MS = 60_000;

export interface IssuedSession {
  accessToken: string;
  expiresAt: string;
  refreshToken: string;
  sessionId: string;
  /** Seconds the refresh cookie should live (the session's absolute end). */
  cookieMaxAge: number;
}

export interface AuthContext {
  userId: string;
  sessionId: string;
  user: UserRow;
  session: SessionRow;
}

const unauthorized = () => new AppError({ code: ResultCode.Unauthorized });

export class SessionService {
  constructor(private readonly deps: AuthDeps) {}

  /** Opens a device session; one signed in with a second factor starts stepped up. */
  async start(user: UserRow, client: ClientInfo, factor: PassedFactor | null = null): Promise<IssuedSession> {
    const refreshToken = opaqueToken();
    const expiresAt = new Date(this.deps.now() + SESSION_ABSOLUTE_MS);
    const session = await this.deps.sessions.create({
      userId: user.id,
      expiresAt,
      ip: client.ip,
      userAgent: client.userAgent,
      tokenHash: sha256(refreshToken),
      now: new Date(this.deps.now()),
      factor,
    });
    const access = await this.deps.tokens.issue({ userId: user.id, sessionId: session.id });
    return {
      ...access,
      refreshToken,
      sessionId: session.id,
      cookieMaxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
    };
  }

  /**
   * Rotates a refresh token: the first caller claims it and its successor is stored. A token used before is a
   * replay: inside the grace window the caller gets that same successor; after it the whole device session is
   * revoked.
   */
  async refresh(refreshToken: string, client: ClientInfo): Promise<IssuedSession> {
    const found = await this.deps.sessions.findToken(sha256(refreshToken));
    if (!found) throw unauthorized();
    const { token, session, user } = found;
    const now = this.deps.now();
    if (!this.isLive(session, user, now)) throw unauthorized();
    if (token.createdAt.getTime() + SESSION_IDLE_MS <= now) {
      await this.deps.sessions.run(user.id, (q) => q.revoke(session.id, 'idle'));
      throw unauthorized();
    }
    // The successor is derived from the token itself, so every concurrent caller inside the grace window gets
    // the same one and the database holds a single live successor.
    const next = successorToken(this.deps.refreshKey, refreshToken);
    const rotated = await this.deps.sessions.rotate({
      tokenId: token.id,
      successorHash: sha256(next),
      now: new Date(now),
      graceFrom: new Date(now - REFRESH_GRACE_MS),
    });
    if (!rotated) {
      await this.deps.sessions.run(user.id, (q) => q.revoke(session.id, 'refresh_reuse'));
      await audit(this.deps, {
        event: 'refresh_reuse_detected',
        userId: user.id,
        sessionId: session.id,
        ...client,
      });
      throw unauthorized();
    }
    await this.deps.limiter.consume(`refresh:${session.id}`, LIMITS.refreshPerSession);
    const access = await this.deps.tokens.issue({ userId: user.id, sessionId: session.id });
    return {
      ...access,
      refreshToken: next,
      sessionId: session.id,
      cookieMaxAge: Math.max(0, Math.floor((session.expiresAt.getTime() - now) / 1000)),
    };
  }

  /** The session behind a refresh token (for logout), or null. */
  async sessionOfRefreshToken(refreshToken: string): Promise<{ userId: string; sessionId: string } | null> {
    const found = await this.deps.sessions.findToken(sha256(refreshToken));
    return found ? { userId: found.user.id, sessionId: found.session.id } : null;
  }

  /**
   * Verifies an access token and loads its device session and user on every call, so a revoked session, a ban
   * or a password change takes effect on the next request. `recent`: a read operation may take the session read
   * for the same token in the last second instead (recent-sessions.ts); still refused once it expired.
   */
  async authenticate(accessToken: string, recent = false): Promise<AuthContext | null> {
    const claims = await this.deps.tokens.verify(accessToken);
    if (!claims) return null;
    const kept = recent ? this.deps.sessions.recent.get(claims.sessionId, claims.userId) : undefined;
    const found = kept ?? (await this.deps.sessions.findWithUser(claims.sessionId, claims.userId));
    if (!found) return null;
    const now = this.deps.now();
    if (!this.isLive(found.session, found.user, now)) return null;
    if (!kept) {
      this.deps.sessions.recent.set(claims.sessionId, { userId: claims.userId, ...found });
      if (found.session.lastSeenAt.getTime() + TOUCH_EVERY_MS < now)
        await this.deps.sessions.touch(found.session.id);
    }
    return { userId: claims.userId, sessionId: claims.sessionId, user: found.user, session: found.session };
  }

  private isLive(session: SessionRow, user: UserRow, now: number): boolean {
    return !session.revokedAt && session.expiresAt.getTime() > now && accountStatus(user) === 'active';
  }
}
