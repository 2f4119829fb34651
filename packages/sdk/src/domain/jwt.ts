import { decodeBase64, utf8Decode } from './steam/bytes.ts';

/**
 * The payload of a JWT, read without checking its signature: only for what the holder may learn from its own
 * token (when it expires, which audience it is for), never to trust it. Null when it is no JWT or the payload is
 * no JSON object. Works the same in browsers and Node. The one reader of JWT payloads for the sdk, the CLI and
 * the server.
 */
export function readJwtPayload(token: string): Record<string, unknown> | null {
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token)) return null;
  const bytes = decodeBase64(token.split('.')[1]!);
  if (!bytes) return null;
  try {
    const payload: unknown = JSON.parse(utf8Decode(bytes));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The `exp` claim of a JWT as epoch milliseconds, or null when it has none. */
export function jwtExpiresAt(token: string): number | null {
  const exp = readJwtPayload(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}
