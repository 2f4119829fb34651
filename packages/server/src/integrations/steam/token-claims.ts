/** Reads `sub`, `aud` and `exp` of a Steam JWT without checking its signature (only to schedule renewals). */
export interface TokenClaims {
  sub: string | null;
  aud: string[];
  exp: number | null;
}

export function readTokenClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const aud = Array.isArray(claims.aud) ? claims.aud.filter((item) => typeof item === 'string') : [];
    return {
      sub: typeof claims.sub === 'string' ? claims.sub : null,
      aud,
      exp: typeof claims.exp === 'number' ? claims.exp : null,
    };
  } catch {
    return null;
  }
}
