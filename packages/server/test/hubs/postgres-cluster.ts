import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, TEST_DATABASE_URL } from '../helpers/test-database.ts';

export interface ThrowAwayPostgres {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real Postgres for multi-process tests: a fresh database on TEST_DATABASE_URL when set, otherwise a cluster
 * started here from the installed Postgres binaries (as the `postgres` OS user when running as root). Answers a
 * reason instead when neither is possible.
 */
export async function throwAwayPostgres(): Promise<ThrowAwayPostgres | { unavailable: string }> {
  if (TEST_DATABASE_URL) {
    const testDb = await createTestDatabase();
    await testDb.database.close();
    return { url: testDb.url!, stop: () => testDb.drop().catch(() => {}) };
  }
  const bin = postgresBinaries();
  if (!bin) {
    return {
      unavailable:
        'TEST_DATABASE_URL is not set and no Postgres binaries were found under /usr/lib/postgresql',
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'tradedeck-pg-'));
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString()) : null;
  const group = asRoot ? Number(execFileSync('id', ['-g', 'postgres']).toString()) : null;
  if (owner !== null && group !== null) chownSync(dir, owner, group);
  chmodSync(dir, 0o700);
  const run = (command: string, args: string[]) => {
    const file = join(bin, command);
    return asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' })
      : execFileSync(file, args, { stdio: 'pipe' });
  };
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
