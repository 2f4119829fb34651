import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEntry } from '../../../packages/server/test/helpers/server-bundle.ts';

const SERVER_DIR = fileURLToPath(new URL('../../../packages/server/', import.meta.url));
const WEB_ROOT = fileURLToPath(new URL('../../../packages/server/public/', import.meta.url));

export interface TestServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * A new embedded data directory, unpacked from the migrated template the global setup found or made
 * (`E2E_PGLITE_TEMPLATE`), so the server has nothing to migrate: a start took 9-10 s of CPU migrating an empty
 * in-memory cluster and 5.5-6 s from the template (load average 12-16). Without a template, the in-memory database
 * the server migrates itself. A data directory the caller names (`TRADEDECK_DATA_DIR`) is its own.
 */
function freshDataDir(given: string | undefined): { dataDir: string; remove(): void } {
  const template = process.env.E2E_PGLITE_TEMPLATE;
  if (given) return { dataDir: given, remove() {} };
  if (!template) return { dataDir: 'memory://', remove() {} };
  const dataDir = mkdtempSync(join(tmpdir(), 'tradedeck-e2e-data-'));
  // The dump names its members from the root (`/base/…`): tar strips the slash and says so on stderr.
  execFileSync('tar', ['-xf', template, '-C', dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * Runs the real server (main.ts, bundled from the current sources as the server's own process tests run it) on a
 * fresh embedded database of its own, serving the built web app. `port` 0 picks a free one.
 * With `logFile` its log (where the outbox announces mail and its links) is copied there for the tests to read.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  port = 0,
  logFile?: string,
): Promise<TestServer> {
  const data = freshDataDir(env.TRADEDECK_DATA_DIR);
  const child: ChildProcess = spawn(process.execPath, serverEntry(), {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: logFile ? 'info' : 'warn',
      TRADEDECK_DATA_DIR: data.dataDir,
      TRADEDECK_WEB_ROOT: WEB_ROOT,
      TRADEDECK_MAINTENANCE: '',
      // The tests confirm accounts from the outbox announcement, which carries links only when asked to.
      TRADEDECK_OUTBOX_LOG_LINKS: 'on',
      // A scheduled inventory read would land in the middle of a walk (docs/portfolio.md "Freshness").
      TRADEDECK_INVENTORY_SCHEDULE: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  if (logFile) {
    child.stdout?.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
  }
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      data.remove();
      resolve();
    }),
  );
  // Ready is the server's own announcement of its address; a server that exits first fails the start with its
  // output. A start opens a new database, and on a busy machine that takes what it takes: the caller's budget
  // (a hook's timeout, the suite's global timeout) is what ends a start that hangs.
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /Tradedeck panel: (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return {
    url,
    port: Number(new URL(url).port),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
