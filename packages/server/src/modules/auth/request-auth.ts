import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from './deps.ts';
import type { AuthContext } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticator for non-public operations. */
    auth?: AuthContext;
  }
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 256) : null };
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header.trim());
  return match ? match[1]! : null;
}
