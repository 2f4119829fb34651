/**
 * One HTTP request to TM, through the seller account's proxy agent when it has one, with a hard deadline. A
 * request that got no answer says whether it was fully sent: a money send that was sent and then lost its reply
 * may have happened on TM.
 */
import type { Agent } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import { recordOutsideCall } from '../../../ops/outside-calls.ts';

export interface TmHttpRequest {
  method: 'GET' | 'POST';
  url: URL;
  /** JSON body (POST). */
  json?: unknown;
  agent?: Agent;
  timeoutMs: number;
  /** Extra trusted CA (PEM) for HTTPS; certificates are always verified. */
  ca?: string;
}

export type TmHttpAnswer =
  | { kind: 'answer'; status: number; text: string; retryAfterSeconds: number | null }
  | { kind: 'noAnswer'; sent: boolean; detail: string };

export function tmRequest(request: TmHttpRequest): Promise<TmHttpAnswer> {
  const client = request.url.protocol === 'https:' ? https : http;
  const body = request.json === undefined ? undefined : Buffer.from(JSON.stringify(request.json));
  return new Promise((resolve) => {
    let sent = false;
    let settled = false;
    const finish = (answer: TmHttpAnswer) => {
      if (settled) return;
      settled = true;
      recordOutsideCall('market', answer.kind === 'answer' ? answer.status : null);
      resolve(answer);
    };
    const req = client.request(
      request.url,
      {
        method: request.method,
        ...(request.agent ? { agent: request.agent } : {}),
        ...(request.ca ? { ca: request.ca } : {}),
        headers: {
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => finish({ kind: 'noAnswer', sent: true, detail: error.message }));
        res.on('end', () => {
          const retryAfter = Number(res.headers['retry-after']);
          finish({
            kind: 'answer',
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
          });
        });
      },
    );
    req.on('finish', () => {
      sent = true;
    });
    req.setTimeout(request.timeoutMs, () => req.destroy(new Error('request timed out')));
    req.on('error', (error) => finish({ kind: 'noAnswer', sent, detail: error.message }));
    req.end(body);
  });
}
