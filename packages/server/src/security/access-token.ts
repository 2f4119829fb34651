import { hkdfSync, randomUUID, webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Keyring } from './master-key.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'tradedeck';
const AUDIENCE = 'tradedeck-api';
const TYPE = 'at+jwt';

/**
 * Tokens whose signature and claims were checked, kept with their expiry: a signature's validity never changes,
 * so a token seen again costs a map lookup and an expiry check instead of a base64 and JSON decode and an HMAC.
 * Bounded: the oldest entry goes first.
 */
const VERIFIED_TOKENS_MAX = 10_000;

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** Derives a purpose-bound 256-bit key from the active master key, so no extra secret has to be configured. */
export function deriveKey(keyring: Keyring, purpose: string): Buffer {
  const master = keyring.keys.get(keyring.active)!;
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `tradedeck|${purpose}`, 32));
}

/** HS256 access tokens naming the user (`sub`) and device session (`sid`), checked for iss/aud/typ/exp. */
export class AccessTokens {
  /** Imported once: importing a raw key on every request costs more than the signature check itself. */
  readonly #key: Promise<webcrypto.CryptoKey>;
  readonly #verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  constructor(
    keyring: Keyring,
    private readonly now: () => number = Date.now,
  ) {
    this.#key = webcrypto.subtle.importKey(
      'raw',
      new Uint8Array(deriveKey(keyring, 'access-token-hs256')),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async issue(claims: AccessClaims): Promise<{ accessToken: string; expiresAt: string }> {
    const iat = Math.floor(this.now() / 1000);
    const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
    const accessToken = await new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: TYPE })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(claims.userId)
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(await this.#key);
    return { accessToken, expiresAt: new Date(exp * 1000).toISOString() };
  }

  /** The claims of a valid token, or null for anything else (bad signature, alg, audience, type, expiry). */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.#verified.get(token);
    if (known) {
      if (known.expiresAtMs > this.now()) return known.claims;
      this.#verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        typ: TYPE,
        currentDate: new Date(this.now()),
        requiredClaims: ['sub', 'sid', 'exp', 'iat'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const claims = { userId: payload.sub, sessionId: payload.sid };
      this.#remember(token, claims, (payload.exp as number) * 1000);
      return claims;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }

  #remember(token: string, claims: AccessClaims, expiresAtMs: number): void {
    if (this.#verified.size >= VERIFIED_TOKENS_MAX) {
      const oldest = this.#verified.keys().next().value;
      if (oldest !== undefined) this.#verified.delete(oldest);
    }
    this.#verified.set(token, { claims, expiresAtMs });
  }
}
