import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { currentProcess, processStartTicks } from '../../src/db/lock-owner.ts';
import { newProcessOwner, ownerGone, processOwnerTag } from '../../src/jobs/process-owner.ts';

// The owner of work a restarted server takes over (trade intents, harvester sessions, repricing applies): gone only
// when it is known to have ended, never for a server of this very process, never when it ran out of our sight.
describe('process owners', () => {
  const self = newProcessOwner();

  it('an owner that ran on this machine is gone once its process has exited', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    await once(child, 'spawn');
    const here = currentProcess();
    const tag = processOwnerTag('child-run', {
      ...here,
      pid: child.pid!,
      startTicks: processStartTicks(child.pid!) ?? undefined,
    });
    expect(ownerGone(tag, self)).toBe(false);
    expect(ownerGone(`${tag}:job-1`, self)).toBe(false);
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(ownerGone(tag, self)).toBe(true);
    expect(ownerGone(`${tag}:job-1`, self)).toBe(true);
  });

  it('a process id reused by another process does not keep a dead owner alive', () => {
    const here = currentProcess();
    const tag = processOwnerTag('earlier-run', {
      ...here,
      pid: process.pid,
      startTicks: (here.startTicks ?? 0) - 1,
    });
    expect(ownerGone(tag, self)).toBe(true);
  });

  it('another server of this process, another machine or an unreadable tag is never gone', () => {
    expect(ownerGone(newProcessOwner(), self)).toBe(false);
    expect(ownerGone(self, self)).toBe(false);
    const elsewhere = processOwnerTag('remote', {
      pid: 999_999,
      host: 'another-host',
      bootId: '00000000-0000-0000-0000-000000000000',
      pidNamespace: 'pid:[1]',
      startTicks: 1,
    });
    expect(ownerGone(elsewhere, self)).toBe(false);
    expect(ownerGone('f4d1a2e0-0000-4000-8000-000000000000', self)).toBe(false);
    expect(ownerGone('x@not-json', self)).toBe(false);
  });
});
