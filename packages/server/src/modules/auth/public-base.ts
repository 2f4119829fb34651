import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config/config.ts';

/** Links in mail point at the public URL, else at the address the server listens on (never the Host header). */
export function publicBase(app: FastifyInstance, config: ServerConfig): string {
  if (config.publicUrl) return config.publicUrl;
  const address = app.server.address();
  if (address && typeof address === 'object') {
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
  }
  return `http://${config.host}:${config.port}`;
}
