import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackServer } from '../../server/test/proxy-checker/helpers/loopback-server.ts';
import {
  refusedPort,
  startBlackhole,
  startHttpProxy,
  startSocks5,
} from '../../server/test/proxy-checker/helpers/proxy-servers.ts';
import { judgeChecksItself, outboxCode, signedInUser, startCliServer } from './helpers/cli-server.ts';
import { runCli } from './run-cli.ts';

let server: RunningServer;
let env: Record<string, string>;
const loopback: LoopbackServer[] = [];
const dir = mkdtempSync(join(tmpdir(), 'tradedeck-proxies-'));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

beforeAll(async () => {
  server = await startCliServer({ host: '127.0.0.1' });
  // The check target is the server's own judge.
  judgeChecksItself(server);
  ({ env } = await signedInUser(server, 'proxies@example.test'));
});
afterAll(async () => {
  await Promise.all(loopback.map((s) => s.close()));
  await server?.stop();
});

describe('tradedeck proxies import', () => {
  it('adds the valid lines, reports repeats and invalid lines by number, and exits 3 (partial)', async () => {
    const path = file(
      'mixed.txt',
      [
        '10.0.0.1:8080',
        '10.0.0.2:8080:alice:secret',
        'bob:pw@10.0.0.3:3128',
        '10.0.0.4:99999',
        '10.0.0.1:8080',
        'not a proxy',
      ].join('\n'),
    );
    const result = await runCli(['proxies', 'import', path, '--tag', 'batch-a'], env);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('tradedeck: Added 3, already existing 1, invalid 2');
    expect(result.stderr.match(/Added 3/g)).toHaveLength(1);
    expect(result.stderr).toContain('line 4: Port must be a number from 1 to 65535: 10.0.0.4:99999');
    expect(result.stderr).toMatch(/line 6: Invalid line format.*: not a proxy/);
    expect(result.stderr).toContain('Already existing: lines 5');

    const listed = await runCli(['proxies', 'ls', '--tag', 'batch-a', '--json'], env);
    expect(listed.code).toBe(0);
    const answer = JSON.parse(listed.stdout);
    expect(answer.total).toBe(3);
    expect(answer.items.map((p: { identity: { address: string } }) => p.identity.address).sort()).toEqual([
      '10.0.0.1',
      '10.0.0.2',
      '10.0.0.3',
    ]);
  });

  it('reads standard input for "-", takes --protocol for lines without a scheme and answers JSON', async () => {
    const result = await runCli(
      ['proxies', 'import', '-', '--protocol', 'socks5', '--json'],
      env,
      undefined,
      '10.1.0.1:1080\n10.1.0.2:1080:u:p\n',
    );
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout);
    expect(answer.addedIds).toHaveLength(2);
    expect(answer.invalid).toEqual([]);
    expect(result.stderr).toContain('Added 2, already existing 0, invalid 0');
    const listed = JSON.parse((await runCli(['proxies', 'ls', '--search', '10.1.0.', '--json'], env)).stdout);
    expect(listed.items.map((p: { identity: { protocol: number } }) => p.identity.protocol)).toEqual([3, 3]);
  });

  it('a repeated import is not a failure: everything already exists', async () => {
    const path = file('again.txt', '10.2.0.1:8080\n');
    expect((await runCli(['proxies', 'import', path], env)).code).toBe(0);
    const again = await runCli(['proxies', 'import', path, '--lang', 'ru'], env);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('Добавлено 0, уже существуют 1, невалидных 0');
  });

  it('--update-passwords replaces the password of a known proxy instead of adding a second row', async () => {
    expect(
      (await runCli(['proxies', 'import', file('pw-1.txt', '10.3.0.1:8080:carol:old\n')], env)).code,
    ).toBe(0);
    const changed = file('pw-2.txt', '10.3.0.1:8080:carol:new\n');
    const result = await runCli(['proxies', 'import', changed, '--update-passwords', '--lang', 'ru'], env);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Добавлено 0, уже существуют 0, невалидных 0');
    expect(result.stderr).toContain('Обновлён пароль у уже добавленных прокси: 1');
    // The new password is now the stored one: the same line again is a repeat.
    const again = await runCli(['proxies', 'import', changed, '--lang', 'ru'], env);
    expect(again.stderr).toContain('Добавлено 0, уже существуют 1, невалидных 0');
  });

  it.each([
    [['proxies', 'import', '/nonexistent/list.txt'], 1, 'Cannot read /nonexistent/list.txt: no such file'],
    [['proxies', 'import', '-', '--protocol', 'ftp'], 2, 'Protocol must be http, https, socks4 or socks5'],
    [['proxies', 'import', '-'], 2, 'Nothing to import: - has no lines'],
  ])('%j fails with a clear message', async (args, code, text) => {
    const result = await runCli(args, env, undefined, '   \n');
    expect(result.code).toBe(code);
    expect(result.stderr).toContain(text);
  });

  it('exits 4 without a session', async () => {
    const result = await runCli(
      ['proxies', 'import', '-', '--server', server.url],
      {},
      undefined,
      '1.2.3.4:80',
    );
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('Sign in first: tradedeck login');
  });
});

describe('tradedeck proxies ls', () => {
  it('prints tab-separated rows with status names in the user language when piped', async () => {
    // Proxies of its own, so the answer does not depend on which test ran first.
    const lines = ['10.8.0.1:8080', '10.8.0.2:8080:alice:secret', 'bob:pw@10.8.0.3:3128'].join('\n');
    expect((await runCli(['proxies', 'import', '-', '--tag', 'ls-ru'], env, undefined, lines)).code).toBe(0);
    const result = await runCli(['proxies', 'ls', '--tag', 'ls-ru', '--lang', 'ru'], env);
    expect(result.code).toBe(0);
    const [head, ...rows] = result.stdout.trim().split('\n');
    expect(head!.split('\t')).toEqual([
      'id',
      'протокол',
      'адрес',
      'логин',
      'имя',
      'страна',
      'статус',
      'задержка',
      'теги',
      'аккаунты',
      'пауза steam',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.split('\t')[6] === 'не проверен')).toBe(true);
    expect(rows.some((row) => row.includes('10.8.0.2:8080\talice'))).toBe(true);
  });

  it('pages and filters by status', async () => {
    const page = JSON.parse((await runCli(['proxies', 'ls', '--page-size', '10', '--json'], env)).stdout);
    expect(page.pageSize).toBe(10);
    // Proxies of its own, never checked, so the other tests' checks (in any order) leave the answer alone.
    const lines = ['10.9.0.1:8080', '10.9.0.2:8080'].join('\n');
    expect(
      (await runCli(['proxies', 'import', '-', '--tag', 'status-filter'], env, undefined, lines)).code,
    ).toBe(0);
    const filtered = ['proxies', 'ls', '--tag', 'status-filter'];
    const none = await runCli([...filtered, '--status', 'invalid', '--status', 'expired'], env);
    expect(none.code).toBe(0);
    expect(none.stdout.trim()).toBe('No proxies');
    const unchecked = JSON.parse((await runCli([...filtered, '--status', 'no-check', '--json'], env)).stdout);
    const addresses = unchecked.items.map((p: { identity: { address: string } }) => p.identity.address);
    expect(addresses.sort()).toEqual(['10.9.0.1', '10.9.0.2']);
  });

  it.each([
    [['proxies', 'ls', '--status', 'broken'], 2, 'Status must be one of no-check, idle, in-use'],
    [['proxies', 'ls', '--page-size', '7'], 2, '--page-size must be 10, 25, 50 or 100'],
    [['proxies', 'ls', '--page', '0'], 2, '--page must be a positive whole number'],
    [['proxies', 'ls', '--country', 'RUS'], 2, 'Country must be two letters or --'],
    [['proxies', 'ls', '--tag', 'no-such-tag'], 1, 'No proxy tag named "no-such-tag"'],
  ])('%j fails with a clear message', async (args, code, text) => {
    const result = await runCli(args, env);
    expect(result.code).toBe(code);
    expect(result.stderr).toContain(text);
  });
});

describe('tradedeck proxies export', () => {
  it('streams the selected proxies in a format, matching the imported lines', async () => {
    const lines = ['10.3.0.1:8000:u1:p1', '10.3.0.2:8000:u2:p2', '10.3.0.3:8000:u3:p3'];
    expect(
      (await runCli(['proxies', 'import', '-', '--tag', 'export-me'], env, undefined, lines.join('\n'))).code,
    ).toBe(0);
    const withPasswords = ['proxies', 'export', '--format', 'ip_port_auth', '--tag', 'export-me'];
    // Passwords need a step-up: the server mails a code to the account's address and the CLI asks for it.
    const cancelled = await runCli(withPasswords, env, ['']);
    expect(cancelled.code).not.toBe(0);
    expect(cancelled.stdout).toBe('');
    expect(cancelled.stderr).toContain(
      'This reveals or replaces secrets: confirm it with your second factor. A code was sent to the account e-mail.',
    );
    const result = await runCli(withPasswords, env, [() => outboxCode(server, 'proxies@example.test')]);
    expect(result.prompts).toEqual(['Code from the e-mail: ']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split('\n').sort()).toEqual(lines);
    const custom = await runCli(
      ['proxies', 'export', '--template', '{login}@{ip}', '--tag', 'export-me'],
      env,
    );
    expect(custom.stdout.trim().split('\n').sort()).toEqual(['u1@10.3.0.1', 'u2@10.3.0.2', 'u3@10.3.0.3']);
  });

  it.each([
    [['proxies', 'export'], '--format is required: one of ip, ip_port, ip_port_auth, auth_ip_port, custom'],
    [['proxies', 'ls', '--server', 'http://127.0.0.1:99999'], 'Not a server URL: "http://127.0.0.1:99999"'],
    [['proxies', 'ls', '--all', '--page', '2'], '--all prints every row: leave out --page and --page-size'],
    [['proxies', 'export', '--format', 'csv'], 'Format must be one of'],
    [['proxies', 'export', '--format', 'custom'], '--format custom needs --template'],
    [['proxies', 'export', '--format', 'ip', '--template', '{ip}'], '--template goes with --format custom'],
  ])('%j is a usage error', async (args, text) => {
    const result = await runCli(args, env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(text);
  });
});

describe('tradedeck proxies tag and rm', () => {
  it('puts a tag on proxies, takes it off and deletes them; unknown ids are reported per id', async () => {
    const added = JSON.parse(
      (await runCli(['proxies', 'import', '-', '--json'], env, undefined, '10.4.0.1:80\n10.4.0.2:80\n'))
        .stdout,
    ) as { addedIds: number[] };
    const ids = added.addedIds.map(String);
    const tagged = await runCli(['proxies', 'tag', 'add', 'fresh', ...ids], env);
    expect(tagged.code).toBe(0);
    expect(tagged.stdout).toContain('fresh: 2 proxies');
    expect(JSON.parse((await runCli(['proxies', 'ls', '--tag', 'fresh', '--json'], env)).stdout).total).toBe(
      2,
    );
    const untagged = await runCli(['proxies', 'tag', 'rm', 'fresh', ids[0]!], env);
    expect(untagged.code).toBe(0);
    expect(JSON.parse((await runCli(['proxies', 'ls', '--tag', 'fresh', '--json'], env)).stdout).total).toBe(
      1,
    );

    const removed = await runCli(['proxies', 'rm', ids.join(','), '999999', '--yes'], env);
    expect(removed.code).toBe(3);
    expect(removed.stdout).toContain('Deleted 2');
    expect(removed.stderr).toMatch(/id 999999: /);
    expect(
      JSON.parse((await runCli(['proxies', 'ls', '--search', '10.4.0.', '--json'], env)).stdout).total,
    ).toBe(0);
  });

  it.each([
    [['proxies', 'rm', 'abc'], 'Ids must be positive whole numbers, got "abc"'],
    [['proxies', 'tag', 'add', 'x', '0'], 'Ids must be positive whole numbers, got "0"'],
  ])('%j is a usage error', async (args, text) => {
    const result = await runCli(args, env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(text);
  });
});

describe('tradedeck proxies check', () => {
  it('prints one JSON line per result when piped and ends when every result arrived', async () => {
    const http = await startHttpProxy({ auth: { username: 'cu', password: 'cp' } });
    const socks = await startSocks5();
    loopback.push(http, socks);
    const dead = await refusedPort();
    const lines = [
      `127.0.0.1:${http.port}:cu:cp`,
      `127.0.0.1:${http.port}:cu:wrong`,
      `socks5://127.0.0.1:${socks.port}`,
      `127.0.0.1:${dead}`,
    ];
    const imported = await runCli(
      ['proxies', 'import', '-', '--tag', 'live', '--json'],
      env,
      undefined,
      lines.join('\n'),
    );
    expect(imported.code).toBe(0);
    const ids = (JSON.parse(imported.stdout) as { addedIds: number[] }).addedIds;

    const result = await runCli(['proxies', 'check', '--tag', 'live', '--timeout', '60'], env);
    expect(result.code).toBe(0);
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; result: number });
    expect(events.map((e) => e.id).sort()).toEqual([...ids].sort());
    const byId = new Map(events.map((e) => [e.id, e.result]));
    expect(ids.map((id) => byId.get(id))).toEqual([1, 0, 1, 0]);
    expect(result.stderr).toMatch(/Checked 4 of 4: valid 2, invalid 2 in [\d.]+ s/);

    const invalid = JSON.parse(
      (await runCli(['proxies', 'ls', '--status', 'invalid', '--json'], env)).stdout,
    );
    // Of this test's proxies (other tests of the file add invalid ones of their own).
    const invalidOfMine = invalid.items
      .map((p: { id: number }) => p.id)
      .filter((id: number) => ids.includes(id));
    expect(invalidOfMine.sort()).toEqual([ids[1], ids[3]].sort());

    const one = await runCli(['proxies', 'check', '--ids', String(ids[2])], env);
    expect(one.code).toBe(0);
    expect(one.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('ends when the check ends, though a proxy deleted during it is never announced', async () => {
    const blackhole = await startBlackhole();
    try {
      const refused = await refusedPort();
      const imported = await runCli(
        ['proxies', 'import', '-', '--tag', 'gone-mid-check', '--json'],
        env,
        undefined,
        `127.0.0.1:${refused}\n127.0.0.1:${blackhole.port}`,
      );
      const [fast, slow] = (JSON.parse(imported.stdout) as { addedIds: number[] }).addedIds;
      const running = runCli(['proxies', 'check', '--ids', `${fast},${slow}`, '--timeout', '60'], env);
      // The refused proxy is answered at once; the blackholed one waits for its connect deadline.
      await waitForAnnounced(fast!);
      await server.database.db.execute(`delete from proxies where id = ${slow}`);
      const result = await running;
      expect(result.code).toBe(0);
      expect(
        result.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line).id),
      ).toEqual([fast]);
      expect(result.stderr).toMatch(/Checked 1 of 2/);
    } finally {
      await blackhole.close();
    }
  });

  it.each([
    [['proxies', 'check'], 'Choose what to check: --all, --tag or --ids'],
    [['proxies', 'check', '--all', '--ids', '1'], 'Choose what to check'],
    [['proxies', 'check', '--ids', '1,x'], 'Ids must be positive whole numbers, got "x"'],
    [['proxies', 'check', '--all', '--timeout', '0'], '--timeout must be a positive whole number'],
  ])('%j is a usage error', async (args, text) => {
    const result = await runCli(args, env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(text);
  });
});

async function waitForAnnounced(proxyId: number): Promise<void> {
  for (let tries = 0; tries < 400; tries += 1) {
    const found = await server.database.db.execute(
      `select 1 from hub_events where event_name = 'ProxyStatusUpdated' and payload->>'id' = '${proxyId}'`,
    );
    if ((found as { rows: unknown[] }).rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`proxy ${proxyId} was never announced`);
}
