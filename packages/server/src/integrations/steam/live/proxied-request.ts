/**
 * One HTTP request to Steam through a proxy agent, with a hard deadline. Failures are sorted into what the
 * sdk's `classifyLoginFailure` understands: the proxy (refused, 407, timeout, TLS, DNS) or Steam itself.
 */
import type { Agent, IncomingHttpHeaders } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import type { LoginFailure } from '@tradedeck/sdk/domain';
import { recordOutsideCall } from '../../../ops/outside-calls.ts';

export interface ProxiedRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: Buffer;
  agent: Agent;
  timeoutMs: number;
  /** Extra trusted CA (PEM) for HTTPS targets; certificates are always verified. */
  ca?: string;
}

export interface ProxiedResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request that did not produce a Steam answer; `failure` says why in the port's terms. */
export class SteamRequestError extends Error {
  constructor(
    readonly failure: LoginFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SteamRequestError';
  }
}

const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL)/;

function failureOf(error: NodeJS.ErrnoException): LoginFailure {
  const code = error.code ?? '';
  const message = error.message ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { kind: 'proxy', cause: 'dns' };
  if (TLS_CODES.test(code) || /certificate|ssl|tls/i.test(message)) return { kind: 'proxy', cause: 'tls' };
  if (code === 'ETIMEDOUT' || /timed? ?out/i.test(message)) return { kind: 'proxy', cause: 'timeout' };
  if (/authentication/i.test(message)) return { kind: 'proxy', cause: 'auth' };
  return { kind: 'proxy', cause: 'connect' };
}

export function proxiedRequest(request: ProxiedRequest): Promise<ProxiedResponse> {
  const url = new URL(request.url);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<ProxiedResponse>((resolve, reject) => {
    let proxyStatus = 200;
    const req = client.request(
      url,
      {
        method: request.method,
        agent: request.agent,
        ...(request.ca ? { ca: request.ca } : {}),
        headers: {
          ...request.headers,
          ...(request.body ? { 'content-length': String(request.body.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => reject(new SteamRequestError(failureOf(error), error.message)));
        res.on('end', () => {
          if (proxyStatus !== 200) {
            // The proxy refused the tunnel: its status never reached Steam.
            const cause = proxyStatus === 407 ? 'auth' : 'connect';
            reject(new SteamRequestError({ kind: 'proxy', cause }, `proxy answered ${proxyStatus}`));
            return;
          }
          resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        });
      },
    );
    req.on('proxyConnect', (connect: { statusCode: number }) => {
      proxyStatus = connect.statusCode;
    });
    req.setTimeout(request.timeoutMs, () => {
      req.destroy(Object.assign(new Error('request timed out'), { code: 'ETIMEDOUT' }));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(new SteamRequestError(failureOf(error), error.message)),
    );
    if (request.body) req.write(request.body);
    req.end();
  }).then(
    (response) => {
      recordOutsideCall('steam', response.statusCode);
      return response;
    },
    (error: unknown) => {
      recordOutsideCall('steam', null);
      throw error;
    },
  );
}
