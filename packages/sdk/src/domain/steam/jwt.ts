/** Reads the claims of a Steam JWT without checking its signature (only to route and schedule renewals). */
import { readJwtPayload } from '../jwt.ts';

export interface SteamJwtClaims {
  sub: string | null;
  aud: string[];
  exp: number | null;
}

export function looksLikeJwt(value: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(value);
}

export function readJwtClaims(token: string): SteamJwtClaims | null {
  const claims = readJwtPayload(token);
  if (!claims) return null;
  const aud = Array.isArray(claims.aud)
    ? claims.aud.filter((item): item is string => typeof item === 'string')
    : typeof claims.aud === 'string'
      ? [claims.aud]
      : [];
  return {
    // Steam writes `sub` as a string; a number there would already have lost precision, so it is ignored.
    sub: typeof claims.sub === 'string' ? claims.sub : null,
    aud,
    exp: typeof claims.exp === 'number' ? claims.exp : null,
  };
}
