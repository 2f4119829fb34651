import { ResultCode, SIGNED_IN_COOKIE } from '@tradedeck/sdk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { crossSiteRefused } from './messages.ts';

/** Over TLS the cookie carries the `__Host-` prefix (Secure, Path=/, no Domain); plain HTTP cannot use it. */
const SECURE_COOKIE = '__Host-rt';
const PLAIN_COOKIE = 'tradedeck-rt';

type Pending = { set: { token: string; maxAge: number } } | { clear: true };
const pending = new WeakMap<FastifyRequest, Pending>();

export function setRefreshCookie(request: FastifyRequest, token: string, maxAge: number): void {
  pending.set(request, { set: { token, maxAge } });
}

export function clearRefreshCookie(request: FastifyRequest): void {
  pending.set(request, { clear: true });
}

export function readRefreshCookie(request: FastifyRequest): string | null {
  const cookies = request.cookies ?? {};
  return cookies[SECURE_COOKIE] || cookies[PLAIN_COOKIE] || null;
}

/** Applies the cookie decided by a handler when the answer goes out, errors included. */
export function registerRefreshCookie(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    const action = pending.get(request);
    if (!action) return;
    const secure = request.protocol === 'https';
    const name = secure ? SECURE_COOKIE : PLAIN_COOKIE;
    const base = { path: '/', httpOnly: true, secure, sameSite: 'strict' as const };
    // The page cannot read the refresh cookie: this one tells it a silent refresh is worth a try.
    const marker = { ...base, httpOnly: false };
    if ('set' in action) {
      reply.setCookie(name, action.set.token, { ...base, maxAge: action.set.maxAge });
      reply.setCookie(SIGNED_IN_COOKIE, '1', { ...marker, maxAge: action.set.maxAge });
    } else {
      reply.clearCookie(name, base);
      reply.clearCookie(SIGNED_IN_COOKIE, marker);
    }
  });
}

const forbidden = () =>
  new AppError({
    code: ResultCode.AccessDenied,
    text: crossSiteRefused,
  });

/**
 * CSRF guard for the calls that act on the cookie alone (refresh, logout): a JSON body (a cross-site form
 * cannot send one without a CORS preflight), no cross-site Fetch Metadata, and, when present, our own Origin.
 */
export function assertSameOrigin(request: FastifyRequest, publicUrl: string | null): void {
  const type = String(request.headers['content-type'] ?? '');
  if (!type.toLowerCase().startsWith('application/json')) throw forbidden();
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') throw forbidden();
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') {
    const own = [`${request.protocol}://${request.host}`];
    if (publicUrl) own.push(new URL(publicUrl).origin);
    if (!own.includes(origin)) throw forbidden();
  } else if (origin === 'null') {
    throw forbidden();
  }
}
