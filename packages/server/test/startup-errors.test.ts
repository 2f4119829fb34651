import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnServer } from './helpers/spawn-server.ts';
import { type ThrowAwayPostgres, throwAwayPostgres } from './hubs/postgres-cluster.ts';

// Operators get one line with the reason and exit code 2 ("could not start"), never a stack trace.
/** Each spawned server loads the TypeScript sources and migrates a fresh database: minutes on a busy machine. */
const SPAWN_TIMEOUT_MS = 300_000;
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tradedeck-start-'));
  chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const CHECKOUT = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/**
 * util-linux's setpriv: the command after it runs as root without CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH and
 * CAP_FOWNER, so a directory's mode binds it as it binds any user, while it still reads the checkout as its owner.
 */
function withoutFileModeOverride(): string[] {
  return ['setpriv', '--bounding-set=-dac_override,-dac_read_search,-fowner', '--inh-caps=-all', '--'];
}

/** The lines the server wrote about its failure (the tsx loader adds nothing on a clean exit). */
const problemLines = (output: string) =>
  output.split('\n').filter((line) => line.startsWith('tradedeck-server:'));

describe('start-up failures', () => {
  it(
    'refuses a data directory other users can open, naming the chmod to run',
    async () => {
      const dataDir = join(tempDir(), 'data');
      mkdirSync(dataDir, { mode: 0o755 });
      chmodSync(dataDir, 0o755);
      const server = spawnServer({ TRADEDECK_DATA_DIR: dataDir });
      expect(await server.exited).toBe(2);
      expect(problemLines(server.output())).toEqual([
        `tradedeck-server: The data directory ${dataDir} is open to other users (mode 0755); run: chmod 700 '${dataDir}'`,
      ]);
      expect(server.output()).not.toContain('    at ');
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'creates the data directory 0700 and the database files for its own user only',
    async () => {
      const dataDir = join(tempDir(), 'fresh');
      const server = spawnServer({ TRADEDECK_DATA_DIR: dataDir });
      try {
        await server.ready;
      } finally {
        expect(await server.stop(), server.output()).toBe(0);
      }
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      const open: string[] = [];
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const path = join(dir, entry.name);
          if ((statSync(path).mode & 0o077) !== 0) open.push(path);
          if (entry.isDirectory()) walk(path);
        }
      };
      walk(dataDir);
      expect(open).toEqual([]);
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'says in one line that a read-only data directory cannot be written',
    async () => {
      const parent = tempDir();
      const dataDir = join(parent, 'data');
      mkdirSync(dataDir, { mode: 0o500 });
      chmodSync(dataDir, 0o500);
      // Root writes through any mode: run the server as root without the capabilities that bypass file modes
      // then. Another user (say uid 65534) would do too, but could not read a checkout under a folder only its
      // owner can pass (a 0700 home, a `mktemp -d` folder), and the test would fail for that reason instead.
      // A root test run in a checkout another user owns runs the server as that owner, who can read it.
      const asRoot = process.getuid?.() === 0;
      const owner = statSync(CHECKOUT);
      if (asRoot && owner.uid !== 0) chownSync(dataDir, owner.uid, owner.gid);
      const server = spawnServer(
        { TRADEDECK_DATA_DIR: dataDir, HOME: parent },
        [],
        !asRoot
          ? {}
          : owner.uid !== 0
            ? { uid: owner.uid, gid: owner.gid }
            : { prefix: withoutFileModeOverride() },
      );
      expect(await server.exited).toBe(2);
      const lines = problemLines(server.output());
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^tradedeck-server: The data directory .* is not writable: permission denied/);
      expect(server.output()).not.toContain('    at ');
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    "says Postgres's reason when the migrations are refused",
    async (context) => {
      const postgres: ThrowAwayPostgres | { unavailable: string } = await throwAwayPostgres();
      if ('unavailable' in postgres) {
        console.warn(`migration failure test not run: ${postgres.unavailable}`);
        context.skip();
        return;
      }
      const role = `tradedeck_nocreate_${process.pid}`;
      const admin = new pg.Client({ connectionString: postgres.url });
      await admin.connect();
      try {
        await admin.query(`CREATE ROLE ${role} LOGIN`);
        const database = new URL(postgres.url).pathname.slice(1);
        await admin.query(`REVOKE CREATE ON DATABASE ${database} FROM PUBLIC`);
        const url = new URL(postgres.url);
        url.username = role;
        const server = spawnServer({ DATABASE_URL: url.toString() });
        expect(await server.exited).toBe(2);
        const lines = problemLines(server.output());
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(
          /^tradedeck-server: The database migrations could not be applied: permission denied for database .* \(SQLSTATE 42501\)$/,
        );
        expect(server.output()).not.toContain('Failed query');
      } finally {
        await admin.query(`DROP OWNED BY ${role}`).catch(() => {});
        await admin.query(`DROP ROLE IF EXISTS ${role}`).catch(() => {});
        await admin.end();
        await postgres.stop();
      }
    },
    SPAWN_TIMEOUT_MS,
  );
});
