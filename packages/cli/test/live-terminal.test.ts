import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackServer } from '../../server/test/proxy-checker/helpers/loopback-server.ts';
import { startHttpProxy, startStaller } from '../../server/test/proxy-checker/helpers/proxy-servers.ts';
import { CLI_DIR, cliCommand } from './helpers/cli-command.ts';
import { judgeChecksItself, signedInUser, startCliServer } from './helpers/cli-server.ts';
import { shellQuote, TmuxSession } from './helpers/tmux.ts';
import { runCli } from './run-cli.ts';

const terminal = new TmuxSession(`tradedeck-live-${process.pid}`);
const dir = mkdtempSync(join(tmpdir(), 'tradedeck-live-'));
const loopback: LoopbackServer[] = [];
let server: RunningServer;
let cli = '';

beforeAll(async () => {
  server = await startCliServer({ host: '127.0.0.1' });
  judgeChecksItself(server);
  // The stalling proxies answer only when the check's deadline fires: the view stays live for seconds.
  server.app.proxyChecks.tune({ connectTimeoutMs: 1000, totalTimeoutMs: 20_000 });
  const { accessToken, env } = await signedInUser(server, 'live@example.test');
  const open = await startHttpProxy();
  const stallers = [await startStaller(), await startStaller()];
  loopback.push(open, ...stallers);
  const lines = [`127.0.0.1:${open.port}`, ...stallers.map((s) => `127.0.0.1:${s.port}`)];
  const imported = await runCli(
    ['proxies', 'import', '-', '--tag', 'live'],
    env,
    undefined,
    lines.join('\n'),
  );
  if (imported.code !== 0) throw new Error(imported.stderr);
  cli = `env -u FORCE_COLOR ${cliCommand({ configDir: dir, server: server.url, token: accessToken })}`;
});
afterEach(() => terminal.kill());
afterAll(async () => {
  await Promise.all(loopback.map((s) => s.close()));
  await server?.stop();
});

// A colour escape (SGR with a colour number), as `capture-pane -e` shows them.
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[(?:[0-9;]*;)?3[0-7](?:;[0-9;]*)?m`);

describe('the proxy check live view in a real terminal (tmux)', () => {
  it('keeps rate and ETA moving while no result arrives, draws in colour, and stops on Ctrl+C', async () => {
    terminal.start(
      `bash -c ${shellQuote(`${cli} proxies check --tag live; echo "exit=$?"; sleep 60`)}`,
      CLI_DIR,
    );
    // While the stalled checks hang, the count stays at 1 of 3 but rate and ETA move each second.
    const rates = new Set<string>();
    await terminal.waitFor(/Checked 1 of 3/, 30_000);
    const deadline = Date.now() + 3500;
    while (Date.now() < deadline && rates.size < 2) {
      const screen = terminal.screen();
      const match = /Checked 1 of 3[\s\S]*?([\d.]+\/s\s+ETA \S+)/.exec(screen);
      if (match) rates.add(match[1]!);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(rates.size).toBeGreaterThan(1);
    expect(terminal.screen({ escapes: true })).toMatch(COLOUR);
    // Ctrl+C reaches the command as a signal: the terminal was not left in raw mode by the view.
    terminal.press(['C-c']);
    const stopped = await terminal.waitFor(/exit=\d+/);
    expect(stopped).toMatch(/Stopped: 1 of 3 results arrived/);
    expect(stopped).toContain('exit=1');
  }, 60_000);

  it('draws without colour under NO_COLOR', async () => {
    terminal.start(
      `bash -c ${shellQuote(`NO_COLOR=1 ${cli} proxies check --tag live; echo "exit=$?"; sleep 60`)}`,
      CLI_DIR,
    );
    await terminal.waitFor(/Checked [1-3] of 3/, 30_000);
    const screen = terminal.screen({ escapes: true });
    expect(screen).toContain('█');
    expect(screen).not.toMatch(COLOUR);
    terminal.press(['C-c']);
    await terminal.waitFor(/exit=\d+/, 30_000);
    expect(terminal.screen({ escapes: true })).not.toMatch(COLOUR);
  }, 60_000);
});
