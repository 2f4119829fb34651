import { ApiError, createApiClient, MemoryTokenStore } from '@tradedeck/sdk/client';
import { contract } from '@tradedeck/sdk/contract';
import { parseProxyList, proxyIdentityKey } from '@tradedeck/sdk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepUp } from '../auth/helpers/auth-app.ts';
import { addLines, callAs, createProxiesTest, dataOf, type ProxiesTest, resultCodeOf } from './helpers.ts';

const INPUT = [
  '40.0.0.1:8080',
  '40.0.0.2:3128:login:pa:ss@word',
  'user@mail:p@ss@40.0.0.3:1080',
  'socks5://sock:five@[2001:db8::7]:1080',
  '[Named] shop.example.net:8000:n:m',
];

/** The identities of a list of lines, order kept. */
const identities = (text: string, defaultProtocol?: 0 | 1 | 2 | 3) =>
  parseProxyList(text, defaultProtocol === undefined ? {} : { defaultProtocol }).proxies.map((p) =>
    proxyIdentityKey(p.proxy),
  );

describe('proxies.export', () => {
  let s: ProxiesTest;
  let ids: number[];
  let baseUrl: string;
  beforeAll(async () => {
    s = await createProxiesTest();
    // Exports with passwords need a recent second factor (step-up.test.ts covers the refusal).
    await stepUp(s.t, s.a);
    await stepUp(s.t, s.b);
    ids = (await addLines(s.t, s.a, INPUT)).addedIds;
    baseUrl = await s.t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 180_000);
  afterAll(async () => s?.t.close());

  const exportText = async (body: Record<string, unknown>, lang: 'en' | 'ru' = 'en') =>
    callAs(s.t, s.a, 'POST', '/api/proxies/export', body, lang);

  it('streams plain text, one line per proxy, oldest first by default', async () => {
    const res = await exportText({ format: 'ip_port' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe(
      '40.0.0.1:8080\n40.0.0.2:3128\n40.0.0.3:1080\n[2001:db8::7]:1080\nshop.example.net:8000\n',
    );
    expect((await exportText({ format: 'ip' })).body.split('\n')[3]).toBe('2001:db8::7');
  });

  it('ip_port_auth and auth_ip_port read back as the same proxies, passwords included', async () => {
    const protocols = (text: string) => parseProxyList(text).proxies.map((p) => p.proxy.protocol);
    for (const format of ['ip_port_auth', 'auth_ip_port']) {
      const text = (await exportText({ format })).body;
      // Lines carry no scheme, so the SOCKS5 line is read back with SOCKS5 chosen.
      const back = parseProxyList(text).proxies.map((p, i) =>
        proxyIdentityKey({ ...p.proxy, protocol: i === 3 ? 3 : p.proxy.protocol }),
      );
      expect(back, format).toEqual(identities(INPUT.join('\n')));
      expect(protocols(text)).toHaveLength(INPUT.length);
    }
  });

  it('custom templates render every placeholder and read back with a scheme', async () => {
    const text = (
      await exportText({
        format: 'custom',
        template: '{protocol}://{login}:{pass}@{ip}:{port} [{name}{country}]',
      })
    ).body;
    expect(text.split('\n')[1]).toBe('http://login:pa:ss@word@40.0.0.2:3128 []');
    expect(text.split('\n')[4]).toBe('http://n:m@shop.example.net:8000 [Named]');
    const plain = (await exportText({ format: 'custom', template: '{ip}:{port}:{login}:{pass}' })).body;
    expect(identities(plain).map((key, i) => (i === 3 ? key.replace(/^\[0/, '[3') : key))).toEqual(
      identities(INPUT.join('\n')),
    );
  });

  it('refuses a bad template with 10 and a clear message in the request language', async () => {
    const unknown = await exportText({ format: 'custom', template: '{ip}:{prt}' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['content-type']).toMatch(/application\/json/);
    expect(resultCodeOf(unknown)).toBe(10);
    expect(unknown.json().error.message).toContain('Unknown placeholder "{prt}"');
    const ru = await exportText({ format: 'custom', template: '{ip}}' }, 'ru');
    expect(ru.json().error.message).toContain('Лишняя «}»');
    const missing = await exportText({ format: 'custom' });
    expect(resultCodeOf(missing)).toBe(10);
    expect(missing.json().error.message).toContain('needs a template');
    expect(resultCodeOf(await exportText({ format: 'csv' }))).toBe(10);
  });

  it('exports the selection: ids, filters and sort', async () => {
    const byIds = await exportText({ ids: [ids[2], ids[0]], format: 'ip' });
    expect(byIds.body).toBe('40.0.0.1\n40.0.0.3\n');
    const sorted = await exportText({ format: 'ip', sort: [{ propertyName: 'port', isDescending: true }] });
    expect(sorted.body).toBe('40.0.0.1\nshop.example.net\n40.0.0.2\n40.0.0.3\n2001:db8::7\n');
    const searched = await exportText({ format: 'ip', searchString: 'example' });
    expect(searched.body).toBe('shop.example.net\n');
    const none = await exportText({ format: 'ip', searchString: 'nothing-like-this' });
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe('');
  });

  it('the sdk client resolves export to the text and stream() to a readable Response', async () => {
    const client = createApiClient({
      baseUrl,
      tokenStore: new MemoryTokenStore({
        accessToken: s.a.accessToken,
        expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      }),
      language: () => 'en',
    });
    const text = await client.proxies.export({ format: 'ip_port' });
    expect(text.split('\n')[0]).toBe('40.0.0.1:8080');
    const response = await client.stream(contract.proxies.export, { format: 'ip' });
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect((await response.text()).split('\n')).toHaveLength(INPUT.length + 1);
    const failure = await client.proxies.export({ format: 'custom', template: '{nope}' }).catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.resultCode).toBe(10);
    const streamFailure = await client
      .stream(contract.proxies.export, { format: 'custom', template: '{' })
      .catch((e) => e);
    expect(streamFailure).toBeInstanceOf(ApiError);
    await expect(client.stream(contract.proxies.query, {})).rejects.toThrow(/text stream/);
  });

  it('streams a large export in chunks over HTTP, every line once and in order', async () => {
    // The export reads 2,000 rows a query: two whole pages and a part of a third cross every page boundary.
    const lines = Array.from(
      { length: 4_500 },
      (_, i) => `41.${(i >> 8) & 255}.${i & 255}.1:${1000 + (i % 60_000)}:u${i}:p${i}`,
    );
    // The second user's list, so the other tests read the first user's five proxies in any order of the tests.
    const added = await addLines(s.t, s.b, lines, { tag: { id: 0, name: 'big' } });
    expect(added.addedIds).toHaveLength(lines.length);
    const tagId = dataOf(await callAs(s.t, s.b, 'GET', '/api/proxies/tags'))[0].id;
    const response = await fetch(`${baseUrl}/api/proxies/export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.b.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'ip_port_auth', withTagIds: [tagId] }),
    });
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let reads = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      reads += 1;
      text += decoder.decode(value, { stream: true });
    }
    expect(reads).toBeGreaterThan(1);
    expect(text).toBe(`${lines.join('\n')}\n`);
  }, 120_000);
});
