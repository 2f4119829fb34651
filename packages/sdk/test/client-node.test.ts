import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, NetworkError, TimeoutError } from '../src/client/index.ts';
import { httpFetch, writePrivateFile } from '../src/client/node.ts';

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.url?.startsWith('/slow')) return; // never answers
      res.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          success: true,
          data: { method: req.method, body, cookie: req.headers.cookie ?? null },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('httpFetch (the API client over node:http)', () => {
  it('sends the method, headers and JSON body and reads status, headers and every set-cookie', async () => {
    const response = await httpFetch(`${base}/echo`, {
      method: 'POST',
      headers: { cookie: 'x=y', 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(response.ok).toBe(true);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(await response.json()).toEqual({
      success: true,
      data: { method: 'POST', body: '{"a":1}', cookie: 'x=y' },
    });
  });

  it('fails like fetch: a refused connection is a network error with the system code, a silent server a timeout', async () => {
    const refused = createApiClient({
      baseUrl: 'http://127.0.0.1:1',
      language: () => 'en',
      fetch: httpFetch,
    });
    const error = await refused.system.status().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(((error as NetworkError).cause as { cause: { code: string } }).cause.code).toBe('ECONNREFUSED');

    const controller = AbortSignal.timeout(100);
    await expect(httpFetch(`${base}/slow`, { signal: controller })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    const silent = createNetServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const slow = createApiClient({
      baseUrl: silentUrl,
      language: () => 'en',
      fetch: httpFetch,
      timeoutMs: 100,
    });
    await expect(slow.system.status()).rejects.toBeInstanceOf(TimeoutError);
    silent.close();
  });
});

describe('writePrivateFile', () => {
  it('replaces the file in one step, readable by its owner only, leaving no temporary file', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'sdk-private-')), 'nested');
    const path = join(dir, 'token.json');
    writePrivateFile(path, 'first');
    writePrivateFile(path, 'second');
    expect(readFileSync(path, 'utf8')).toBe('second');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir)).toEqual(['token.json']);
  });
});
