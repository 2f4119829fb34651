import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, createApiClient, describeError, NetworkError, TimeoutError } from '@tradedeck/sdk/client';
import { contract } from '@tradedeck/sdk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../helpers/test-app.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

async function closedPortUrl(): Promise<string> {
  const url = await listen(() => {});
  const server = servers.pop()!;
  await new Promise((done) => server.close(done));
  return url;
}

describe('failure classification', () => {
  it('tells an unreachable server apart as a network error and reports it to the monitor', async () => {
    const onConnectivityError = vi.fn();
    const client = createApiClient({ baseUrl: await closedPortUrl(), onConnectivityError });
    const error = await client.system.status().catch((e) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(onConnectivityError).toHaveBeenCalledWith(error);
    expect(describeError(error, 'ru')).toBe('Ошибка подключения к сети');
  });

  it('reports a server whose database is unavailable (503, result 12) to the monitor as well', async () => {
    const url = await listen((_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' });
      response.end(
        JSON.stringify({
          success: false,
          data: null,
          error: {
            message: 'Service temporarily unavailable',
            resultCode: 12,
            errorDetails: null,
            traceId: 't',
          },
        }),
      );
    });
    const onConnectivityError = vi.fn();
    const client = createApiClient({ baseUrl: url, onConnectivityError });
    const error = await client.system.status().catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.httpStatus).toBe(503);
    expect(onConnectivityError).toHaveBeenCalledWith(error);
  });

  it('gives up on a server that does not answer within the timeout', async () => {
    const url = await listen(() => {
      // Accepts the request and never answers.
    });
    const client = createApiClient({ baseUrl: url, timeoutMs: 200 });
    const error = await client.system.status().catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.timeoutMs).toBe(200);
  });

  it('keeps a caller abort as an abort, not a network failure', async () => {
    const url = await listen(() => {});
    const client = createApiClient({ baseUrl: url });
    const controller = new AbortController();
    const pending = client.system.status({}, { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e) => e);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(error.name).toBe('AbortError');
  });

  it('turns an answer that is not an envelope into an ApiError with the HTTP status', async () => {
    const url = await listen((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
    });
    const client = createApiClient({ baseUrl: url });
    const error = await client.system.status().catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ resultCode: null, httpStatus: 502 });
    expect(describeError(error, 'ru')).toBe('Ошибка запроса. Код: 502');
  });

  it('unwraps an error envelope from the real server, in the chosen language', async () => {
    const server = await startTestServer();
    try {
      const client = createApiClient({ baseUrl: server.url, language: () => 'en' });
      const error = await client
        .call({ ...contract.system.status, id: 'x.nowhere', path: '/api/nowhere' })
        .catch((e) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error.resultCode).toBe(3);
      expect(error.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(describeError(error, 'en')).toBe('Route not found: GET /api/nowhere (3)');
    } finally {
      await server.stop();
    }
  });
});
