import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyWith, findClipboardTool } from '../src/commands/accounts/clipboard.ts';
import { chunk, rowsFromExtracted } from '../src/commands/accounts/import-rows.ts';
import { ImportFailures } from '../src/commands/accounts/retry-state.ts';
import {
  countResult,
  emptyProgress,
  etaSeconds,
  formatDuration,
} from '../src/commands/proxies/check-progress.ts';
import { compactRanges } from '../src/commands/proxies/proxy-output.ts';
import { writeTextStream } from '../src/kit/text-stream.ts';
import { displayWidth } from '../src/kit/width.ts';
import { commandName } from '../src/program.ts';
import { renderTable } from '../src/table.ts';

describe('check progress figures', () => {
  it('counts valid and invalid results and estimates the time left from the rate', () => {
    let progress = emptyProgress(100, 1_000);
    for (let i = 0; i < 20; i += 1) progress = countResult(progress, i % 4 !== 0, 5_000);
    expect(progress).toMatchObject({ done: 20, valid: 15, invalid: 5 });
    expect(etaSeconds(progress)).toBe(16);
    expect(etaSeconds(emptyProgress(3, 0))).toBeNull();
  });

  it.each([
    [5, '5s'],
    [65, '1m05s'],
    [3725, '1h02m'],
  ])('formats %i seconds as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('output helpers', () => {
  it('compacts line numbers into ranges', () => {
    expect(compactRanges([8, 1, 2, 3, 5, 7, 2])).toBe('1-3, 5, 7-8');
    expect(compactRanges([])).toBe('');
  });

  it('aligns columns on a terminal and separates by tabs when piped', () => {
    const rows = [
      ['1', 'alpha'],
      ['22', 'b\tc'],
    ];
    expect(renderTable(['id', 'name'], rows, true)).toBe('id  name\n1   alpha\n22  b c');
    expect(renderTable(['id', 'name'], rows, false)).toBe('id\tname\n1\talpha\n22\tb c');
  });

  it('splits rows into chunks in order', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});

describe('writeTextStream', () => {
  it('writes a web stream of bytes, an async iterable and plain text', async () => {
    const encoder = new TextEncoder();
    const bytes = encoder.encode('1.1.1.1:80\nпрокси\n');
    const web = new ReadableStream<Uint8Array>({
      start(controller) {
        // A multi-byte character split across chunks must come out whole.
        controller.enqueue(bytes.slice(0, 13));
        controller.enqueue(bytes.slice(13));
        controller.close();
      },
    });
    let out = '';
    await writeTextStream(web, (text) => {
      out += text;
    });
    expect(out).toBe('1.1.1.1:80\nпрокси\n');
    out = '';
    await writeTextStream(
      (async function* () {
        yield 'a\n';
        yield encoder.encode('b\n');
      })(),
      (text) => {
        out += text;
      },
    );
    expect(out).toBe('a\nb\n');
    out = '';
    await writeTextStream('whole', (text) => {
      out += text;
    });
    expect(out).toBe('whole');
  });
});

describe('maFile rows', () => {
  const wire = (fileName: string, login: string | null) => ({
    fileName,
    login,
    steamId: '76561198000000001',
    variant: 'sda' as const,
    hasIdentitySecret: true,
    hasSession: false,
    warnings: [],
    proxy: null,
    mafile: '{"shared_secret":"x"}',
  });

  it('keeps one row per login (case-insensitive) and marks rows without a password or login', () => {
    const rows = rowsFromExtracted([
      wire('a.maFile', 'Alpha'),
      wire('b.maFile', 'alpha'),
      wire('c.maFile', null),
    ]);
    expect(rows.map((r) => [r.key, r.status, r.reason])).toEqual([
      ['alpha', 'error', 'passwordNotSet'],
      ['file:c.maFile', 'error', 'checkAllFields'],
    ]);
  });
});

describe('the retry list', () => {
  it('keeps failed logins per source, readable by the owner only, and forgets a clean source', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tradedeck-retry-'));
    const store = new ImportFailures(dir);
    store.set('./mafiles', ['alpha', 'beta']);
    expect(new ImportFailures(dir).get('mafiles')).toEqual(['alpha', 'beta']);
    expect(readFileSync(join(dir, 'import-failures.json'), 'utf8')).not.toContain('password');
    store.set('mafiles', []);
    expect(store.get('mafiles')).toBeNull();
  });
});

describe('the clipboard', () => {
  it('finds a clipboard program on PATH and hands it the text on stdin', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'tradedeck-bin-'));
    const sink = join(bin, 'clipboard.txt');
    writeFileSync(join(bin, 'xclip'), `#!/bin/sh\ncat > "${sink}"\n`);
    chmodSync(join(bin, 'xclip'), 0o755);
    const tool = findClipboardTool({ PATH: bin });
    expect(tool?.command).toBe(join(bin, 'xclip'));
    await copyWith(tool!, 'F7K2Q', { PATH: `${bin}:/usr/bin:/bin` });
    expect(readFileSync(sink, 'utf8')).toBe('F7K2Q');
  });

  it('finds none on an empty PATH', () => {
    const empty = mkdtempSync(join(tmpdir(), 'tradedeck-empty-'));
    mkdirSync(join(empty, 'sub'));
    expect(findClipboardTool({ PATH: empty })).toBeNull();
  });
});

describe('display width', () => {
  it('counts terminal cells: CJK and emoji take two, combining marks and escapes none', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('账户')).toBe(4);
    expect(displayWidth('한국')).toBe(4);
    expect(displayWidth('ｆｕｌｌ')).toBe(8);
    expect(displayWidth('🚀')).toBe(2);
    expect(displayWidth('👍🏽')).toBe(2);
    expect(displayWidth('👨‍👩‍👧')).toBe(2);
    expect(displayWidth('🇷🇺')).toBe(2);
    expect(displayWidth('❤️')).toBe(2);
    expect(displayWidth('é')).toBe(1);
    expect(displayWidth('е\u0301')).toBe(1);
    expect(displayWidth('\u001b[31mred\u001b[39m')).toBe(3);
    expect(displayWidth('Привет')).toBe(6);
  });

  it('aligns table columns after wide cells', () => {
    const table = renderTable(
      ['login', 'tag'],
      [
        ['账户', 'a'],
        ['🚀x', 'b'],
        ['plain', 'c'],
      ],
      true,
    );
    const columns = table.split('\n').map((line) => displayWidth(line.slice(0, line.lastIndexOf(' ') + 1)));
    expect(new Set(columns).size).toBe(1);
    expect(table).toBe('login  tag\n账户   a\n🚀x    b\nplain  c');
  });
});

describe('the command group named in argv', () => {
  it('skips global options and their values, so only that group loads', () => {
    expect(commandName(['accounts', 'code', 'bob'])).toBe('accounts');
    expect(commandName(['--json', '-s', 'http://h:1', '--lang', 'ru', 'proxies', 'ls'])).toBe('proxies');
    expect(commandName(['--server=http://h:1', '--token', 'accounts', 'whoami'])).toBe('whoami');
    expect(commandName(['--', 'status'])).toBe('status');
    expect(commandName(['--help'])).toBeNull();
    expect(commandName([])).toBeNull();
  });
});
