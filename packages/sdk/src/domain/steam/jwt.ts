/** Reads the claims of a Steam JWT without checking its signature (only to route and schedule renewals). */
import { decodeBase64, utf8Decode } from './bytes.ts';

export interface SteamJwtClaims {
  sub: string | null;
  aud: string[];
  exp: number | null;
}

export function looksLikeJwt(value: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(value);
}

export function readJwtClaims(token: string): SteamJwtClaims | null {
  if (!looksLikeJwt(token)) return null;
  const bytes = decodeBase64(token.split('.')[1]!);
  if (!bytes) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(utf8Decode(bytes));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const claims = payload as Record<string, unknown>;
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
