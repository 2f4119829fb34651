/**
 * A tight open-files limit (`ulimit -n 400`): the idle server on PGlite already holds about 150 descriptors, mostly
 * the embedded database's files. A check of thousands of proxies sizes its concurrency from what is really free,
 * so the server's own files and requests never meet EMFILE: no request answers 500 and the process never crashes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SmtpSink } from '../auth/helpers/smtp-sink.ts';
import { type SpawnedServer, spawnServer } from '../helpers/spawn-server.ts';
import { type ApiAnswer, api, eventually, SPAWN_TIMEOUT_MS, signInByMail } from './fault-server.ts';
import { accountImport } from './workloads.ts';

const EMAIL = 'files-admin@example.test';
const OPEN_FILES = 400;
const PROXIES = 3000;

let dataRoot: string | null = null;
let smtp: SmtpSink | null = null;
let server: SpawnedServer | null = null;
let fleet: LoopbackServer | null = null;
afterEach(async () => {
  await server?.stop();
  await smtp?.stop();
  await fleet?.close();
  if (dataRoot) rmSync(dataRoot, { recursive: true, force: true });
});

import type { LoopbackServer } from '../proxy-checker/helpers/loopback-server.ts';
import { startSlowProxy } from '../proxy-checker/helpers/proxy-servers.ts';

describe('a tight open-files limit', () => {
  it(
    `checks ${PROXIES} proxies under ulimit -n ${OPEN_FILES} with no 500 and no crash`,
    async () => {
      dataRoot = mkdtempSync(join(tmpdir(), 'tradedeck-open-files-'));
      smtp = new SmtpSink();
      const smtpUrl = await smtp.start();
      // Proxies that take the connection and hang up within a second: each check holds a socket a while.
      fleet = await startSlowProxy((n) => (n * 37) % 1000);
      server = spawnServer(
        {
          TRADEDECK_DATA_DIR: join(dataRoot, 'data'),
          TRADEDECK_MODE: 'sandbox',
          SMTP_URL: smtpUrl,
        },
        [],
        { openFilesLimit: OPEN_FILES },
      );
      const url = await server.ready;
      const token = await signInByMail(url, smtp, EMAIL, true);

      const lines = Array.from(
        { length: PROXIES },
        (_, i) => `127.0.0.1:${fleet!.port}:fleet${i}:secret${i}`,
      );
      const added = await api(url, 'POST', '/api/proxies', { proxies: lines.join('\n') }, token);
      expect(added.status, JSON.stringify(added.body).slice(0, 300)).toBe(200);
      const ids = added.body.data.addedIds as number[];
      expect(ids).toHaveLength(PROXIES);
      const check = await api(url, 'POST', '/api/proxies/check', { ids }, token);
      expect(check.status, JSON.stringify(check.body)).toBe(200);

      // While the batch runs, the panel keeps asking, and an account import is added as a job.
      const answers: ApiAnswer[] = [];
      answers.push(
        await api(
          url,
          'POST',
          '/api/steam-accounts/add-jobs',
          { mode: 'multiple', ...accountImport() },
          token,
        ),
      );
      await eventually(
        async () => {
          const counters = await api(url, 'GET', '/api/proxies/counters', undefined, token);
          answers.push(counters);
          answers.push(
            await api(url, 'POST', '/api/proxies/query', { pages: { page: 1, pageSize: 50 } }, token),
          );
          // Status 0: not checked yet.
          return counters.status === 200 && (counters.body.data.byStatus['0'] ?? 0) === 0;
        },
        'every proxy checked',
        SPAWN_TIMEOUT_MS * 2,
      );
      expect(fleet.accepted()).toBeGreaterThanOrEqual(PROXIES);
      expect(
        answers.filter((answer) => answer.status >= 500).map((a) => `${a.status} ${JSON.stringify(a.body)}`),
      ).toEqual([]);
      expect(answers[0]!.status, JSON.stringify(answers[0]!.body).slice(0, 300)).toBe(200);
      // Alive and well: no crash, no EMFILE from the server's own files.
      expect(server.child.exitCode, server.output().slice(-2000)).toBeNull();
      expect((await fetch(`${url}/`, { method: 'HEAD' })).status).toBe(200);
      expect(server.output()).not.toMatch(/EMFILE|too many open files|could not create file/i);
    },
    SPAWN_TIMEOUT_MS * 4,
  );
});
