/**
 * `tradedeck portfolio schedule` in a real terminal: the owner reads the period (every 6 hours in a new workspace),
 * sets another with `--every` and turns it off with `--off` (plain and `--json`, English and Russian); a period
 * outside 1..168 whole hours, or both options at once, is a usage error; a viewer reads it and is refused a change.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient, MemoryTokenStore } from '@tradedeck/sdk/client';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliProcess } from './helpers/cli-command.ts';
import { outboxLink, signedInUser, startCliServer } from './helpers/cli-server.ts';
import { shellQuote, TmuxSession } from './helpers/tmux.ts';
import { runCli } from './run-cli.ts';

const terminal = new TmuxSession(`tradedeck-schedule-${process.pid}`);
const dir = mkdtempSync(join(tmpdir(), 'tradedeck-schedule-term-'));
const VIEWER = 'schedule-viewer@example.test';
let server: RunningServer;
let owner = '';
let viewer = '';

/** The CLI as a shell command with a user's session, in the team workspace. */
function cliOf(token: string, workspace: string): string {
  const environment = [
    `TRADEDECK_CONFIG_DIR=${shellQuote(dir)}`,
    `TRADEDECK_SERVER=${server.url}`,
    `TRADEDECK_TOKEN=${token}`,
    `TRADEDECK_WORKSPACE=${workspace}`,
    'LANG=C.UTF-8',
  ].join(' ');
  return `env -u CI ${environment} ${cliProcess()}`;
}

beforeAll(async () => {
  server = await startCliServer();
  const ownerUser = await signedInUser(server, 'schedule-owner@example.test');
  const viewerUser = await signedInUser(server, VIEWER, { approve: true });
  const created = await runCli(['workspace', 'create', 'Schedule farm', '--json'], ownerUser.env);
  expect(created.code, created.stderr).toBe(0);
  const team = JSON.parse(created.stdout).id as string;
  const invited = await runCli(
    ['--workspace', team, 'workspace', 'invite', VIEWER, '--role', 'viewer'],
    ownerUser.env,
  );
  expect(invited.code, invited.stderr).toBe(0);
  const link = new URL(await outboxLink(server, VIEWER));
  const client = createApiClient({
    baseUrl: server.url,
    language: () => 'en',
    tokenStore: new MemoryTokenStore({
      accessToken: viewerUser.accessToken,
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    }),
  });
  await client.workspace.accept({
    inviteId: Number(link.searchParams.get('inviteId')),
    code: link.searchParams.get('code')!,
  });
  owner = cliOf(ownerUser.accessToken, team);
  viewer = cliOf(viewerUser.accessToken, team);
}, 120_000);

afterAll(async () => {
  terminal.kill();
  await server?.stop();
});

describe('tradedeck portfolio schedule in a real terminal (tmux)', () => {
  it('prints and sets the period, refuses bad values and a viewer’s change', async () => {
    const script = [
      `${owner} portfolio schedule`,
      `${owner} portfolio schedule --every 12`,
      `${owner} portfolio schedule --json | tr -d ' \\n'; echo`,
      `${owner} --lang ru portfolio schedule`,
      `${owner} portfolio schedule --every 0; echo "zero-exit=$?"`,
      `${owner} portfolio schedule --every 1.5; echo "fraction-exit=$?"`,
      `${owner} portfolio schedule --every 169; echo "big-exit=$?"`,
      `${owner} portfolio schedule --every 3 --off; echo "both-exit=$?"`,
      `${viewer} portfolio schedule`,
      `${viewer} portfolio schedule --off; echo "viewer-exit=$?"`,
      `${owner} portfolio schedule --off`,
      `${owner} --lang ru portfolio schedule; echo "end"`,
      'sleep 60',
    ].join('; ');
    terminal.start(`bash -c ${shellQuote(script)}`, fileURLToPath(new URL('..', import.meta.url)), {
      width: 200,
      height: 60,
    });
    const screen = await terminal.waitFor(/^end$/m, 100_000);
    const lines = screen.split('\n').map((line) => line.trim());
    expect(lines.slice(0, 4)).toEqual([
      'Inventories are read every 6 h',
      'Inventories are read every 12 h',
      '{"hours":12}',
      'Инвентари читаются каждые 12 ч',
    ]);
    expect(screen).toContain('tradedeck: The period must be a whole number of hours from 1 to 168, got "0"');
    expect(screen).toContain('zero-exit=2');
    expect(screen).toContain('got "1.5"');
    expect(screen).toContain('fraction-exit=2');
    expect(screen).toContain('got "169"');
    expect(screen).toContain('big-exit=2');
    expect(screen).toContain('tradedeck: Give --every or --off, not both');
    expect(screen).toContain('both-exit=2');
    expect(screen).toContain('Only the owner manages the workspace, its members and its audit log (104)');
    expect(screen).not.toContain('viewer-exit=0');
    expect(screen).toMatch(/viewer-exit=[1-9]/);
    // The viewer read 12 h; the owner's --off then holds.
    expect(lines.filter((line) => line === 'Inventories are read every 12 h')).toHaveLength(2);
    expect(lines).toContain('Scheduled inventory reads are off');
    expect(lines).toContain('Чтение инвентарей по расписанию выключено');
  }, 120_000);
});
