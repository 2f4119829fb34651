import { contract } from '@tradedeck/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundOperations } from '../src/http/bind-operation.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

describe('GET /api/manifest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is an OpenAPI 3.1 document whose operation ids are the contract ids', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/manifest' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>)
      .flatMap((methods) => Object.values(methods))
      .map((op) => op.operationId);
    expect(ids).toContain('system.status');
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/system/status'].get.security).toEqual([]);
  });
});

describe('GET /api/manifest, built once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the document made on the first request, not one rebuilt per request', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/manifest' });
    // Were it rebuilt, an operation bound late would show up in the next answer.
    t.app[boundOperations].push({ ...contract.system.status, id: 'late.operation', path: '/api/late' });
    const second = await t.app.inject({ method: 'GET', url: '/api/manifest' });
    expect(second.body).toBe(first.body);
    expect(second.body).not.toContain('late.operation');
  });
});
