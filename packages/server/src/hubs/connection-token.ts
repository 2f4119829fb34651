import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a negotiate hands to the WebSocket upgrade, signed so any server process can check it. */
export interface ConnectionGrant {
  connectionId: string;
  hub: string;
  userId: string;
  /** Expiry, milliseconds since the epoch. */
  expiresAt: number;
}

export function newConnectionId(): string {
  return randomBytes(16).toString('base64url');
}

/** Signs and verifies connection tokens with one HMAC-SHA256 key shared by every server process. */
export class ConnectionTokens {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = Buffer.from(secret, 'utf8');
  }

  issue(grant: ConnectionGrant): string {
    const body = Buffer.from(JSON.stringify([grant.connectionId, grant.hub, grant.userId, grant.expiresAt]));
    return `${body.toString('base64url')}.${this.#sign(body).toString('base64url')}`;
  }

  /** The grant of a well-signed, unexpired token, or null. */
  verify(token: string, now = Date.now()): ConnectionGrant | null {
    const [bodyPart, signaturePart, extra] = token.split('.');
    if (!bodyPart || !signaturePart || extra !== undefined) return null;
    const body = Buffer.from(bodyPart, 'base64url');
    const signature = Buffer.from(signaturePart, 'base64url');
    const expected = this.#sign(body);
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    let fields: unknown;
    try {
      fields = JSON.parse(body.toString('utf8'));
    } catch {
      return null;
    }
    if (!Array.isArray(fields) || fields.length !== 4) return null;
    const [connectionId, hub, userId, expiresAt] = fields as [unknown, unknown, unknown, unknown];
    if (typeof connectionId !== 'string' || typeof hub !== 'string' || typeof userId !== 'string')
      return null;
    if (typeof expiresAt !== 'number' || expiresAt <= now) return null;
    return { connectionId, hub, userId, expiresAt };
  }

  #sign(body: Buffer): Buffer {
    return createHmac('sha256', this.#key).update('tradedeck-hub-connection\n').update(body).digest();
  }
}
