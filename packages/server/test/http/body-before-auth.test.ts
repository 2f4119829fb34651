import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';

/**
 * Sends a request head announcing `announced` body bytes and only the first kilobyte of them, then waits for the
 * answer: a server that reads the body first never answers (the rest never comes).
 */
function answerBeforeBody(
  url: string,
  method: string,
  path: string,
  announced: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer before the body was sent (got ${JSON.stringify(received.slice(0, 200))})`));
    }, 20_000);
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(received)?.[1];
      if (end < 0 || length === undefined || received.length < end + 4 + Number(length)) return;
      clearTimeout(timer);
      socket.destroy();
      resolve({
        status: Number(received.slice(9, 12)),
        body: received.slice(end + 4, end + 4 + Number(length)),
      });
    });
    const head = Object.entries({
      host: `${hostname}:${port}`,
      'content-type': 'application/json',
      'content-length': String(announced),
      'accept-language': 'en',
      ...headers,
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`${method} ${path} HTTP/1.1\r\n${head}\r\n${'['.repeat(1024)}`);
  });
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('request bodies and authentication', () => {
  let t: AuthTestApp;
  let url: string;
  let user: TestUser;
  beforeAll(async () => {
    t = await createAuthTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    user = await signedInUser(t, 'owner');
  }, 120_000);
  afterAll(() => t.close());

  it('refuses an anonymous call to a signed-in operation before reading its body', async () => {
    const answer = await answerBeforeBody(url, 'POST', '/api/proxies', 39 * 1024 * 1024);
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body).error.resultCode).toBe(11);
  });

  it('refuses a forged token before reading the body', async () => {
    const answer = await answerBeforeBody(url, 'POST', '/api/steam-accounts/batch/remove', 2_000_000, {
      authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged',
    });
    expect(answer.status).toBe(401);
  });

  it('answers an unknown /api route with 404 without reading the body', async () => {
    const answer = await answerBeforeBody(url, 'POST', '/api/no-such-operation', 9 * 1024 * 1024);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body).error.resultCode).toBe(3);
  });

  it('refuses a public operation body over the 64 KiB default by its announced length', async () => {
    const answer = await answerBeforeBody(url, 'POST', '/api/auth/login', 9 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.resultCode).toBe(7);
  });

  it('does not parse an anonymous body: malformed JSON to a signed-in operation is 401, not a parse error', async () => {
    const res = await t.call('POST', '/api/proxies/query', {
      body: '{"pages": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('keeps the default limit for operations that declare none, even signed in', async () => {
    const res = await t.call('POST', '/api/proxies/query', {
      token: user.accessToken,
      body: { searchString: 'x', padding: 'y'.repeat(100 * 1024) },
    });
    expect(res.statusCode).toBe(413);
  });

  it('reads a large body for an operation that declares a larger limit, once signed in', async () => {
    const lines = Array.from({ length: 60_000 }, (_, i) => `not-a-proxy-line-${i}`).join('\n');
    expect(lines.length).toBeGreaterThan(1024 * 1024);
    const res = await t.call('POST', '/api/proxies/parse', {
      token: user.accessToken,
      body: { proxies: lines },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.invalid).toHaveLength(60_000);
  }, 60_000);

  it('refuses deeply nested JSON as a malformed body, anonymous or signed in', async () => {
    const anonymous = await t.call('POST', '/api/auth/login', {
      body: `{"email":${nested(20_000)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().error.resultCode).toBe(7);
    expect(anonymous.json().error.message).toMatch(/nests deeper/);

    const signedIn = await t.call('POST', '/api/proxies', {
      token: user.accessToken,
      body: `{"proxies":"a","tag":${nested(3 * 1024 * 1024)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json().error.resultCode).toBe(7);
  }, 60_000);

  it('still parses ordinary nesting and strings holding brackets', async () => {
    const res = await t.call('POST', '/api/proxies/parse', {
      token: user.accessToken,
      body: { proxies: `${'['.repeat(100)}"\\`, defaultProtocol: 0 },
    });
    expect(res.statusCode).toBe(200);
  });
});
