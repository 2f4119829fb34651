import { afterEach, describe, expect, it } from 'vitest';
import { linkParams, PASSWORD } from '../auth/helpers/auth-app.ts';
import { SmtpSink } from '../auth/helpers/smtp-sink.ts';
import type { SpawnedServer } from '../helpers/spawn-server.ts';
import { api, eventually, SPAWN_TIMEOUT_MS } from './fault-server.ts';
import { type SmallDisk, smallDisk, spawnOnDisk } from './small-disk.ts';
import { importLines } from './workloads.ts';

const EMAIL = 'disk-admin@example.test';
const STALL_EXIT_SECONDS = 10;

let disk: SmallDisk | null = null;
let smtp: SmtpSink | null = null;
const servers: SpawnedServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
  await smtp?.stop();
  disk?.dispose();
});

async function start(env: Record<string, string>): Promise<{ server: SpawnedServer; url: string }> {
  const server = spawnOnDisk(disk!, {
    TRADEDECK_DATA_DIR: disk!.dataDir,
    TRADEDECK_MODE: 'sandbox',
    TRADEDECK_STALL_EXIT_SECONDS: String(STALL_EXIT_SECONDS),
    ...env,
  });
  servers.push(server);
  return { server, url: await server.ready };
}

/** Registers the instance's administrator through the mailed confirmation link; answers an access token. */
async function signIn(url: string, register: boolean): Promise<string> {
  if (register) {
    await api(url, 'POST', '/api/auth/register', { email: EMAIL, userName: 'admin', password: PASSWORD });
    const params = linkParams((await smtp!.waitFor(EMAIL, { subject: /confirm/i, timeoutMs: 30_000 })).text);
    const confirmed = await api(url, 'POST', '/api/auth/confirm-email', {
      userId: params.get('userId'),
      code: params.get('code'),
    });
    expect(confirmed.status).toBe(200);
  }
  const login = await api(url, 'POST', '/api/auth/login', { email: EMAIL, password: PASSWORD });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return login.body.data.accessToken as string;
}

const storedProxies = async (url: string, token: string) => {
  const counters = await api(url, 'GET', '/api/proxies/counters', undefined, token);
  expect(counters.status).toBe(200);
  return counters.body.data as Record<string, number>;
};

describe('PGlite on a full disk', () => {
  it(
    'a write that fails for lack of room ends the process with a clear message; after freeing room it starts and writes again',
    async () => {
      disk = smallDisk();
      smtp = new SmtpSink();
      const smtpUrl = await smtp.start();
      const first = await start({ SMTP_URL: smtpUrl });
      const token = await signIn(first.url, true);
      const before = await storedProxies(first.url, token);
      disk.fill(15 * 1024 * 1024);

      // The import cannot fit: it fails (503, storage unavailable), or the process ends under it.
      const answer = await api(first.url, 'POST', '/api/proxies', { proxies: importLines() }, token).catch(
        (error: unknown) => ({ status: 0, body: String(error) }),
      );
      expect([0, 503], JSON.stringify(answer.body).slice(0, 300)).toContain(answer.status);

      // Never a live process that answers nothing: it stops by itself with a non-zero status and says why.
      const code = await Promise.race([
        first.server.exited,
        new Promise<'alive'>((resolve) =>
          setTimeout(() => resolve('alive'), (STALL_EXIT_SECONDS + 50) * 1000),
        ),
      ]);
      expect(code, first.server.output()).not.toBe('alive');
      expect(code).not.toBe(0);
      expect(first.server.output()).toMatch(
        /the data directory could not be written \(.*\); stopping|has not answered for \d+ s/,
      );

      // A supervisor restarts it once there is room again: the data is whole and writes work.
      disk.free();
      const second = await start({ SMTP_URL: smtpUrl });
      const again = await signIn(second.url, false);
      const after = await storedProxies(second.url, again);
      expect(after).toEqual(before);
      const added = await api(
        second.url,
        'POST',
        '/api/proxies',
        { proxies: '192.0.2.10:8080\n192.0.2.11:8080' },
        again,
      );
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body.data.addedIds).toHaveLength(2);
      await eventually(
        async () => (await fetch(`${second.url}/`, { method: 'HEAD' })).status === 200,
        'HEAD /',
        10_000,
      );
    },
    SPAWN_TIMEOUT_MS * 3,
  );
});
