import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLines, callAs, createProxiesTest, dataOf, type ProxiesTest, resultCodeOf } from './helpers.ts';

// One walk: each test reads the tags and links the tests before it made, so the order is kept.
describe('proxy tags', { shuffle: false }, () => {
  let s: ProxiesTest;
  let ids: number[];
  beforeAll(async () => {
    s = await createProxiesTest();
    ids = (await addLines(s.t, s.a, ['30.0.0.1:80', '30.0.0.2:80', '30.0.0.3:80'])).addedIds;
  }, 60_000);
  afterAll(async () => s?.t.close());

  const tags = async () => dataOf(await callAs(s.t, s.a, 'GET', '/api/proxies/tags'));

  it('creates a tag with id 0, reuses a tag of the same name in any case, and lists tags with counts', async () => {
    const first = dataOf(
      await callAs(s.t, s.a, 'POST', `/api/proxies/${ids[0]}/tags`, { tag: { id: 0, name: 'Farm' } }),
    );
    expect(first).toEqual([{ id: expect.any(Number), name: 'Farm' }]);
    const second = dataOf(
      await callAs(s.t, s.a, 'POST', `/api/proxies/${ids[1]}/tags`, { tag: { id: 0, name: 'FARM' } }),
    );
    expect(second).toEqual(first);
    // Putting the same tag on twice changes nothing.
    const again = dataOf(
      await callAs(s.t, s.a, 'POST', `/api/proxies/${ids[1]}/tags`, {
        tag: { id: first[0].id, name: 'Farm' },
      }),
    );
    expect(again).toEqual(first);
    const withSecond = dataOf(
      await callAs(s.t, s.a, 'POST', `/api/proxies/${ids[1]}/tags`, { tag: { id: 0, name: 'alpha' } }),
    );
    expect(withSecond.map((t: { name: string }) => t.name)).toEqual(['alpha', 'Farm']);
    expect(await tags()).toEqual([
      { id: expect.any(Number), name: 'alpha', count: 1 },
      { id: first[0].id, name: 'Farm', count: 2 },
    ]);
  });

  it('takes a tag off one proxy; an unknown tag or proxy answers 3', async () => {
    const farm = (await tags()).find((t: { name: string }) => t.name === 'Farm');
    const left = dataOf(await callAs(s.t, s.a, 'DELETE', `/api/proxies/${ids[1]}/tags/${farm.id}`));
    expect(left.map((t: { name: string }) => t.name)).toEqual(['alpha']);
    expect((await tags()).find((t: { name: string }) => t.name === 'Farm').count).toBe(1);
    const unknownTag = await callAs(
      s.t,
      s.a,
      'DELETE',
      `/api/proxies/${ids[1]}/tags/999999`,
      undefined,
      'ru',
    );
    expect(resultCodeOf(unknownTag)).toBe(3);
    expect(unknownTag.json().error.message).toBe('Тег не найден');
    expect(resultCodeOf(await callAs(s.t, s.a, 'DELETE', `/api/proxies/999999/tags/${farm.id}`))).toBe(3);
  });

  it("refuses another user's tag id with 3", async () => {
    await addLines(s.t, s.b, '30.0.9.1:80', { tag: { id: 0, name: 'B only' } });
    const bTag = dataOf(await callAs(s.t, s.b, 'GET', '/api/proxies/tags'))[0];
    const res = await callAs(s.t, s.a, 'POST', `/api/proxies/${ids[2]}/tags`, {
      tag: { id: bTag.id, name: 'x' },
    });
    expect(resultCodeOf(res)).toBe(3);
    const batch = await callAs(s.t, s.a, 'POST', '/api/proxies/batch/tags/add', {
      proxiesIds: ids,
      tag: { id: bTag.id, name: 'x' },
    });
    expect(resultCodeOf(batch)).toBe(3);
    expect(dataOf(await callAs(s.t, s.a, 'GET', `/api/proxies/${ids[2]}`)).tags).toEqual([]);
    expect(dataOf(await callAs(s.t, s.b, 'GET', '/api/proxies/tags'))[0].count).toBe(1);
  });

  it('batch add and remove report per item and leave foreign proxies alone', async () => {
    const [foreign] = (await addLines(s.t, s.b, '30.0.9.2:80')).addedIds;
    const added = dataOf(
      await callAs(s.t, s.a, 'POST', '/api/proxies/batch/tags/add', {
        proxiesIds: [...ids, foreign, 777_777],
        tag: { id: 0, name: 'Wave 2' },
      }),
    );
    expect(added.succeededIds).toEqual(ids);
    expect(added.failed).toEqual([
      { id: foreign, resultCode: 3, message: 'Proxy not found' },
      { id: 777_777, resultCode: 3, message: 'Proxy not found' },
    ]);
    expect(added.tag).toEqual({ id: expect.any(Number), name: 'Wave 2' });
    expect((await tags()).find((t: { name: string }) => t.name === 'Wave 2').count).toBe(3);
    expect(dataOf(await callAs(s.t, s.b, 'GET', `/api/proxies/${foreign}`)).tags).toEqual([]);

    const removed = dataOf(
      await callAs(s.t, s.a, 'POST', '/api/proxies/batch/tags/remove', {
        proxiesIds: [ids[0], foreign],
        tagId: added.tag.id,
      }),
    );
    expect(removed).toEqual({
      succeededIds: [ids[0]],
      failed: [{ id: foreign, resultCode: 3, message: 'Proxy not found' }],
    });
    expect((await tags()).find((t: { name: string }) => t.name === 'Wave 2').count).toBe(2);
    const unknown = await callAs(s.t, s.a, 'POST', '/api/proxies/batch/tags/remove', {
      proxiesIds: ids,
      tagId: 999_999,
    });
    expect(resultCodeOf(unknown)).toBe(3);
  });

  it('validates tag names in the request language', async () => {
    const blank = await callAs(
      s.t,
      s.a,
      'POST',
      `/api/proxies/${ids[0]}/tags`,
      { tag: { id: 0, name: '   ' } },
      'ru',
    );
    expect(resultCodeOf(blank)).toBe(10);
    expect(blank.json().error.message).toMatch(/[а-яА-Я]/);
    const long = await callAs(s.t, s.a, 'POST', `/api/proxies/${ids[0]}/tags`, {
      tag: { id: 0, name: 'x'.repeat(65) },
    });
    expect(resultCodeOf(long)).toBe(10);
  });

  it('deleting a proxy drops its tag links from the counts', async () => {
    const before = (await tags()).find((t: { name: string }) => t.name === 'Wave 2').count;
    dataOf(await callAs(s.t, s.a, 'DELETE', `/api/proxies/${ids[2]}`));
    expect((await tags()).find((t: { name: string }) => t.name === 'Wave 2').count).toBe(before - 1);
  });

  it("keeps each proxy's tag ids equal to its links, through an add with a tag and a tag taken off", async () => {
    const mismatched = async () =>
      (
        (await s.t.testDb.database.db.execute(sql`select p.id from proxies p
          where p.tag_ids is distinct from coalesce((select array_agg(l.tag_id order by l.tag_id)
            from proxy_tag_links l where l.proxy_id = p.id), '{}')`)) as unknown as { rows: unknown[] }
      ).rows;
    // An existing tag by name (written with the rows) and a new one (linked after them).
    const added = await addLines(s.t, s.a, ['30.0.7.1:80', '30.0.7.2:80'], {
      tag: { id: 0, name: 'wave 2' },
    });
    await addLines(s.t, s.a, ['30.0.7.3:80'], { tag: { id: 0, name: 'Brand new' } });
    expect(await mismatched()).toEqual([]);
    const wave = (await tags()).find((t: { name: string }) => t.name === 'Wave 2');
    dataOf(await callAs(s.t, s.a, 'DELETE', `/api/proxies/${added.addedIds[0]}/tags/${wave.id}`));
    expect(await mismatched()).toEqual([]);
  });
});
