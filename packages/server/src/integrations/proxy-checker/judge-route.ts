import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PROXY_JUDGE_PATH } from './check-target.ts';

/** Request headers through which proxies reveal themselves or the client behind them. */
const REVEALING_HEADERS = [
  'via',
  'x-forwarded-for',
  'x-real-ip',
  'forwarded',
  'client-ip',
  'x-client-ip',
  'proxy-connection',
  'x-proxy-id',
  'proxy-authorization',
] as const;

export interface JudgeAnswer {
  /** The caller's address as this server sees it: a proxy's exit IP. */
  ip: string;
  /** Echo of the `marker` query parameter, so a checker knows the answer is not forged by the proxy. */
  marker: string | null;
  /** Which revealing headers arrived (for anonymity); values of auth headers are never echoed. */
  headers: Record<string, string>;
}

/**
 * The judge: answers the caller's IP. Without a trusted reverse proxy in front of the server it is the socket's
 * address, so a checked proxy cannot make up its exit IP with a forwarding header.
 */
export function judgeAnswer(request: FastifyRequest): JudgeAnswer {
  // Fastify's `request.ip` is the socket address unless the server trusts a reverse proxy in front of it.
  const query = request.query as Record<string, unknown> | undefined;
  const marker = typeof query?.marker === 'string' ? query.marker : null;
  return judgeAnswerOf(request.ip, marker, request.headers);
}

/** The judge's answer from the caller's address, the `marker` parameter and the request headers. */
export function judgeAnswerOf(
  address: string,
  marker: string | null,
  requestHeaders: Record<string, string | string[] | undefined>,
): JudgeAnswer {
  const headers: Record<string, string> = {};
  for (const name of REVEALING_HEADERS) {
    const value = requestHeaders[name];
    if (value === undefined) continue;
    headers[name] = name === 'proxy-authorization' ? '(present)' : String(value);
  }
  return {
    ip: address.replace(/^::ffff:(?=\d+\.)/i, ''),
    marker: marker === null ? null : marker.slice(0, 64),
    headers,
  };
}

/** Registers `GET /api/proxy-judge` (public, never cached), answering in the usual envelope. */
export function registerJudge(app: FastifyInstance): void {
  app.get(PROXY_JUDGE_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true, data: judgeAnswer(request), error: null };
  });
}
