/**
 * What to do with the tokens a maFile brought (notes §11 A.6): use them, refresh the access token, renew the
 * refresh token while it still works, or sign in with the password. Times are Unix seconds.
 */
import type { MafileSession } from './mafile-fields.ts';

/** Renew a refresh token this long before it expires (a renewal needs the old token to still be valid). */
export const REFRESH_TOKEN_RENEW_MARGIN_S = 24 * 60 * 60;
/** Treat an access token as expired this long before its `exp`, so a request never races the expiry. */
export const ACCESS_TOKEN_MARGIN_S = 60;

export type SessionPlan = 'useAccessToken' | 'refreshAccessToken' | 'renewRefreshToken' | 'signIn';

export function planSession(session: MafileSession | null, nowSeconds: number): SessionPlan {
  if (!session) return 'signIn';
  const refreshExpiry = session.refreshTokenExpiresAt;
  if (refreshExpiry !== null && refreshExpiry <= nowSeconds) return 'signIn';
  if (refreshExpiry !== null && refreshExpiry - nowSeconds < REFRESH_TOKEN_RENEW_MARGIN_S)
    return 'renewRefreshToken';
  const accessExpiry = session.accessTokenExpiresAt;
  if (session.accessToken && accessExpiry !== null && accessExpiry - nowSeconds > ACCESS_TOKEN_MARGIN_S)
    return 'useAccessToken';
  return 'refreshAccessToken';
}
