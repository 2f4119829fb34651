import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startCliServer } from './helpers/cli-server.ts';
import { writeSandboxSet } from './helpers/sandbox-set.ts';
import { freshConfigDir, runCli } from './run-cli.ts';

let server: RunningServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startCliServer({ mode: 'sandbox' });
  ({ env } = await signedInUser(server, 'accounts-rests@example.test'));
  env.TRADEDECK_CONFIG_DIR = freshConfigDir();
});
afterAll(() => server?.stop());

describe('tradedeck accounts import --mode distribute around a rate limit', () => {
  it('adds the healthy accounts on the other proxies and reports only the rate-limited one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tradedeck-rests-'));
    // sandbox_rate_limited meets Steam's rate limit (84) on whatever proxy it comes through, resting it.
    const set = await writeSandboxSet(dir, 6, ['sandbox_rate_limited']);
    const pool = await runCli(
      ['proxies', 'import', '-', '--tag', 'rests'],
      env,
      undefined,
      '10.9.0.1:8080\n10.9.0.2:8080\n10.9.0.3:8080\n',
    );
    expect(pool.code).toBe(0);
    const args = ['accounts', 'import', '--mafiles', set.mafileDir, '--lines', set.linesFile];
    const distribute = ['--mode', 'distribute', '--proxy-tag', 'rests', '--max-per-proxy', '5'];
    const result = await runCli([...args, ...distribute], env);

    expect(result.code).toBe(3);
    for (const account of set.accounts.filter((a) => a.login.startsWith('sandbox_bot_')))
      expect(result.stdout).toContain(`${account.login}: added`);
    expect(result.stdout).toContain('sandbox_rate_limited: Proxy error');
    expect(result.stdout).not.toContain('No proxy');
    expect(result.stderr).toContain('Added 6 of 7 accounts; failed 1');

    // A retry of only the failed row is planned on a proxy that is not resting, and still meets the limit.
    const retry = await runCli([...args, ...distribute, '--retry-failed', '--json'], env);
    expect(retry.code).toBe(1);
    const answer = JSON.parse(retry.stdout);
    expect(answer.added).toEqual([]);
    expect(answer.failed).toEqual([
      { login: 'sandbox_rate_limited', status: 'failed', reason: 'proxyError', message: 'Proxy error' },
    ]);
  });
});
