/**
 * JWT-shaped MobileApp tokens of the sandbox: the same claims Steam writes (`sub`, `aud`, `exp`), signed with
 * an HMAC of the world seed so the sandbox can tell its own tokens from anything else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readJwtClaims, readJwtPayload, type SteamJwtClaims } from '@tradedeck/sdk/domain';

export const SANDBOX_REFRESH_TOKEN_LIFETIME_S = 200 * 24 * 60 * 60;
export const SANDBOX_ACCESS_TOKEN_LIFETIME_S = 24 * 60 * 60;

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function sign(seed: string, body: string): string {
  return createHmac('sha256', seed).update(body).digest('base64url');
}

export function issueSandboxToken(
  seed: string,
  steamId: string,
  kind: 'refresh' | 'access',
  nowSeconds: number,
  serial: number,
): string {
  const lifetime = kind === 'refresh' ? SANDBOX_REFRESH_TOKEN_LIFETIME_S : SANDBOX_ACCESS_TOKEN_LIFETIME_S;
  const aud = kind === 'refresh' ? ['web', 'mobile', 'derive'] : ['web', 'mobile'];
  const body = `${encode({ typ: 'JWT', alg: 'HS256' })}.${encode({
    iss: 'r:SANDBOX',
    sub: steamId,
    aud,
    exp: nowSeconds + lifetime,
    iat: nowSeconds,
    jti: `SANDBOX_${serial}`,
  })}`;
  return `${body}.${sign(seed, body)}`;
}

/** Claims of a refresh token this sandbox issued and that has not expired, else null. */
export function verifySandboxRefreshToken(
  seed: string,
  token: string,
  nowSeconds: number,
): SteamJwtClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const expected = Buffer.from(sign(seed, `${parts[0]}.${parts[1]}`));
  const given = Buffer.from(parts[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const claims = readJwtClaims(token);
  if (!claims?.sub || !claims.aud.includes('derive') || !claims.aud.includes('mobile')) return null;
  if (claims.exp === null || claims.exp <= nowSeconds) return null;
  return claims;
}

/** Claims (with the issue time) of an unexpired access token this sandbox issued, else null. */
export function verifySandboxAccessToken(
  seed: string,
  token: string,
  nowSeconds: number,
): { sub: string; exp: number; iat: number } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const expected = Buffer.from(sign(seed, `${parts[0]}.${parts[1]}`));
  const given = Buffer.from(parts[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const claims = readJwtClaims(token);
  if (!claims?.sub || claims.aud.includes('derive') || claims.exp === null || claims.exp <= nowSeconds)
    return null;
  return { sub: claims.sub, exp: claims.exp, iat: sandboxTokenIssuedAt(token) };
}

/** The `iat` of a sandbox token (0 when absent). */
export function sandboxTokenIssuedAt(token: string): number {
  const iat = readJwtPayload(token)?.iat;
  return typeof iat === 'number' ? iat : 0;
}
