import { contract, defineOperation } from '@tradedeck/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bindOperation } from '../../src/http/bind-operation.ts';
import { compile, outputCheck, outputFilter } from '../../src/http/output-filter.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  addLines,
  callAs,
  createProxiesTest,
  dataOf,
  insertSteamAccount,
  type ProxiesTest,
} from '../proxies/helpers.ts';

const row = z.object({
  id: z.number().int(),
  name: z.string().min(2).nullable(),
  kind: z.enum(['http', 'socks5']),
  tags: z.array(z.object({ id: z.number(), name: z.string() })),
  note: z.string().optional(),
  counts: z.record(z.string(), z.number()),
  shape: z.union([z.object({ type: z.literal('a'), a: z.number() }), z.object({ type: z.literal('b') })]),
});
const page = z.object({ items: z.array(row), total: z.number() });

describe('the output filter of production answers', () => {
  it('keeps exactly what the full parse keeps, and drops every field the contract does not name', () => {
    const answer = {
      items: [
        {
          id: 1,
          name: null,
          kind: 'http',
          tags: [{ id: 2, name: 'a', userId: 'x' }],
          counts: { '1': 3 },
          shape: { type: 'b', secret: 's' },
          passwordEnc: 'sealed',
        },
        {
          id: 2,
          name: 'xy',
          kind: 'socks5',
          tags: [],
          note: 'n',
          counts: {},
          shape: { type: 'a', a: 1, b: 2 },
        },
      ],
      total: 2,
      sql: 'select …',
    };
    const filtered = outputFilter(page, 'strip')(answer);
    expect(filtered).toEqual(page.parse(answer));
    expect(JSON.stringify(filtered)).not.toMatch(/secret|sealed|userId|select/);
    expect(Object.keys((filtered as { items: object[] }).items[0]!)).toEqual([
      'id',
      'name',
      'kind',
      'tags',
      'counts',
      'shape',
    ]);
  });

  it('never passes an object where the contract names a primitive: the full parse refuses it', () => {
    const leak = { items: [], total: { rows: ['secret'] } };
    expect(() => outputFilter(page, 'strip')(leak)).toThrow();
    expect(() => outputFilter(page, 'strip')({ items: [{ kind: 'ftp' }], total: 1 })).toThrow();
  });

  it('leaves schemas it cannot follow to the full parse', () => {
    const transformed = z.object({ at: z.string().transform((s) => s.length) });
    expect(compile(transformed)).toBeNull();
    expect(outputFilter(transformed, 'strip')({ at: 'abc', extra: 1 })).toEqual({ at: 3 });
  });

  it('runs the full parse in tests and development, the filter in production, as configured', () => {
    expect(outputCheck({ NODE_ENV: 'test' })).toBe('full');
    expect(outputCheck({ NODE_ENV: 'development' })).toBe('full');
    expect(outputCheck({ NODE_ENV: 'production' })).toBe('strip');
    expect(outputCheck({})).toBe('strip');
    expect(outputCheck({ NODE_ENV: 'production', TRADEDECK_OUTPUT_CHECK: 'full' })).toBe('full');
  });

  it('covers the list answers of the proxies and Steam accounts', () => {
    expect(compile(contract.proxies.query.output)).not.toBeNull();
    expect(compile(contract.steamAccounts.query.output)).not.toBeNull();
  });
});

describe('answers through the filter, end to end', () => {
  let t: TestApp;
  let s: ProxiesTest;
  const echo = defineOperation({
    id: 'test.filteredEcho',
    method: 'POST',
    path: '/api/test/filtered-echo',
    summary: 'echo',
    input: z.object({ name: z.string() }),
    output: z.object({ name: z.string(), nested: z.object({ ok: z.boolean() }) }),
    flags: { public: true },
  });
  beforeAll(async () => {
    process.env.TRADEDECK_OUTPUT_CHECK = 'strip';
    try {
      t = await createTestApp({}, (app) => {
        bindOperation(app, echo, (input) => ({
          ...input,
          secret: 'must-not-leak',
          nested: { ok: true, key: 'k' },
        }));
      });
      s = await createProxiesTest();
    } finally {
      delete process.env.TRADEDECK_OUTPUT_CHECK;
    }
  });
  afterAll(async () => {
    await t?.close();
    await s?.t.close();
  });

  it('drops a field the contract does not name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/filtered-echo',
      payload: { name: 'ab' },
    });
    expect(res.json()).toEqual({ success: true, data: { name: 'ab', nested: { ok: true } }, error: null });
  });

  it('answers a proxies page exactly as the full parse would', async () => {
    const { addedIds } = await addLines(s.t, s.a, ['10.0.0.1:8080', 'user:pass@10.0.0.2:3128']);
    await insertSteamAccount(s.t, s.a.id, 'acc-1', addedIds[0]!);
    const data = dataOf(await callAs(s.t, s.a, 'POST', '/api/proxies/query', {}));
    expect(data.items).toHaveLength(2);
    expect(data).toEqual(contract.proxies.query.output.parse(data));
    expect(JSON.stringify(data)).not.toContain('pass');
  });
});
