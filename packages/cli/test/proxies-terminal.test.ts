import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackServer } from '../../server/test/proxy-checker/helpers/loopback-server.ts';
import {
  refusedPort,
  startHttpProxy,
  startStaller,
} from '../../server/test/proxy-checker/helpers/proxy-servers.ts';
import { CLI_DIR, cliCommand } from './helpers/cli-command.ts';
import { judgeChecksItself, outboxCode, signedInUser, startCliServer } from './helpers/cli-server.ts';
import { shellQuote, TmuxSession } from './helpers/tmux.ts';

const terminal = new TmuxSession(`tradedeck-proxies-${process.pid}`);
const dir = mkdtempSync(join(tmpdir(), 'tradedeck-term-'));
const loopback: LoopbackServer[] = [];
let server: RunningServer;
let lines: string[] = [];
let cli = '';

beforeAll(async () => {
  server = await startCliServer({ host: '127.0.0.1' });
  judgeChecksItself(server);
  // A stalling proxy answers only when the check's total deadline fires, so the live view has time to show.
  server.app.proxyChecks.tune({ connectTimeoutMs: 1000, totalTimeoutMs: 3000 });
  const { accessToken } = await signedInUser(server, 'terminal@example.test');
  const withAuth = await startHttpProxy({ auth: { username: 'cu', password: 'cp' } });
  const open = await startHttpProxy();
  const staller = await startStaller();
  loopback.push(withAuth, open, staller);
  lines = [
    `127.0.0.1:${withAuth.port}:cu:cp`,
    `127.0.0.1:${withAuth.port}:other:wrong`,
    `127.0.0.1:${open.port}:any:any`,
    `127.0.0.1:${staller.port}:s:s`,
    `127.0.0.1:${await refusedPort()}:r:r`,
  ];
  writeFileSync(join(dir, 'proxies.txt'), `${lines.join('\n')}\n`);
  cli = cliCommand({ configDir: dir, server: server.url, token: accessToken });
});

afterAll(async () => {
  terminal.kill();
  await Promise.all(loopback.map((s) => s.close()));
  await server?.stop();
});

describe('tradedeck proxies in a real terminal (tmux)', () => {
  it('imports from a file, checks with the live view and exports to a pipe', async () => {
    const out = join(dir, 'exported.txt');
    const script = [
      `${cli} proxies import ${join(dir, 'proxies.txt')} --tag term; echo "import-exit=$?"`,
      `${cli} proxies check --tag term; echo "check-exit=$?"`,
      `${cli} proxies export --format ip_port_auth --tag term | cat > ${out}; echo "export-exit=$?"`,
      `${cli} proxies ls --tag term --lang ru; echo "ls-exit=$?"`,
      'sleep 60',
    ].join('; ');
    terminal.start(`bash -o pipefail -c ${shellQuote(script)}`, CLI_DIR);

    const imported = await terminal.waitFor(/import-exit=\d+/);
    expect(imported).toContain('Added 5, already existing 0, invalid 0');
    expect(imported).toContain('import-exit=0');

    // Frames the live view drew while results were still coming in.
    const partial = new Set<string>();
    const checked = await terminal.waitFor(/check-exit=\d+/, 40_000, (screen) => {
      for (const match of screen.matchAll(/Checked ([0-4]) of 5/g)) partial.add(match[1]!);
    });
    expect(partial.size).toBeGreaterThan(0);
    expect(checked).toMatch(/valid \d+\s+invalid \d+\s+[\d.]+\/s\s+ETA/);
    expect(checked).toContain('Checked 5 of 5: valid 2, invalid 3');
    expect(checked).toContain('check-exit=0');
    // The live view redraws in place: the finished bar is on screen once.
    expect(checked.match(/█{30} Checked 5 of 5/g)).toHaveLength(1);

    // Lines with passwords reveal secrets: the CLI asks for the second factor (a mailed code) on the terminal.
    const asked = await terminal.waitFor(/Code from the e-mail/);
    expect(asked).toContain('This reveals or replaces secrets: confirm it with your second factor.');
    terminal.typeLine(await outboxCode(server, 'terminal@example.test'));
    const exported = await terminal.waitFor(/export-exit=\d+/);
    expect(exported).toContain('export-exit=0');
    expect(readFileSync(out, 'utf8').trim().split('\n').sort()).toEqual([...lines].sort());

    // On a terminal the list is an aligned table with status names in the chosen language and a total line.
    const listed = await terminal.waitFor(/ls-exit=\d+/);
    expect(listed).toMatch(/^id\s+протокол\s+адрес\s+логин\s+имя\s+страна\s+статус/m);
    expect(listed.match(/ невалидный /g)).toHaveLength(3);
    expect(listed.match(/ свободен /g)).toHaveLength(2);
    expect(listed).toContain('5 из 5 прокси (страница 1)');
  }, 120_000);
});
