/**
 * A keyed call that meets its key's first call still running (409, result 9, `idempotencyKey: 'inProgress'`)
 * waits and asks again with the same key and body until the first outcome; no other answer is asked again.
 * Against a loopback HTTP server that answers as the test steers it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, isFirstCallRunning } from '../src/client/index.ts';

interface Seen {
  method: string;
  url: string;
  key: string | undefined;
  body: string;
}

type Reply = { status: number; envelope: unknown };

const inProgress: Reply = {
  status: 409,
  envelope: {
    success: false,
    error: {
      resultCode: 9,
      message: 'The first call with this Idempotency-Key is still running',
      errorDetails: { idempotencyKey: 'inProgress' },
    },
  },
};
const sent: Reply = { status: 200, envelope: { success: true, data: { id: 41, outcome: 'sent' } } };

let server: Server;
let base = '';
let seen: Seen[] = [];
/** What the server answers, one reply per request; the last one repeats. */
let script: Reply[] = [];
/** Resolves each time a request arrives. */
let arrived: () => void = () => {};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      key: req.headers['idempotency-key'] as string | undefined,
      body,
    });
    const reply = script[Math.min(seen.length - 1, script.length - 1)]!;
    res.statusCode = reply.status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(reply.envelope));
    arrived();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  seen = [];
  script = [];
});

const client = () => createApiClient({ baseUrl: base, language: () => 'en' });
const transfer = {
  fromId: 1,
  toId: 2,
  amount: { currency: 'USD' as const, amount: 1_000 },
  apiKey: 'ReceiverKey',
  paymentPassword: 'pay',
  acceptConversion: true,
};

describe('a keyed call whose first call is still running', () => {
  it('asks again with the same key and body until the first outcome, and answers it', async () => {
    script = [inProgress, inProgress, sent];
    const outcome = await client().transfer.send(transfer, { idempotencyKey: 'dialog-key-1' });
    expect(outcome).toEqual({ id: 41, outcome: 'sent' });
    expect(seen).toHaveLength(3);
    for (const request of seen) {
      expect(request).toEqual({
        method: 'POST',
        url: '/api/transfer',
        key: 'dialog-key-1',
        body: seen[0]!.body,
      });
    }
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ fromId: 1, toId: 2 });
  });

  it('keeps the key it chose itself through the repeats', async () => {
    script = [inProgress, sent];
    await client().transfer.send(transfer);
    expect(seen).toHaveLength(2);
    expect(seen[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(seen[1]!.key).toBe(seen[0]!.key);
  });

  it('never asks again on another answer, even another 409 or result 9', async () => {
    const others: Reply[] = [
      // Another conflict (the state forbids the call).
      { status: 409, envelope: { success: false, error: { resultCode: 6, message: 'invalid state' } } },
      // Result 9 for something else than the key.
      { status: 409, envelope: { success: false, error: { resultCode: 9, message: 'the account is busy' } } },
      // The key used for another request.
      {
        status: 422,
        envelope: {
          success: false,
          error: { resultCode: 8, message: 'reused', errorDetails: { idempotencyKey: 'reused' } },
        },
      },
      // The first call ended in a fault: whether it acted is unknown, so nothing is repeated.
      {
        status: 500,
        envelope: {
          success: false,
          error: { resultCode: 1, message: 'first failed', errorDetails: { idempotencyKey: 'firstFailed' } },
        },
      },
    ];
    for (const reply of others) {
      seen = [];
      script = [reply, sent];
      const error = await client()
        .transfer.send(transfer, { idempotencyKey: 'other-answer-key' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).httpStatus).toBe(reply.status);
      expect(isFirstCallRunning(error)).toBe(false);
      expect(seen).toHaveLength(1);
    }
  });

  it('does not wait on an operation that takes no key', async () => {
    script = [inProgress, sent];
    const error = await client()
      .system.status()
      .catch((e: unknown) => e);
    expect(isFirstCallRunning(error)).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('stops waiting when the caller aborts', async () => {
    script = [inProgress];
    const controller = new AbortController();
    const first = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const call = client()
      .transfer.send(transfer, { idempotencyKey: 'aborted-key', signal: controller.signal })
      .catch((e: unknown) => e);
    await first;
    arrived = () => {};
    controller.abort(new Error('dialog closed'));
    expect(await call).toMatchObject({ message: 'dialog closed' });
    expect(seen).toHaveLength(1);
  });
});
