/**
 * The demo's temporary folders (database, master key, maFiles) of demos whose process is gone. A demo killed with
 * SIGKILL cannot clean up after itself; the next demo start removes what it left. A folder is removed only when its
 * pid file names a process that no longer exists: a running demo's folder, or one whose owner cannot be told, stays.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const DEMO_HOME_PREFIX = 'tradedeck-demo-';
const PID_FILE = 'demo.pid';

/** Marks a demo folder as this process's. */
export function markDemoHome(home: string): void {
  writeFileSync(join(home, PID_FILE), String(process.pid), { mode: 0o600 });
}

function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it exists under another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Removes the folders of demos that are gone; answers the removed paths. */
export function removeStaleDemoHomes(root: string): string[] {
  const removed: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith(DEMO_HOME_PREFIX)) continue;
    const home = join(root, entry.name);
    const pidFile = join(home, PID_FILE);
    if (!existsSync(pidFile)) continue;
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || !processGone(pid)) continue;
    rmSync(home, { recursive: true, force: true });
    removed.push(home);
  }
  return removed;
}
