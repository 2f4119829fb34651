import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HUB_NAMES, hubEvents } from '@tradedeck/sdk/contract';
import { loadConfig } from '@tradedeck/server/config';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTemplateServer } from './helpers/cli-server.ts';
import { freshConfigDir, runCli } from './run-cli.ts';

let server: RunningServer;
// Opaque tokens known to the server, as the auth module's verifier would know them.
const tokens = new Map<string, string>([
  ['token-of-trader', 'trader'],
  ['token-of-other', 'other'],
]);

beforeAll(async () => {
  server = await startTemplateServer(
    { ...loadConfig({}), port: 0, dataDir: 'memory://', logLevel: 'silent' },
    (app) => {
      app.hubs.setAuthenticator(async (token) => {
        const userId = token ? tokens.get(token) : undefined;
        return userId ? { userId } : null;
      });
    },
  );
});
afterAll(() => server.stop());

function signedIn(token: string): Record<string, string> {
  const dir = freshConfigDir();
  const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
  writeFileSync(join(dir, 'token.json'), JSON.stringify({ accessToken: token, expiresAt }));
  return { TRADEDECK_CONFIG_DIR: dir };
}

function lines(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe('tradedeck hub connect', () => {
  it('invokes Subscribe, prints every frame as a JSON line and stops after --count events', async () => {
    const env = signedIn('token-of-trader');
    const running = runCli(
      [
        'hub',
        'connect',
        'proxy-checker-hub',
        '--server',
        server.url,
        '--invoke',
        'Subscribe',
        '--payload',
        '["proxies"]',
        '--on',
        'ProxyStatusUpdated',
        '--count',
        '2',
        '--timeout',
        '20',
      ],
      env,
    );
    const deadline = Date.now() + 10_000;
    while (server.app.hubs.registry.size === 0) {
      if (Date.now() > deadline) throw new Error('the CLI did not subscribe');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const id of [11, 12]) {
      await server.app.hubs.eventLog.append('trader', hubEvents.proxyStatusUpdated, 'proxies', {
        id,
        result: 1,
        status: 1,
        valid: true,
        latencyMs: 80,
        exitIp: '203.0.113.7',
        countryCode: null,
        errorClass: null,
        checkedAt: new Date().toISOString(),
      });
    }
    const result = await running;
    expect(result.code).toBe(0);
    const frames = lines(result.stdout);
    expect(frames).toContainEqual(
      expect.objectContaining({ direction: 'out', type: 1, target: 'Subscribe', arguments: ['proxies'] }),
    );
    expect(frames).toContainEqual(
      expect.objectContaining({
        direction: 'in',
        type: 3,
        result: expect.objectContaining({ sourceId: 'proxies' }),
      }),
    );
    const events = frames.filter((f) => f.direction === 'in' && f.target === 'ProxyStatusUpdated');
    expect(events.map((f) => (f.arguments as Array<{ version: number }>)[0]!.version)).toEqual([1, 2]);
    expect(result.stderr).toMatch(
      /^Connected to proxy-checker-hub at http:\/\/127\.0\.0\.1:\d+ \(connection \S+\)$/m,
    );
  });

  it('reports a failed invocation with the server error and exit code 1', async () => {
    const result = await runCli(
      [
        'hub',
        'connect',
        'harvester-hub',
        '--server',
        server.url,
        '--invoke',
        'Subscribe',
        '--payload',
        '"proxies"',
      ],
      signedIn('token-of-other'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "tradedeck: Subscribe failed: An unexpected error occurred invoking 'Subscribe' on the server. HubException: Unknown source 'proxies' on harvester-hub.",
    );
    expect(lines(result.stdout)).toContainEqual(expect.objectContaining({ direction: 'in', type: 3 }));
  });

  it('exits 4 when the server refuses the stored token, and when there is none', async () => {
    const refused = await runCli(
      ['hub', 'connect', 'proxy-checker-hub', '--server', server.url],
      signedIn('unknown-token'),
    );
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/Could not connect to proxy-checker-hub: .*401/);
    const none = await runCli(['hub', 'connect', 'proxy-checker-hub', '--server', server.url]);
    expect(none.code).toBe(4);
  });

  it.each([
    [['hub', 'connect', 'socket-hub'], `Unknown hub "socket-hub"; hubs: ${HUB_NAMES.join(', ')}`],
    [
      ['hub', 'connect', 'proxy-checker-hub', '--invoke', 'X', '--payload', '{nope'],
      /--payload is not valid JSON/,
    ],
    [['hub', 'connect', 'proxy-checker-hub', '--payload', '1'], /--payload needs --invoke/],
    [
      ['hub', 'connect', 'proxy-checker-hub', '--on', 'E', '--count', '0'],
      /--count must be a positive whole number/,
    ],
  ])('%j is a usage error', async (args, text) => {
    const result = await runCli(args, signedIn('token-of-trader'));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(text);
  });

  it('speaks Russian when asked', async () => {
    const result = await runCli(['hub', 'connect', 'nope', '--lang', 'ru'], signedIn('token-of-trader'));
    expect(result.stderr).toContain('Неизвестный хаб "nope"');
  });
});
