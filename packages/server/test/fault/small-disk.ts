import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverEntry } from '../helpers/server-bundle.ts';
import { type SpawnedServer, watchServer } from '../helpers/spawn-server.ts';

/**
 * Where the PGlite data directory runs out of room: a small tmpfs when this machine lets the test mount one (root
 * with the mount capability), otherwise a file-size limit on the server process (`ulimit -f`: writes past it fail
 * with EFBIG, an injected write failure of the same kind).
 */
export interface SmallDisk {
  kind: 'tmpfs' | 'file-size limit';
  dataDir: string;
  /** Leaves about `bytes` free (tmpfs), by writing a filler file next to the data directory. */
  fill(bytes: number): void;
  /** Frees the room again: removes the filler (tmpfs) or lifts the limit for the next start. */
  free(): void;
  /** The shell limit for the server process, or null. */
  limitKb(): number | null;
  dispose(): void;
}

const TMPFS_SIZE = '96m';
/** Large enough for PGlite's 16 MiB WAL segments, far smaller than 100,000 stored proxies. */
const FILE_SIZE_LIMIT_KB = 24 * 1024;

export function smallDisk(): SmallDisk {
  const root = mkdtempSync(join(tmpdir(), 'tradedeck-small-disk-'));
  const mounted = process.env.TRADEDECK_FAULT_DISK !== 'ulimit' && tryMountTmpfs(root);
  const dataDir = join(root, 'data');
  const filler = join(root, 'filler');
  let limited = !mounted;
  return {
    kind: mounted ? 'tmpfs' : 'file-size limit',
    dataDir,
    fill(bytes) {
      if (!mounted) return;
      const stats = statfsSync(root);
      const available = Number(stats.bavail) * Number(stats.bsize);
      if (available > bytes) writeFileSync(filler, Buffer.alloc(available - bytes));
    },
    free() {
      rmSync(filler, { force: true });
      limited = false;
    },
    limitKb: () => (limited ? FILE_SIZE_LIMIT_KB : null),
    dispose() {
      if (mounted) {
        try {
          execFileSync('umount', [root], { stdio: 'pipe' });
        } catch {
          // A server still holding a file keeps the mount busy; the lazy unmount below frees it when it ends.
          execFileSync('umount', ['-l', root], { stdio: 'pipe' });
        }
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function tryMountTmpfs(root: string): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE},mode=0700`, 'tmpfs', root], {
      stdio: 'pipe',
    });
    mkdirSync(join(root, 'data'), { mode: 0o700 });
    return true;
  } catch {
    return false;
  }
}

/**
 * The real server entry point (or another script's node arguments, `scriptEntry()` and its own), under the disk's
 * file-size limit when it has one. Its stdin is a pipe the caller may write to.
 */
export function spawnOnDisk(
  disk: SmallDisk,
  env: Record<string, string>,
  script: string[] = serverEntry(),
): SpawnedServer {
  const limit = disk.limitKb();
  const node = [process.execPath, ...script];
  const stdio: ['pipe', 'pipe', 'pipe'] = ['pipe', 'pipe', 'pipe'];
  const child =
    limit === null
      ? spawn(node[0]!, node.slice(1), { env: childEnv(env), stdio })
      : spawn('bash', ['-c', `ulimit -f ${limit} && exec "$@"`, 'bash', ...node], {
          env: childEnv(env),
          stdio,
        });
  // Killed by a signal: the status a shell or a supervisor reports (128 + its number).
  return watchServer(child, (code, signal) => code ?? (signal ? 128 + constants.signals[signal] : null));
}

function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return { ...rest, LOG_LEVEL: 'warn', PORT: '0', ...env };
}
