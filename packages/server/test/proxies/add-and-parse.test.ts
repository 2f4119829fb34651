import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLines, callAs, createProxiesTest, dataOf, type ProxiesTest, resultCodeOf } from './helpers.ts';

// One list per user across the file: later tests count on the proxies the first ones added (1.1.1.1:8080 is a
// repeat by then), so the order is kept.
describe('proxies.add and proxies.parse', { shuffle: false }, () => {
  let s: ProxiesTest;
  beforeAll(async () => {
    s = await createProxiesTest();
  }, 60_000);
  afterAll(async () => s?.t.close());

  it('adds valid lines, lists repeats and invalid lines with reasons in English', async () => {
    const added = await addLines(s.t, s.a, [
      '1.1.1.1:8080',
      '# a comment',
      'bad line',
      'alice:secret@2.2.2.2:3128',
      '1.1.1.1:8080 [same proxy, other name]',
      '3.3.3.3:99999',
      'socks5://bob:pw@[2001:db8::1]:1080',
    ]);
    expect(added.addedIds).toHaveLength(3);
    expect(added.invalid).toEqual([
      {
        line: 3,
        text: 'bad line',
        code: 'invalid_format',
        message: 'Invalid line format: expected ip:port, ip:port:user:pass or user:pass@ip:port',
      },
      {
        line: 6,
        text: '3.3.3.3:99999',
        code: 'invalid_port',
        message: 'Port must be a number from 1 to 65535',
      },
    ]);
    expect(added.duplicates).toEqual([
      {
        line: 5,
        text: '1.1.1.1:8080 [same proxy, other name]',
        code: 'already_exists',
        message: 'The same proxy is already on line 1',
      },
    ]);
    const rows = await Promise.all(
      added.addedIds.map(async (id) => dataOf(await callAs(s.t, s.a, 'GET', `/api/proxies/${id}`))),
    );
    expect(rows.map((r) => [r.identity, r.credentials, r.status])).toEqual([
      [{ protocol: 0, address: '1.1.1.1', port: 8080 }, null, 0],
      [{ protocol: 0, address: '2.2.2.2', port: 3128 }, { username: 'alice', hasPassword: true }, 0],
      [{ protocol: 3, address: '2001:db8::1', port: 1080 }, { username: 'bob', hasPassword: true }, 0],
    ]);
  });

  it('stores IPv6 in one form: a later import of the same address written another way is a repeat', async () => {
    const first = await addLines(s.t, s.a, ['[0:0:0:0:0:0:0:1]:8080']);
    expect(first.addedIds).toHaveLength(1);
    const row = dataOf(await callAs(s.t, s.a, 'GET', `/api/proxies/${first.addedIds[0]}`));
    expect(row.identity).toEqual({ protocol: 0, address: '::1', port: 8080 });
    const again = await addLines(s.t, s.a, ['[::1]:8080', '[0000::0001]:8080']);
    expect(again.addedIds).toEqual([]);
    expect(again.duplicates.map((d: { line: number; code: string }) => [d.line, d.code])).toEqual([
      [1, 'already_exists'],
      [2, 'already_exists'],
    ]);
  });

  it('reports proxies the user already has as "already exists", in Russian when asked', async () => {
    const res = await callAs(
      s.t,
      s.a,
      'POST',
      '/api/proxies',
      { proxies: '1.1.1.1:8080\n4.4.4.4:80\nxx\n4.4.4.4:80' },
      'ru',
    );
    const added = dataOf(res);
    expect(added.addedIds).toHaveLength(1);
    expect(added.duplicates).toEqual([
      { line: 1, text: '1.1.1.1:8080', code: 'already_exists', message: 'Такой прокси уже добавлен' },
      { line: 4, text: '4.4.4.4:80', code: 'already_exists', message: 'Такой прокси уже есть в строке 2' },
    ]);
    expect(added.invalid[0].message).toBe(
      'Неверный формат строки: ожидается ip:port, ip:port:user:pass или user:pass@ip:port',
    );
  });

  it('treats another password for the same address as another proxy, and the same one as a duplicate', async () => {
    const first = await addLines(s.t, s.a, '9.9.9.9:1000:carol:one');
    const second = await addLines(s.t, s.a, ['9.9.9.9:1000:carol:two', 'carol:one@9.9.9.9:1000']);
    expect(first.addedIds).toHaveLength(1);
    expect(second.addedIds).toHaveLength(1);
    expect(second.duplicates.map((d) => d.line)).toEqual([2]);
  });

  it('reads lines without a scheme with the chosen protocol', async () => {
    const added = await addLines(s.t, s.a, ['5.5.5.5:1080', 'http://5.5.5.6:8080'], { defaultProtocol: 3 });
    const rows = await Promise.all(
      added.addedIds.map(async (id) => dataOf(await callAs(s.t, s.a, 'GET', `/api/proxies/${id}`))),
    );
    expect(rows.map((r) => r.identity.protocol)).toEqual([3, 0]);
  });

  it('tags every added proxy, creating the tag by name or reusing one of the same name in any case', async () => {
    const first = await addLines(s.t, s.a, ['6.6.6.1:80', '6.6.6.2:80'], { tag: { id: 0, name: 'Batch 6' } });
    const second = await addLines(s.t, s.a, ['6.6.6.3:80'], { tag: { id: 0, name: '  batch 6 ' } });
    const tags = dataOf(await callAs(s.t, s.a, 'GET', '/api/proxies/tags'));
    const batch = tags.filter((t: { name: string }) => t.name.toLowerCase() === 'batch 6');
    expect(batch).toEqual([{ id: expect.any(Number), name: 'Batch 6', count: 3 }]);
    const tagged = await callAs(s.t, s.a, 'POST', '/api/proxies/query', { withTagIds: [batch[0].id] });
    expect(
      dataOf(tagged)
        .items.map((p: { id: number }) => p.id)
        .sort(),
    ).toEqual([...first.addedIds, ...second.addedIds].sort());
    const byId = await addLines(s.t, s.a, ['6.6.6.4:80'], { tag: { id: batch[0].id, name: 'ignored' } });
    const row = dataOf(await callAs(s.t, s.a, 'GET', `/api/proxies/${byId.addedIds[0]}`));
    expect(row.tags).toEqual([{ id: batch[0].id, name: 'Batch 6' }]);
  });

  it('creates no tag when nothing was added', async () => {
    const added = await addLines(s.t, s.a, ['1.1.1.1:8080', 'garbage'], { tag: { id: 0, name: 'Ghost' } });
    expect(added.addedIds).toEqual([]);
    const tags = dataOf(await callAs(s.t, s.a, 'GET', '/api/proxies/tags'));
    expect(tags.map((t: { name: string }) => t.name)).not.toContain('Ghost');
  });

  it("refuses another user's tag id with 3 and adds nothing", async () => {
    await addLines(s.t, s.b, '7.7.7.1:80', { tag: { id: 0, name: 'B tag' } });
    const bTag = dataOf(await callAs(s.t, s.b, 'GET', '/api/proxies/tags'))[0];
    const res = await callAs(s.t, s.a, 'POST', '/api/proxies', {
      proxies: '7.7.7.2:80',
      tag: { id: bTag.id, name: bTag.name },
    });
    expect(resultCodeOf(res)).toBe(3);
    expect(res.json().error.message).toBe('Tag not found');
    const search = dataOf(await callAs(s.t, s.a, 'POST', '/api/proxies/query', { searchString: '7.7.7.2' }));
    expect(search.total).toBe(0);
  });

  it('answers bad input with field errors in the request language', async () => {
    const en = await callAs(s.t, s.a, 'POST', '/api/proxies', { proxies: 42, defaultProtocol: 9 });
    expect(resultCodeOf(en)).toBe(10);
    expect(en.json().error.message).toMatch(/proxies/);
    const ru = await callAs(
      s.t,
      s.a,
      'POST',
      '/api/proxies',
      { proxies: 'x', tag: { id: 0, name: '' } },
      'ru',
    );
    expect(resultCodeOf(ru)).toBe(10);
    expect(ru.json().error.message).toMatch(/[а-яА-Я]/);
  });

  it('parse previews lines without saving, marking stored proxies and repeats', async () => {
    const before = dataOf(await callAs(s.t, s.a, 'GET', '/api/proxies/counters')).total;
    const parsed = dataOf(
      await callAs(s.t, s.a, 'POST', '/api/proxies/parse', {
        proxies: '1.1.1.1:8080\n8.8.8.8:80:dave:p@ss:word\nnope\n8.8.8.8:80:dave:p@ss:word',
      }),
    );
    expect(parsed.proxies).toEqual([
      {
        line: 2,
        text: '8.8.8.8:80:dave:p@ss:word',
        protocol: 0,
        address: '8.8.8.8',
        port: 80,
        username: 'dave',
        password: 'p@ss:word',
        name: null,
      },
    ]);
    expect(parsed.invalid.map((i: { line: number }) => i.line)).toEqual([3]);
    expect(parsed.duplicates.map((d: { line: number; message: string }) => [d.line, d.message])).toEqual([
      [1, 'This proxy has already been added'],
      [4, 'The same proxy is already on line 2'],
    ]);
    expect(dataOf(await callAs(s.t, s.a, 'GET', '/api/proxies/counters')).total).toBe(before);
  });

  it('judges repeats, stored proxies and invalid lines across the chunks a long import is written in', async () => {
    // 7,000 lines: written in chunks of 2,000, 4,000 and more, so each kind of report falls in several chunks.
    const stored = await addLines(s.t, s.a, ['172.17.0.1:8000', '172.17.0.2:8000']);
    expect(stored.addedIds).toHaveLength(2);
    const lines = Array.from({ length: 7_000 }, (_, i) => `172.16.${i >> 8}.${i & 255}:8000`);
    lines[2_500] = lines[10]!; // a repeat of a line in the first chunk, read in the second
    lines[6_500] = `${lines[3_000]!} [renamed]`; // a repeat across the second and third chunks
    lines[4_000] = '172.17.0.1:8000'; // stored before
    lines[6_900] = '172.17.0.2:8000';
    lines[1_999] = 'not a proxy';
    lines[5_555] = '172.16.1.1:0';
    const added = await addLines(s.t, s.a, lines);
    expect(added.invalid.map((issue) => [issue.line, issue.code])).toEqual([
      [2_000, 'invalid_format'],
      [5_556, 'invalid_port'],
    ]);
    expect(added.duplicates.map((issue) => [issue.line, issue.message])).toEqual([
      [2_501, 'The same proxy is already on line 11'],
      [4_001, 'This proxy has already been added'],
      [6_501, 'The same proxy is already on line 3001'],
      [6_901, 'This proxy has already been added'],
    ]);
    expect(added.addedIds).toHaveLength(7_000 - 6);
    expect(new Set(added.addedIds).size).toBe(added.addedIds.length);
    const again = await addLines(s.t, s.a, lines.slice(0, 3));
    expect(again.duplicates.map((issue) => issue.code)).toEqual([
      'already_exists',
      'already_exists',
      'already_exists',
    ]);
  });

  it('adds a proxy once when two imports of it run at once, and reports it to the other as already added', async () => {
    // 3,000 lines each, 1,500 in common: on Postgres the second insert waits for the first import's rows and is
    // refused by the identity index, then skips them; the embedded database runs one import after the other.
    const line = (i: number) => `172.30.${i >> 8}.${i & 255}:8000`;
    const first = Array.from({ length: 3_000 }, (_, i) => line(i));
    const second = Array.from({ length: 3_000 }, (_, i) => line(i + 1_500));
    const [a, b] = await Promise.all([addLines(s.t, s.a, first), addLines(s.t, s.a, second)]);
    expect(a.addedIds.length + b.addedIds.length).toBe(4_500);
    expect(new Set([...a.addedIds, ...b.addedIds]).size).toBe(4_500);
    expect(a.duplicates.length + b.duplicates.length).toBe(1_500);
    for (const answer of [a, b]) {
      expect(answer.invalid).toEqual([]);
      expect(new Set(answer.duplicates.map((issue) => issue.code))).toEqual(
        new Set(answer.duplicates.length ? ['already_exists'] : []),
      );
    }
    const shared = new Set(first.slice(1_500));
    const reported = [...a.duplicates, ...b.duplicates].map((issue) => issue.text);
    expect(new Set(reported)).toEqual(shared);
  });

  it('takes request bodies well beyond the default limit for proxy lines', async () => {
    // 12 MiB: over the app-wide 10 MiB limit, inside the contract's 32 MiB.
    const padding = `# ${'x'.repeat(12 * 1024 * 1024)}`;
    const res = await callAs(s.t, s.a, 'POST', '/api/proxies/parse', { proxies: `${padding}\n10.0.0.1:80` });
    expect(dataOf(res).proxies.map((p: { address: string }) => p.address)).toEqual(['10.0.0.1']);
  });
});
