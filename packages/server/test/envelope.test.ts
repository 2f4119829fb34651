import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { AppError } from '../src/http/app-error.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase } from './helpers/test-database.ts';

describe('the envelope on every /api/ answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, (app) => {
      app.get('/api/test/crash', async () => {
        throw new Error('SELECT secret FROM vault');
      });
      app.post('/api/test/post', async () => ({ success: true, data: null, error: null }));
      app.get('/api/test/refused', async () => {
        throw new AppError({
          code: 9,
          text: { ru: 'Прокси используется', en: 'Proxy in use' },
          details: { ids: [1] },
        });
      });
    });
  });
  afterAll(() => t.close());

  it('answers an unknown route with 404, result code 3 and a trace id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/x' });
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(body).toMatchObject({ success: false, data: null, error: { resultCode: 3, errorDetails: null } });
    expect(body.error.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(res.headers['x-trace-id']).toBe(body.error.traceId);
  });

  it('answers malformed JSON with 400 and result code 7', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/post',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { resultCode: 7 } });
  });

  it('answers an unsupported content type with result code 7', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/post',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.resultCode).toBe(7);
  });

  it('hides crash details from the caller', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/crash',
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.error).toMatchObject({ resultCode: 1, message: 'Internal server error' });
    expect(res.body).not.toContain('SELECT');
  });

  it('speaks the caller language, Russian by default', async () => {
    const ru = await t.app.inject({ method: 'GET', url: '/api/test/refused' });
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/test/refused',
      headers: { 'accept-language': 'en-US' },
    });
    expect(ru.statusCode).toBe(409);
    expect(ru.json().error).toMatchObject({
      message: 'Прокси используется',
      resultCode: 9,
      errorDetails: { ids: [1] },
    });
    expect(en.json().error.message).toBe('Proxy in use');
  });

  it('marks API answers as not cacheable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/system/status' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers the connectivity probe HEAD / with 200 and no-store', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the log', () => {
  it('carries the trace id of the answer and no credentials', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const testDb = await createTestDatabase();
    const config = { ...loadConfig({}), logLevel: 'info', databaseUrl: testDb.url };
    const app = await buildApp({ config, database: testDb.database, logger: pino({ level: 'info' }, sink) });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/nowhere',
        headers: { authorization: 'Bearer canary-token-123', cookie: 'refresh=canary-cookie-456' },
      });
      const traceId = res.json().error.traceId as string;
      const log = lines.join('');
      expect(log).toContain(`"traceId":"${traceId}"`);
      expect(log).not.toContain('canary-token-123');
      expect(log).not.toContain('canary-cookie-456');
    } finally {
      await app.close();
      await testDb.drop();
    }
  });
});
