import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedServer, spawnServer } from '../helpers/spawn-server.ts';
import { callApi, pollUntil, seedFromTemplate, signUpOnSpawned } from '../helpers/spawned-api.ts';
import type { LoopbackServer } from '../proxy-checker/helpers/loopback-server.ts';
import { startSocks5 } from '../proxy-checker/helpers/proxy-servers.ts';

/**
 * A 3,000-proxy check under `ulimit -n 400` on the embedded database, in sandbox mode, where the judge runs inside
 * the server (each check then holds two of its descriptors: the socket to the proxy and the judge's side of the
 * tunnel). The batch must size itself from the descriptors really free, so that neither the database's files nor
 * a request ever meets EMFILE: no answer is a 500, the process does not end, and every proxy is judged valid.
 */
const PROXIES = 3_000;
const LIMIT = 400;
const USER = { email: 'fd-limit@example.test', userName: 'fdlimit', password: 'Quartz-Lantern-42' };

let dir: string;
let server: SpawnedServer;
let url: string;
let token: string;
const proxies: LoopbackServer[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fd-limit-'));
  for (let i = 0; i < PROXIES; i += 100)
    proxies.push(...(await Promise.all(Array.from({ length: 100 }, () => startSocks5()))));
  // From the run's migrated template: the process's first start on an empty directory is not what this tests.
  seedFromTemplate(join(dir, 'data'));
  server = spawnServer(
    {
      TRADEDECK_MODE: 'sandbox',
      TRADEDECK_DATA_DIR: join(dir, 'data'),
      TRADEDECK_OUTBOX_LOG_LINKS: 'on',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    },
    [],
    { openFilesLimit: LIMIT },
  );
  url = await server.ready;
  token = await signUpOnSpawned(server, url, USER);
}, 120_000);

afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  await server?.exited;
  await Promise.all(proxies.map((proxy) => proxy.close()));
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** Every answer's status while the batch runs: a 500 anywhere fails the test. */
async function status(path: string, body?: unknown): Promise<number> {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await res.arrayBuffer();
  return res.status;
}

describe('a 3,000-proxy check under a 400 open-files limit', () => {
  it('answers no 500, does not crash, and judges every proxy', async () => {
    const lines = proxies.map((proxy) => `socks5://127.0.0.1:${proxy.port}`).join('\n');
    const added = await callApi<{ addedIds: number[] }>(
      url,
      'POST',
      '/api/proxies',
      { proxies: lines },
      token,
    );
    expect(added.addedIds).toHaveLength(PROXIES);
    await callApi(url, 'POST', '/api/proxies/check', { filters: {} }, token);

    // Requests keep coming while the batch runs: reads, and writes that touch new database files.
    const statuses: number[] = [];
    let n = 0;
    const counters = await pollUntil(
      async () => {
        n += 1;
        statuses.push(await status('/api/proxies/counters'));
        statuses.push(await status('/api/proxies', { proxies: `socks5://127.0.0.2:${1000 + n}` }));
        const now = await callApi<{ byStatus: Record<string, number> }>(
          url,
          'GET',
          '/api/proxies/counters',
          undefined,
          token,
        );
        return (now.byStatus['0'] ?? 0) <= n ? now : null;
      },
      150_000,
      500,
    );
    expect(server.child.exitCode, server.output().slice(-2000)).toBeNull();
    expect(
      statuses.filter((code) => code >= 500),
      server.output().slice(-2000),
    ).toEqual([]);
    // Every listed proxy judged valid (the extra lines added meanwhile are not in the batch): a check that ran out
    // of descriptors, on either side of the built-in judge's tunnel, is made again, never the proxy's fault.
    expect(counters.byStatus, JSON.stringify(counters)).toMatchObject({
      '1': PROXIES,
      '2': 0,
      '3': 0,
      '4': 0,
    });
    expect(server.output()).not.toMatch(/EMFILE|too many open files|unhandled/i);
  }, 240_000);
});
