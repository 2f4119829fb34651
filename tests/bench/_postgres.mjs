// A throw-away Postgres cluster on loopback for benchmarks, from the Debian packages when they are installed.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function startTemporaryPostgres(port = 54339) {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const version = readdirSync(base).sort().at(-1);
  const bin = join(base, version, 'bin');
  const dir = mkdtempSync(join(tmpdir(), 'tradedeck-bench-pg-'));
  const asPostgres = (command) => {
    if (process.getuid?.() === 0)
      execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', command], { stdio: 'ignore' });
    else execFileSync('bash', ['-c', command], { stdio: 'ignore' });
  };
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  asPostgres(`${bin}/initdb -D ${dir}/data -U postgres --auth=trust -E UTF8`);
  asPostgres(
    `${bin}/pg_ctl -D ${dir}/data -l ${dir}/log -w start -o '-p ${port} -k ${dir} -c listen_addresses=127.0.0.1'`,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => asPostgres(`${bin}/pg_ctl -D ${dir}/data -m fast stop`),
  };
}
