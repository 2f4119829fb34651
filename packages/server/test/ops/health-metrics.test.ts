import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CbrRatesSource } from '../../src/integrations/rates/cbr-rates-source.ts';
import { createAuthTestApp } from '../auth/helpers/auth-app.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The supervisor's endpoints on the real server (PGlite, or Postgres with TEST_DATABASE_URL): /healthz, /readyz and
// the Prometheus scrape behind its token.
const TOKEN = 'scrape-token-0123456789abcdef';

describe('health, readiness and metrics', () => {
  let server: TestApp;
  let rates: Server;

  beforeAll(async () => {
    // The real app on a migrated copy of the test database (no migrations to run again).
    server = await createTestApp({ metricsToken: TOKEN });
    // A rates source that answers 503: an outside call with an error status, counted under its host class.
    rates = createServer((_request, response) => response.writeHead(503).end());
    await new Promise<void>((resolve) => rates.listen(0, '127.0.0.1', resolve));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => rates?.close(resolve));
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: path, headers });

  it('answers /healthz and, with the database, migrations and jobs in place, /readyz', async () => {
    expect((await get('/healthz')).statusCode).toBe(200);
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, database: true, migrations: true, jobs: true });
  });

  it('keeps /metrics behind the token: 401 without it or with another, then the named series', async () => {
    expect((await get('/metrics')).statusCode).toBe(401);
    expect(
      (await get('/metrics', { authorization: 'Bearer scrape-token-0123456789abcdeX' })).statusCode,
    ).toBe(401);
    await get('/api/manifest');
    await server.app.jobs.send('ops-test-unworked', { n: 1 });
    const port = (rates.address() as AddressInfo).port;
    await expect(
      new CbrRatesSource({ url: `http://127.0.0.1:${port}/daily.xml`, timeoutMs: 5_000 }).fetch(),
    ).rejects.toThrow(/503/);

    const scraped = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const lines = scraped.body.split('\n');
    const sample = (pattern: RegExp) => lines.find((line) => pattern.test(line));
    expect(
      sample(/^tradedeck_http_requests_total\{operation="\/api\/manifest",method="GET",status="2xx"\} \d+$/),
    ).toBeDefined();
    expect(
      sample(
        /^tradedeck_http_request_duration_seconds_bucket\{operation="\/api\/manifest",le="\+Inf"\} \d+$/,
      ),
    ).toBeDefined();
    expect(
      sample(/^tradedeck_http_request_duration_seconds_count\{operation="\/api\/manifest"\} \d+$/),
    ).toBeDefined();
    expect(
      sample(/^tradedeck_job_queue_depth\{queue="ops-test-unworked",state="created"\} 1$/),
    ).toBeDefined();
    expect(sample(/^tradedeck_hub_connections 0$/)).toBeDefined();
    expect(sample(/^tradedeck_limiter_keys\{limiter="steam_sign_in",state="resting"\} \d+$/)).toBeDefined();
    expect(sample(/^tradedeck_limiter_keys\{limiter="market_key",state="waiting"\} \d+$/)).toBeDefined();
    expect(
      sample(/^tradedeck_outside_calls_total\{host_class="rates",outcome="answered"\} [1-9]\d*$/),
    ).toBeDefined();
    expect(sample(/^tradedeck_outside_call_errors_total\{host_class="rates"\} [1-9]\d*$/)).toBeDefined();
    expect(sample(/^tradedeck_database_reachable 1$/)).toBeDefined();
    expect(sample(/^# TYPE tradedeck_http_request_duration_seconds histogram$/)).toBeDefined();
    // The token never appears in what it protects.
    expect(scraped.body).not.toContain(TOKEN);
  });

  it('is not ready once its job queue has stopped', async () => {
    await server.app.jobs.stop();
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ready: false, database: true, migrations: true, jobs: false });
    expect((await get('/healthz')).statusCode).toBe(200);
  });
});

describe('without a metrics token', () => {
  it('answers 404 at /metrics and logs each request with the trace id its answer carries', async () => {
    const lines: string[] = [];
    const t = await createAuthTestApp({}, lines);
    try {
      const scraped = await t.call('GET', '/metrics', {
        headers: { authorization: 'Bearer anything-at-all-0123456789' },
      });
      expect(scraped.statusCode).toBe(404);
      const answer = await t.call('GET', '/healthz');
      const traceId = answer.headers['x-trace-id'];
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      const logged = lines.map((line) => JSON.parse(line) as { traceId?: string; msg?: string });
      expect(logged.filter((entry) => entry.traceId === traceId).map((entry) => entry.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'request completed']),
      );
    } finally {
      await t.close();
    }
  }, 60_000);
});
