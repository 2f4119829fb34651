import { defineOperation } from '@tradedeck/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bindOperation } from '../src/http/bind-operation.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const echo = defineOperation({
  id: 'test.echo',
  method: 'POST',
  path: '/api/test/echo/:id',
  summary: 'echo',
  input: z.object({
    id: z.coerce.number().int().positive(),
    name: z.string().min(2),
    port: z.number().max(65535),
  }),
  output: z.object({ id: z.number(), name: z.string() }),
  flags: { public: true },
});

const guarded = defineOperation({
  id: 'test.guarded',
  method: 'GET',
  path: '/api/test/guarded',
  summary: 'guarded',
  input: z.object({}),
  output: z.object({ ok: z.boolean() }),
  flags: {},
});

describe('contract-bound routes', () => {
  let t: TestApp;
  let guardedCalls = 0;
  beforeAll(async () => {
    t = await createTestApp({}, (app) => {
      bindOperation(app, echo, (input) => ({ ...input, secret: 'must-not-leak' }));
      bindOperation(app, guarded, () => {
        guardedCalls += 1;
        return { ok: true };
      });
    });
  });

  it('refuses a non-public operation without a session (11) and never runs its handler', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/guarded' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.resultCode).toBe(11);
    expect(guardedCalls).toBe(0);
  });
  afterAll(() => t.close());

  it('merges path parameters with the body and validates both', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/7',
      payload: { name: 'ab', port: 80 },
    });
    expect(res.json()).toEqual({ success: true, data: { id: 7, name: 'ab' }, error: null });
  });

  it('drops output fields the contract does not name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/7',
      payload: { name: 'ab', port: 80 },
    });
    expect(res.body).not.toContain('must-not-leak');
  });

  it('answers invalid input with result code 10 and messages per field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/-1',
      headers: { 'accept-language': 'en-US' },
      payload: { name: 'a', port: 70000 },
    });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.resultCode).toBe(10);
    expect(Object.keys(error.errorDetails.fields).sort()).toEqual(['id', 'name', 'port']);
    expect(error.errorDetails.fields.name[0]).toMatch(/too small|>=2/i);
  });

  it('writes field messages in Russian by default', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/1',
      payload: { name: 'a', port: 1 },
    });
    expect(res.json().error.errorDetails.fields.name[0]).toMatch(/[а-я]/i);
  });
});
