import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { HubAuthenticator } from '../../src/hubs/authenticator.ts';

/**
 * A small real token scheme for hub tests: `user.expiry.hmac`. The auth module supplies the product's verifier;
 * hubs only need the HubAuthenticator port.
 */
export function createTestAuth(sharedKey?: string) {
  const key = sharedKey ? Buffer.from(sharedKey, 'base64url') : randomBytes(32);
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  const authenticate: HubAuthenticator = async (token) => {
    if (!token) return null;
    const [userId, expiry, signature] = token.split('.');
    if (!userId || !expiry || !signature) return null;
    const expected = Buffer.from(sign(`${userId}.${expiry}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Number(expiry) < Date.now()) return null;
    return { userId, expiresAt: Number(expiry) };
  };
  return {
    authenticate,
    tokenFor(userId: string, ttlMs = 60_000): string {
      const body = `${userId}.${Date.now() + ttlMs}`;
      return `${body}.${sign(body)}`;
    },
  };
}
