import { afterEach, describe, expect, it } from 'vitest';
import { SmtpSink } from '../auth/helpers/smtp-sink.ts';
import type { SpawnedServer } from '../helpers/spawn-server.ts';
import { api, eventually, SPAWN_TIMEOUT_MS, signInByMail } from './fault-server.ts';
import { type SmallDisk, smallDisk, spawnOnDisk } from './small-disk.ts';
import { importLines } from './workloads.ts';

const EMAIL = 'disk-admin@example.test';
const STALL_EXIT_SECONDS = 60;

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

const signIn = (url: string, register: boolean) => signInByMail(url, smtp!, EMAIL, register);

const storedProxies = async (url: string, token: string) => {
  const counters = await api(url, 'GET', '/api/proxies/counters', undefined, token);
  expect(counters.status).toBe(200);
  return counters.body.data as Record<string, number>;
};

/** Lines of the server's own output after its start banner that are not the log's JSON (a stop message, a stack). */
const plainLines = (output: string) =>
  output
    .slice(output.indexOf('  mode: '))
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '' && !line.startsWith('{'));

/** The process ends within `ms`, or the answer is 'alive'. */
const exitWithin = (server: SpawnedServer, ms: number) =>
  Promise.race([
    server.exited,
    new Promise<'alive'>((resolve) => setTimeout(() => resolve('alive'), ms).unref()),
  ]);

describe('PGlite on a full disk', () => {
  it(
    'a write that fails for lack of room answers 503, the process honours SIGTERM and stops with one line and no data; after freeing room it starts and writes again, every time',
    async () => {
      disk = smallDisk();
      smtp = new SmtpSink();
      const smtpUrl = await smtp.start();
      let current = await start({ SMTP_URL: smtpUrl });
      let token = await signIn(current.url, true);
      const before = await storedProxies(current.url, token);
      // A file-size limit (no tmpfs here) holds only for the first start.
      const rounds = disk.kind === 'tmpfs' ? 3 : 1;
      for (let round = 1; round <= rounds; round++) {
        disk.fill(3 * 1024 * 1024);
        // The import cannot fit: the request answers "storage unavailable" rather than an error or silence.
        const answer = await api(current.url, 'POST', '/api/proxies', { proxies: importLines() }, token);
        expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(503);

        // An operator (or a supervisor) stops it: it ends promptly, whether it was already stopping or not.
        current.server.child.kill('SIGTERM');
        const code = await exitWithin(current.server, 5_000);
        const output = current.server.output();
        expect(code, `round ${round}: ${output.slice(-2000)}`).not.toBe('alive');
        // One line that says why, without any statement or its values (hosts, user names, sealed passwords).
        const lines = plainLines(output);
        expect(lines, `round ${round}: ${lines.join('\n').slice(0, 3000)}`).toHaveLength(1);
        expect(lines[0]).toMatch(
          /^tradedeck-server: the data directory could not be written \(.+\); stopping\./,
        );
        expect(output.length, `round ${round}`).toBeLessThan(8 * 1024);
        expect(output).not.toMatch(/params|10\.0\.\d+\.\d+|user\d+|pass\d+|insert into/i);

        // A supervisor restarts it once there is room again: the data is whole and writes work.
        disk.free();
        current = await start({ SMTP_URL: smtpUrl });
        token = await signIn(current.url, false);
        expect(await storedProxies(current.url, token)).toEqual(before);
      }
      const added = await api(
        current.url,
        'POST',
        '/api/proxies',
        { proxies: '192.0.2.10:8080\n192.0.2.11:8080' },
        token,
      );
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body.data.addedIds).toHaveLength(2);
      await eventually(
        async () => (await fetch(`${current.url}/`, { method: 'HEAD' })).status === 200,
        'HEAD /',
        10_000,
      );
    },
    SPAWN_TIMEOUT_MS * 6,
  );
});
