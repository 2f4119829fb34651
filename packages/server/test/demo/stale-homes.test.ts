/**
 * A demo killed with SIGKILL leaves its temporary folder (database, master key, maFiles); the next demo start
 * removes the folders whose demo process is gone, and only those.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { DEMO_HOME_PREFIX, markDemoHome, removeStaleDemoHomes } from '../../src/demo/stale-homes.ts';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

it('removes the folders of demos that are gone and keeps running and unknown ones', () => {
  root = mkdtempSync(join(tmpdir(), 'stale-demo-root-'));
  // A process that has ended: its pid names no process any more.
  const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  const deadPid = Number(ended.stdout);
  const killed = join(root, `${DEMO_HOME_PREFIX}killed`);
  mkdirSync(join(killed, 'data'), { recursive: true });
  writeFileSync(join(killed, 'data', 'master.key'), 'secret');
  writeFileSync(join(killed, 'demo.pid'), String(deadPid));
  const running = join(root, `${DEMO_HOME_PREFIX}running`);
  mkdirSync(running);
  markDemoHome(running);
  const unmarked = join(root, `${DEMO_HOME_PREFIX}unmarked`);
  mkdirSync(unmarked);
  const other = join(root, 'someone-else');
  mkdirSync(other);
  writeFileSync(join(other, 'demo.pid'), String(deadPid));

  expect(removeStaleDemoHomes(root)).toEqual([killed]);
  expect(existsSync(killed)).toBe(false);
  expect([running, unmarked, other].every((path) => existsSync(path))).toBe(true);
});
