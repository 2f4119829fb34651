import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_DIR, cliEntry } from './helpers/cli-command.ts';
import { startCliServer } from './helpers/cli-server.ts';
import { freshConfigDir, runCli } from './run-cli.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startCliServer();
});
afterAll(() => server.stop());

/**
 * The address of a server that is no longer there: a loopback port that was listened on and closed, so a
 * connection is refused as after a server stopped (a whole server started and stopped for it took 8 s a test).
 */
async function stoppedServerUrl(): Promise<string> {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  await new Promise((resolve) => listener.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('tradedeck status', () => {
  it('prints a JSON object with reachability, version, mode and maintenance', async () => {
    const result = await runCli(['status', '--json', '--server', server.url]);
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout);
    expect(answer).toMatchObject({
      server: server.url,
      reachable: true,
      name: 'tradedeck',
      mode: 'sandbox',
      maintenance: { active: false },
    });
    expect(answer.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('prints aligned plain lines by default, in Russian when asked', async () => {
    await server.app.services.system.setMaintenance({
      active: true,
      reason: 'Обновление базы',
      estimatedCompletion: '2030-01-01T00:00:00.000Z',
    });
    try {
      const result = await runCli(['status', '--server', server.url, '--lang', 'ru']);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Сервер\s+http:\/\/127\.0\.0\.1:\d+ \(доступен, \d+ ms\)$/m);
      expect(result.stdout).toMatch(/^Обслуживание\s+ИДЁТ — Обновление базы — до 2030-01-01T00:00:00.000Z$/m);
    } finally {
      await server.app.services.system.setMaintenance({
        active: false,
        reason: null,
        estimatedCompletion: null,
      });
    }
  });

  it('exits 1 with a clear message against a stopped server, and says so in JSON too', async () => {
    const url = await stoppedServerUrl();
    const result = await runCli(['status', '--json', '--server', url]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({ server: url, reachable: false, reason: 'ECONNREFUSED' });
    expect(result.stderr).toBe(
      `tradedeck: Cannot reach the Tradedeck server at ${url}: connection refused (is the server running?)\n`,
    );
  });

  it('uses the server saved with config set', async () => {
    const dir = freshConfigDir();
    const saved = await runCli(['config', 'set', 'server', server.url], { TRADEDECK_CONFIG_DIR: dir });
    expect(saved.code).toBe(0);
    const result = await runCli(['status', '--json'], { TRADEDECK_CONFIG_DIR: dir });
    expect(JSON.parse(result.stdout).server).toBe(server.url);

    const shown = await runCli(['config', 'get'], { TRADEDECK_CONFIG_DIR: dir });
    expect(shown.stdout).toBe(`server=${server.url}\nlanguage=\n`);
    expect(shown.stderr).toBe(`Settings file: ${join(dir, 'config.json')}\nSession: ${dir}\n`);
    const json = await runCli(['config', 'get', '--json'], { TRADEDECK_CONFIG_DIR: dir });
    expect(JSON.parse(json.stdout)).toEqual({
      server: server.url,
      file: join(dir, 'config.json'),
      session: { store: 'file', location: dir },
    });
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({ server: server.url });
  });
});

describe('usage errors', () => {
  it.each([
    [['bogus']],
    [['status', '--server', 'ftp://x']],
    [['config', 'set', 'colour', 'red']],
    [['config', 'set', 'language', 'de']],
    [['status', '--lang', 'de']],
  ])('%j exits 2', async (args) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toBe('');
  });
});

describe('the tradedeck process', () => {
  it('sets its exit code from the command', async () => {
    const env = { ...process.env, TRADEDECK_CONFIG_DIR: freshConfigDir() };
    // From the CLI's folder, where `tsx` resolves (TRADEDECK_TEST_CLI=sources), whichever folder the suite was
    // started from.
    const ok = await promisify(execFile)(
      process.execPath,
      [...cliEntry(), 'status', '--json', '--server', server.url],
      { env, cwd: CLI_DIR },
    );
    expect(JSON.parse(ok.stdout).reachable).toBe(true);
    const failed = await promisify(execFile)(process.execPath, [...cliEntry(), 'bogus'], {
      env,
      cwd: CLI_DIR,
    }).catch((error: { code: number }) => error);
    expect((failed as { code: number }).code).toBe(2);
  });
});

describe('any command against a stopped server', () => {
  it('names the server and the reason, not an errno', async () => {
    const url = await stoppedServerUrl();
    const result = await runCli(['whoami', '--server', url], { TRADEDECK_TOKEN: 'x.y.z' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Cannot reach the Tradedeck server at ${url}`);
  });
});
