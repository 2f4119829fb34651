import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateGuardCode, type MafileFailureReason, mafileFailureMessages } from '@tradedeck/sdk/domain';
import type { RunningServer } from '@tradedeck/server/server';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STEAM_OFFSET_S } from '../../server/src/integrations/steam/sandbox/sandbox-adapter.ts';
import {
  type SandboxImportSet,
  writeSandboxImportSet,
} from '../../server/src/integrations/steam/sandbox/sandbox-import-set.ts';
import {
  SandboxWorld,
  sandboxMafileText,
} from '../../server/src/integrations/steam/sandbox/sandbox-world.ts';
import { refusedPort } from '../../server/test/proxy-checker/helpers/proxy-servers.ts';
import { signedInUser, startCliServer } from './helpers/cli-server.ts';
import { writeSandboxSet } from './helpers/sandbox-set.ts';
import { freshConfigDir, runCli } from './run-cli.ts';

let server: RunningServer;
let env: Record<string, string>;
let set: SandboxImportSet;
const dir = mkdtempSync(join(tmpdir(), 'tradedeck-accounts-'));
const world = new SandboxWorld();

beforeAll(async () => {
  server = await startCliServer({ mode: 'sandbox' });
  ({ env } = await signedInUser(server, 'accounts@example.test'));
  // The same settings directory across runs: --retry-failed reads what the previous import left.
  env.TRADEDECK_CONFIG_DIR = freshConfigDir();
  set = await writeSandboxImportSet(dir, { healthy: 3, includeFailureCases: false });
});
afterAll(() => server?.stop());

const SANDBOX_BADGE = '[sandbox] the server simulates Steam: nothing here reaches real accounts';

// One walk over one user's accounts: the code, proxy and delete tests act on the accounts the imports added, and
// the delete takes the first two listed, so the tests keep their written order.
describe('tradedeck accounts', { shuffle: false }, () => {
  describe('tradedeck accounts import', () => {
    it('adds accounts from maFiles and lines, reports each failure as "{login}: {reason}" and retries only those', async () => {
      const healthy = set.accounts.map((a) => a.login);
      const invalid = world.find('sandbox_invalid_password')!;
      const extra = mkdtempSync(join(tmpdir(), 'tradedeck-extra-'));
      const mafiles = join(extra, 'maFiles');
      await writeSandboxImportSet(extra, { healthy: 3, includeFailureCases: false });
      // One more account whose Steam login fails, a file that is not a maFile, and an upper-case extension.
      writeFileSync(join(mafiles, `${invalid.steamId}.MAFILE`), sandboxMafileText(invalid));
      writeFileSync(join(mafiles, 'broken.maFile'), 'not json at all');
      writeFileSync(join(mafiles, 'notes.txt'), 'ignored: not a maFile');
      // The last healthy account has no line yet: it fails locally with "Password not set".
      const lines = join(extra, 'lines.txt');
      writeFileSync(
        lines,
        [
          `${healthy[0]!.toUpperCase()}:${set.accounts[0]!.password}:10.8.0.1:8080`,
          `${healthy[1]}:${set.accounts[1]!.password}:10.8.0.2:8080:pu:pp`,
          `${invalid.login}:wrong-password:10.8.0.3:8080`,
          'garbage-line-without-password',
        ].join('\n'),
      );

      const first = await runCli(['accounts', 'import', '--mafiles', mafiles, '--lines', lines], env);
      expect(first.code).toBe(3);
      expect(first.stderr).toContain(SANDBOX_BADGE);
      expect(first.stdout).toContain(`${healthy[0]}: added`);
      expect(first.stdout).toContain(`${healthy[1]}: added`);
      expect(first.stdout).toContain(`${invalid.login}: Invalid password`);
      expect(first.stdout).toContain(`${healthy[2]}: Password not set`);
      expect(first.stderr).toContain('Invalid maFiles: broken.maFile');
      expect(first.stderr).toContain('line 4 (garbage-line-without-password): Expected login:password');
      expect(first.stderr).toContain('Added 2 of 4 accounts; failed 2');
      expect(first.stderr).toContain('--retry-failed');
      expect(first.stdout + first.stderr).not.toContain('wrong-password');

      // The missing line is added; a retry sends only the two failed accounts.
      writeFileSync(
        lines,
        `${healthy[2]}:${set.accounts[2]!.password}:10.8.0.4:8080\n${invalid.login}:still-wrong:10.8.0.3:8080\n`,
      );
      const retry = await runCli(
        ['accounts', 'import', '--mafiles', mafiles, '--lines', lines, '--retry-failed', '--json'],
        env,
      );
      expect(retry.code).toBe(3);
      const answer = JSON.parse(retry.stdout);
      expect(answer.added).toEqual([healthy[2]]);
      expect(answer.failed).toEqual([
        { login: invalid.login, status: 'failed', reason: 'invalidPassword', message: 'Invalid password' },
      ]);

      // Other tests of the file add accounts of their own to the same user: only this import's logins are checked.
      const listed = JSON.parse((await runCli(['accounts', 'ls', '--json'], env)).stdout);
      const logins: string[] = listed.items.map((a: { login: string }) => a.login);
      expect(logins).toEqual(expect.arrayContaining([...healthy]));
      expect(logins).not.toContain(invalid.login);
    });

    it('distributes accounts over the proxies of a tag and speaks Russian', async () => {
      const own = mkdtempSync(join(tmpdir(), 'tradedeck-ru-'));
      const cases = await writeSandboxSet(own, 0, [
        'sandbox_ok',
        'sandbox_invalid_password',
        'sandbox_email_guard',
      ]);
      const pool = await runCli(
        ['proxies', 'import', '-', '--tag', 'pool'],
        env,
        undefined,
        '10.7.0.1:8080\n10.7.0.2:8080\n10.7.0.3:8080\n',
      );
      expect(pool.code).toBe(0);
      const result = await runCli(
        [
          'accounts',
          'import',
          '--mafiles',
          cases.mafileDir,
          '--lines',
          cases.linesFile,
          '--mode',
          'distribute',
          '--proxy-tag',
          'pool',
          '--max-per-proxy',
          '1',
          '--lang',
          'ru',
        ],
        env,
      );
      expect(result.code).toBe(3);
      expect(result.stderr).toContain('[песочница]');
      expect(result.stdout).toContain('sandbox_ok: добавлен');
      expect(result.stdout).toContain('sandbox_invalid_password: Неверный пароль');
      expect(result.stdout).toContain('sandbox_email_guard: Неверный тип Steam Guard (не мобильный)');
      expect(result.stderr).toContain('Добавлено 1 из 3 аккаунтов; ошибок 2');
    });

    it('sends a zip archive as it is and reads its maFiles on the server', async () => {
      const account = world.find('sandbox_device_confirmation')!;
      const archive = join(dir, 'accounts.zip');
      writeFileSync(
        archive,
        zipSync({ [`maFiles/${account.steamId}.maFile`]: strToU8(sandboxMafileText(account)) }),
      );
      const lines = join(dir, 'zip-lines.txt');
      writeFileSync(lines, `${account.login}:${account.password}:10.5.0.1:3128\n`);
      const result = await runCli(['accounts', 'import', '--mafiles', archive, '--lines', lines], env);
      expect(result.stderr).toContain('Added 1 of 1 accounts; failed 0');
      expect(result.stdout.trim()).toBe(`${account.login}: added`);
      expect(result.code).toBe(0);
    });

    it('decrypts encrypted SDA maFiles with --passkey-stdin, and asks for the passkey it cannot do without', async () => {
      const encrypted = fileURLToPath(
        new URL('../../sdk/test/steam/fixtures/encrypted/sda', import.meta.url),
      );
      // No terminal to ask on and no --passkey-stdin: said before anything is sent.
      const locked = await runCli(['accounts', 'import', '--mafiles', encrypted], env);
      expect(locked.code).toBe(2);
      expect(locked.stderr).toContain(
        'The maFiles are encrypted: run in a terminal to be asked for the passkey',
      );

      const opened = await runCli(
        ['accounts', 'import', '--mafiles', encrypted, '--passkey-stdin'],
        env,
        undefined,
        'fixture-passkey\n',
      );
      expect(opened.code).toBe(1);
      expect(opened.stderr).not.toContain('Invalid maFiles');
      expect(opened.stdout.trim().split('\n').sort()).toEqual([
        'fixture_enc_a: Password not set',
        'fixture_enc_b: Password not set',
        'fixture_enc_plain: Password not set',
      ]);
    });

    it('names every broken maFile of the fixture corpus with its reason, and reads every valid variant', async () => {
      const corpus = fileURLToPath(new URL('../../sdk/test/steam/fixtures/mafiles', import.meta.url));
      const broken = await runCli(['accounts', 'import', '--mafiles', join(corpus, 'invalid')], env);
      expect(broken.code).toBe(1);
      // Files without the .maFile extension are not picked from a folder; every other one is named with its reason.
      const expected: Array<[string, MafileFailureReason]> = [
        ['empty.maFile', 'empty'],
        ['not-json.maFile', 'notJson'],
        ['array.maFile', 'notObject'],
        ['missing-shared-secret.maFile', 'missingSharedSecret'],
        ['empty-shared-secret.maFile', 'missingSharedSecret'],
        ['shared-not-base64.maFile', 'badSharedSecret'],
        ['shared-16-bytes.maFile', 'badSharedSecret'],
        ['bad-steamid.maFile', 'badSteamId'],
      ];
      for (const [file, reason] of expected) {
        expect(broken.stderr).toContain(`${file}: ${mafileFailureMessages.en[reason]}`);
      }
      expect(broken.stdout.trim()).toBe('');

      const valid = await runCli(['accounts', 'import', '--mafiles', join(corpus, 'valid')], env);
      expect(valid.code).toBe(1);
      expect(valid.stderr).not.toContain('Invalid maFiles');
      // Every valid variant became a row that waits for its password line.
      const rows = valid.stdout.trim().split('\n');
      expect(rows.length).toBeGreaterThanOrEqual(20);
      expect(rows.every((row) => row.endsWith(': Password not set'))).toBe(true);
    });

    it.each([
      [['accounts', 'import'], 2, "required option '--mafiles <path>' not specified"],
      [
        ['accounts', 'import', '--mafiles', '/nonexistent/dir'],
        1,
        'Cannot read /nonexistent/dir: no such file',
      ],
      [
        ['accounts', 'import', '--mafiles', '.', '--mode', 'all'],
        2,
        'Mode must be single, multiple or distribute',
      ],
      [
        ['accounts', 'import', '--mafiles', '.', '--mode', 'distribute'],
        2,
        'Distribute mode needs --proxy-tag',
      ],
      [
        ['accounts', 'import', '--mafiles', '.', '--proxy-tag', 'x'],
        2,
        '--proxy-tag and --max-per-proxy go with',
      ],
      [
        ['accounts', 'import', '--mafiles', '.', '--chunk', 'many'],
        2,
        '--chunk must be a positive whole number',
      ],
    ])('%j fails with a clear message', async (args, code, text) => {
      const result = await runCli(args, env);
      expect(result.code).toBe(code);
      expect(result.stderr).toContain(text);
    });

    it('says when a folder holds no maFiles', async () => {
      const empty = mkdtempSync(join(tmpdir(), 'tradedeck-empty-'));
      writeFileSync(join(empty, 'readme.txt'), 'nothing here');
      const result = await runCli(['accounts', 'import', '--mafiles', empty], env);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`No .maFile files in ${empty}`);
    });
  });

  describe('tradedeck accounts import cut short', () => {
    /** maFiles and account lines of sandbox accounts no other test of this file imports. */
    function accountSet(count: number, first: number) {
      const folder = mkdtempSync(join(tmpdir(), 'tradedeck-rerun-'));
      const mafileDir = join(folder, 'maFiles');
      mkdirSync(mafileDir);
      const accounts = world.healthyAccounts(count, first);
      for (const account of accounts) {
        writeFileSync(join(mafileDir, `${account.steamId}.maFile`), sandboxMafileText(account));
      }
      const linesFile = join(folder, 'accounts.txt');
      // Each account signs in through an inline proxy of its own.
      const lines = accounts.map(
        (account, i) => `${account.login}:${account.password}:10.9.${first % 250}.${i + 1}:8080`,
      );
      writeFileSync(linesFile, `${lines.join('\n')}\n`);
      return { mafileDir, linesFile, accounts };
    }
    /** A front to the server that cuts the connection of every account add after the first. */
    async function cuttingFront(target: string): Promise<{ url: string; close: () => Promise<void> }> {
      let adds = 0;
      const front = createServer((req, res) => {
        if (req.method === 'POST' && req.url === '/api/steam-accounts/add-jobs' && ++adds > 1) {
          req.socket.destroy();
          return;
        }
        const upstream = httpRequest(
          new URL(req.url ?? '/', target),
          { method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        req.pipe(upstream);
      });
      // The hub's WebSocket passes through untouched: only the second add is cut.
      front.on('upgrade', (req, socket, head) => {
        const { hostname, port: targetPort } = new URL(target);
        const upstream = connect(Number(targetPort), hostname, () => {
          const lines = [`${req.method} ${req.url} HTTP/1.1`];
          for (let i = 0; i < req.rawHeaders.length; i += 2)
            lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
          upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
          if (head.length > 0) upstream.write(head);
          upstream.pipe(socket);
          socket.pipe(upstream);
        });
        upstream.on('error', () => socket.destroy());
        socket.on('error', () => upstream.destroy());
      });
      await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
      const { port } = front.address() as AddressInfo;
      return {
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((resolve) => front.close(() => resolve())),
      };
    }

    it('finishes a rerun with exit 0: accounts stored by the run cut short count as unchanged', async () => {
      const rerunEnv = env;
      const all = accountSet(3, 601);
      // The run that was cut: only the first two accounts got stored.
      const partialSet = accountSet(2, 601);
      const partial = await runCli(
        ['accounts', 'import', '--mafiles', partialSet.mafileDir, '--lines', partialSet.linesFile],
        rerunEnv,
      );
      expect(partial.code, partial.stdout + partial.stderr).toBe(0);

      const rerun = await runCli(
        ['accounts', 'import', '--mafiles', all.mafileDir, '--lines', all.linesFile],
        rerunEnv,
      );
      expect(rerun.code, rerun.stderr).toBe(0);
      const [a, b, c] = all.accounts.map((account) => account.login);
      expect(rerun.stdout).toContain(`${a}: already added, unchanged`);
      expect(rerun.stdout).toContain(`${b}: already added, unchanged`);
      expect(rerun.stdout).toContain(`${c}: added`);
      expect(rerun.stderr).toContain('Added 1 of 3 accounts, 2 already there unchanged; failed 0');

      const json = await runCli(
        ['accounts', 'import', '--mafiles', all.mafileDir, '--lines', all.linesFile, '--json'],
        rerunEnv,
      );
      expect(json.code).toBe(0);
      expect(JSON.parse(json.stdout)).toMatchObject({ added: [], unchanged: [a, b, c], failed: [] });
    });

    it('reports an account stored with another password as already there, not failed, and keeps it off the retry list', async () => {
      const all = accountSet(3, 801);
      const stored = accountSet(2, 801);
      const before = await runCli(
        ['accounts', 'import', '--mafiles', stored.mafileDir, '--lines', stored.linesFile],
        env,
      );
      expect(before.code, before.stderr).toBe(0);
      const [a, b, c] = all.accounts;
      // a's line now has another password; c has no line at all.
      writeFileSync(
        all.linesFile,
        `${a!.login}:another-password:10.9.51.1:8080\n${b!.login}:${b!.password}:10.9.51.2:8080\n`,
      );
      const rerun = await runCli(
        ['accounts', 'import', '--mafiles', all.mafileDir, '--lines', all.linesFile, '--json'],
        env,
      );
      expect(rerun.code).toBe(3);
      const answer = JSON.parse(rerun.stdout);
      expect(answer).toMatchObject({ added: [], unchanged: [b!.login], existing: [a!.login] });
      expect(answer.failed.map((f: { login: string }) => f.login)).toEqual([c!.login]);
      expect(rerun.stderr.match(/Added 0 of 3 accounts, 2 already there unchanged; failed 1/g)).toHaveLength(
        1,
      );

      const plain = await runCli(
        ['accounts', 'import', '--mafiles', all.mafileDir, '--lines', all.linesFile],
        env,
      );
      expect(plain.stdout).toContain(
        `${a!.login}: already there (stored with another password or maFile), left as it is`,
      );

      const retry = await runCli(
        [
          'accounts',
          'import',
          '--mafiles',
          all.mafileDir,
          '--lines',
          all.linesFile,
          '--retry-failed',
          '--json',
        ],
        env,
      );
      const retried = JSON.parse(retry.stdout);
      expect([...retried.added, ...retried.unchanged, ...retried.existing]).toEqual([]);
      expect(retried.failed.map((f: { login: string }) => f.login)).toEqual([c!.login]);
      expect(retry.code).toBe(1);
    });

    it('keeps what a run cut by a lost connection did not add for --retry-failed', async () => {
      const cutEnv = env;
      const cutSet = accountSet(3, 701);
      const front = await cuttingFront(server.url);
      try {
        const cut = await runCli(
          ['accounts', 'import', '--mafiles', cutSet.mafileDir, '--lines', cutSet.linesFile, '--chunk', '1'],
          { ...cutEnv, TRADEDECK_SERVER: front.url },
        );
        expect(cut.code).not.toBe(0);
      } finally {
        await front.close();
      }
      const retry = await runCli(
        [
          'accounts',
          'import',
          '--mafiles',
          cutSet.mafileDir,
          '--lines',
          cutSet.linesFile,
          '--retry-failed',
          '--json',
        ],
        cutEnv,
      );
      expect(retry.code, retry.stderr).toBe(0);
      const answer = JSON.parse(retry.stdout);
      // The first chunk got through before the cut: only the other two are sent again.
      expect([...answer.added, ...answer.unchanged]).toHaveLength(2);
      const listed = JSON.parse((await runCli(['accounts', 'ls', '--json'], cutEnv)).stdout);
      const logins = new Set(listed.items.map((a: { login: string }) => a.login));
      expect(cutSet.accounts.every((account) => logins.has(account.login))).toBe(true);
      expect(answer.failed).toEqual([]);
    });
  });

  describe('tradedeck accounts code, assign-proxies, rm', () => {
    it('refuses a distribute import over a tag nobody has', async () => {
      const result = await runCli(
        ['accounts', 'import', '--mafiles', set.mafileDir, '--mode', 'distribute', '--proxy-tag', 'ghost'],
        env,
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('No proxy tag named "ghost"');
    });

    it('says so when the tag to distribute over has no proxies, or only invalid ones, instead of "No proxy" per account', async () => {
      const args = [
        'accounts',
        'import',
        '--mafiles',
        set.mafileDir,
        '--lines',
        set.linesFile,
        '--mode',
        'distribute',
      ];
      const emptied = await runCli(
        ['proxies', 'import', '-', '--tag', 'emptied', '--json'],
        env,
        undefined,
        '10.61.0.1:80\n',
      );
      const [id] = JSON.parse(emptied.stdout).addedIds as number[];
      expect((await runCli(['proxies', 'rm', String(id), '--yes'], env)).code).toBe(0);
      const empty = await runCli([...args, '--proxy-tag', 'emptied'], env);
      expect(empty.code).toBe(1);
      expect(empty.stderr).toContain('The tag "emptied" has no proxies');

      const port = await refusedPort();
      await runCli(['proxies', 'import', '-', '--tag', 'dead'], env, undefined, `127.0.0.1:${port}\n`);
      const checked = await runCli(['proxies', 'check', '--tag', 'dead', '--timeout', '60'], env);
      expect(checked.stderr).toContain('valid 0, invalid 1');
      const dead = await runCli([...args, '--proxy-tag', 'dead'], env);
      expect(dead.code).toBe(1);
      expect(dead.stderr).toContain('The tag "dead" has no usable proxy (1 proxies, all invalid or expired)');
      expect(dead.stdout).not.toContain('No proxy');
    });

    it('prints the guard code of an account and its remaining seconds', async () => {
      const account = set.accounts[0]!;
      const before = Math.floor(Date.now() / 1000);
      const result = await runCli(['accounts', 'code', account.login, '--json'], env);
      const after = Math.floor(Date.now() / 1000);
      expect(result.code).toBe(0);
      const answer = JSON.parse(result.stdout);
      // The code follows Steam's clock as seen through the account's proxy: the sandbox Steam runs a few seconds
      // ahead of the local clock.
      const expected = new Set<string>();
      for (const time of [before, after]) {
        for (const offset of [0, SANDBOX_STEAM_OFFSET_S]) {
          expected.add(await generateGuardCode(account.sharedSecret, time + offset));
        }
      }
      expect(expected.has(answer.code)).toBe(true);
      expect(answer.remainingSeconds).toBeGreaterThanOrEqual(1);
      expect(answer.remainingSeconds).toBeLessThanOrEqual(30);
      expect(result.stderr).toMatch(new RegExp(`${account.login}: valid for another \\d+ s`));
    });

    it('copies the code with the clipboard tool on PATH, and says so when there is none', async () => {
      const bin = mkdtempSync(join(tmpdir(), 'tradedeck-bin-'));
      const sink = join(bin, 'clipboard.txt');
      writeFileSync(join(bin, 'xclip'), `#!/bin/sh\n/bin/cat > "${sink}"\n`);
      chmodSync(join(bin, 'xclip'), 0o755);
      const login = set.accounts[1]!.login;
      const copied = await runCli(['accounts', 'code', login, '--copy'], { ...env, PATH: bin });
      expect(copied.code).toBe(0);
      expect(readFileSync(sink, 'utf8')).toBe(copied.stdout.trim());
      expect(copied.stderr).toContain(`Copied to the clipboard with ${join(bin, 'xclip')}`);

      const none = await runCli(['accounts', 'code', login, '--copy'], {
        ...env,
        PATH: mkdtempSync(join(tmpdir(), 'e-')),
      });
      expect(none.code).toBe(1);
      expect(none.stdout.trim()).toMatch(/^[23456789BCDFGHJKMNPQRTVWXY]{5}$/);
      expect(none.stderr).toContain('No clipboard tool found');
    });

    it('fails clearly for an unknown login', async () => {
      const result = await runCli(['accounts', 'code', 'nobody_here'], env);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('No Steam account "nobody_here"');
    });

    it('assigns proxies from lines and lists the rejected lines by number', async () => {
      const [a, b] = set.accounts;
      const file = join(dir, 'assign.txt');
      writeFileSync(
        file,
        [`${a!.login}:10.9.0.1:8080`, `${b!.login}:10.9.0.2:8080:pu:pp`, 'broken line'].join('\n'),
      );
      const result = await runCli(['accounts', 'assign-proxies', file], env);
      expect(result.code).toBe(3);
      expect(result.stdout).toContain('Proxies set for 2 accounts; new proxies added 2');
      expect(result.stderr).toMatch(/line 3.*: /);
      const listed = JSON.parse(
        (await runCli(['accounts', 'ls', '--search', a!.login, '--json'], env)).stdout,
      );
      expect(listed.items[0].proxy).toEqual({ address: '10.9.0.1', port: 8080 });
      const table = await runCli(['accounts', 'ls', '--lang', 'ru'], env);
      expect(table.stdout.split('\n')[0]!.split('\t')).toEqual([
        'id',
        'логин',
        'SteamID',
        'статус',
        'прокси',
        'теги',
        'последняя ошибка',
        'пауза steam',
      ]);
      expect(table.stdout).toContain('10.9.0.1:8080');
    });

    it('deletes accounts by login and by id', async () => {
      const listed = JSON.parse((await runCli(['accounts', 'ls', '--json'], env)).stdout) as {
        items: Array<{ id: number; login: string }>;
      };
      const [first, second] = listed.items;
      const result = await runCli(
        ['accounts', 'rm', first!.login.toUpperCase(), String(second!.id), '--yes'],
        env,
      );
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Deleted 2 accounts');
      const left = JSON.parse((await runCli(['accounts', 'ls', '--json'], env)).stdout);
      expect(left.total).toBe(listed.items.length - 2);
      const unknown = await runCli(['accounts', 'rm', 'nobody_here', '--yes'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No Steam account "nobody_here"');
    });

    it('rejects bad list options', async () => {
      const result = await runCli(['accounts', 'ls', '--status', 'sleeping'], env);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('Status must be one of idle, active, error');
    });
  });
});
