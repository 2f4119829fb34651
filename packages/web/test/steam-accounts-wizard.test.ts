import {
  addAccountsInputSchema,
  type ExtractMafilesResultWire,
  editRow,
  extractedMafileToWire,
  parseMafileText,
} from '@tradedeck/sdk/domain';
import { describe, expect, it } from 'vitest';
import {
  afterSubmit,
  applyAccountLines,
  invalidFilesMessage,
  lacksProxy,
  planSubmit,
  retryableRows,
  rowsFromExtraction,
  splitUploads,
  summarize,
  uploadKind,
} from '../src/features/steam-accounts/add-wizard/wizard-logic.ts';

const SECRET = 'KDHC3rsY8+CmiswnXJcE5e5dRfc=';

function mafileText(login: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ shared_secret: SECRET, identity_secret: SECRET, account_name: login, ...extra });
}

/** What `steamAccounts.extractMafiles` answers for these files (built with the sdk's own wire converter). */
function extraction(
  files: Array<[string, string]>,
  invalid: ExtractMafilesResultWire['invalidMafiles'] = [],
): ExtractMafilesResultWire {
  return {
    extractedData: files.map(([fileName, text]) => {
      const parsed = parseMafileText(text, { tryExtractProxy: true });
      if (!parsed.ok) throw new Error(parsed.reason);
      return extractedMafileToWire({ fileName, mafile: parsed.mafile, text, wasEncrypted: false });
    }),
    invalidMafiles: invalid,
  };
}

const multiple = { mode: 'multiple' as const, tryExtractProxy: true, language: 'ru' as const };

describe('add wizard: uploads', () => {
  it('accepts .mafile in any case, zip archives and an SDA manifest; refuses the rest by name', () => {
    expect(uploadKind('76561198000000001.maFile')).toBe('mafile');
    expect(uploadKind('bot.MAFILE')).toBe('mafile');
    expect(uploadKind('bot.mafile')).toBe('mafile');
    expect(uploadKind('export.ZIP')).toBe('zip');
    expect(uploadKind('manifest.json')).toBe('manifest');
    expect(uploadKind('bot.json')).toBeNull();
    expect(uploadKind('bot.mafile.txt')).toBeNull();
    const split = splitUploads([
      { name: 'a.maFile' },
      { name: 'notes.txt' },
      { name: 'b.zip' },
      { name: 'x.mafile.bak' },
    ]);
    expect(split.accepted.map((f) => f.name)).toEqual(['a.maFile', 'b.zip']);
    expect(split.rejected).toEqual(['notes.txt', 'x.mafile.bak']);
  });

  it('shows refused files as "Невалидные мафайлы: {list}" in Russian and English', () => {
    const invalid = [
      { fileName: 'a.txt', message: 'x' },
      { fileName: 'b.maFile', message: 'y' },
    ];
    expect(invalidFilesMessage(invalid, 'ru')).toBe('Невалидные мафайлы: a.txt, b.maFile');
    expect(invalidFilesMessage(invalid, 'en')).toBe('Invalid maFiles: a.txt, b.maFile');
    expect(invalidFilesMessage([], 'ru')).toBeNull();
  });

  it('turns extracted maFiles into rows and keeps the server-refused ones for the message', () => {
    const answer = extraction(
      [
        ['one.maFile', mafileText('Trader_One')],
        ['two.maFile', mafileText('trader_two')],
      ],
      [{ fileName: 'bad.maFile', reason: 'notJson', message: 'Файл не является корректным JSON' }],
    );
    const result = rowsFromExtraction([], answer, multiple);
    expect(result.loaded).toBe(2);
    expect(result.rows.map((r) => [r.login, r.status, r.reason])).toEqual([
      ['Trader_One', 'error', 'passwordNotSet'],
      ['trader_two', 'error', 'passwordNotSet'],
    ]);
    expect(result.invalid).toEqual([{ fileName: 'bad.maFile', message: 'Файл не является корректным JSON' }]);
  });

  it("keeps what the reader noticed in each file, by the file's text, and nothing for a clean one", () => {
    const clean = mafileText('clean', {
      steamid: '76561202255230001',
      device_id: 'android:00000000-0000-4000-8000-000000000001',
    });
    const noIdentity = JSON.stringify({ shared_secret: SECRET, account_name: 'no_identity' });
    const result = rowsFromExtraction(
      [],
      extraction([
        ['clean.maFile', clean],
        ['no-identity.maFile', noIdentity],
      ]),
      multiple,
    );
    expect(result.notes.has(clean)).toBe(false);
    expect(result.notes.get(noIdentity)).toEqual(
      expect.arrayContaining(['missingIdentitySecret', 'missingSteamId']),
    );
  });

  it('in single mode keeps one maFile, and a new one replaces it', () => {
    const first = rowsFromExtraction(
      [],
      extraction([
        ['a.maFile', mafileText('alpha')],
        ['b.maFile', mafileText('beta')],
      ]),
      { ...multiple, mode: 'single' },
    );
    expect(first.rows.map((r) => r.login)).toEqual(['alpha']);
    const second = rowsFromExtraction(first.rows, extraction([['c.maFile', mafileText('gamma')]]), {
      ...multiple,
      mode: 'single',
    });
    expect(second.rows.map((r) => r.login)).toEqual(['gamma']);
  });

  it('takes the NebulaAuth proxy only when asked to', () => {
    const nebula = mafileText('neb', {
      Proxy: { Address: '10.1.2.3', Port: 3128, Login: null, Password: null },
    });
    const withProxy = rowsFromExtraction([], extraction([['neb.maFile', nebula]]), multiple);
    const without = rowsFromExtraction([], extraction([['neb.maFile', nebula]]), {
      ...multiple,
      tryExtractProxy: false,
    });
    expect(withProxy.rows[0]?.proxyData).toMatchObject({ host: '10.1.2.3', port: 3128 });
    expect(without.rows[0]?.proxyData).toBeNull();
  });
});

describe('add wizard: lines, submit and retry', () => {
  const loaded = rowsFromExtraction(
    [],
    extraction([
      ['a.maFile', mafileText('Alpha')],
      ['b.maFile', mafileText('beta')],
      ['c.maFile', mafileText('gamma')],
    ]),
    multiple,
  ).rows;

  it('merges lines by login case-insensitively; lines without a maFile are error rows unless ignored', () => {
    const text = 'alpha:pw1\nBETA:pw2:10.0.0.1:8080\nstranger:pw3\nbroken-line\n';
    const merged = applyAccountLines(loaded, text, { ignoreRowsWithoutMafile: false });
    expect(merged.rows.map((r) => [r.login, r.status, r.reason])).toEqual([
      ['Alpha', 'pending', null],
      ['beta', 'pending', null],
      ['gamma', 'error', 'passwordNotSet'],
      ['stranger', 'error', 'mafileNotLoaded'],
    ]);
    expect(merged.rows[1]?.proxyData).toMatchObject({ host: '10.0.0.1', port: 8080 });
    expect(merged.errors).toEqual([{ line: 4, login: 'broken-line', reason: 'missingPassword' }]);
    const ignored = applyAccountLines(loaded, text, { ignoreRowsWithoutMafile: true });
    expect(ignored.rows.map((r) => r.login)).toEqual(['Alpha', 'beta', 'gamma']);
  });

  it('plans a distribute submit only with a proxy tag, and sends no per-row proxy then', () => {
    const rows = applyAccountLines(loaded, 'alpha:pw1\nbeta:pw2:10.0.0.1:8080', {
      ignoreRowsWithoutMafile: false,
    }).rows;
    expect(planSubmit(rows, 'distribute', { proxyTagId: null, maxAccountsPerProxy: 2 })).toEqual({
      ok: false,
      reason: 'noTag',
    });
    const plan = planSubmit(rows, 'distribute', { proxyTagId: 7, maxAccountsPerProxy: 2 });
    if (!plan.ok) throw new Error(plan.reason);
    expect(plan.indexToKey).toEqual(['alpha', 'beta']);
    expect(plan.input.distribute).toEqual({ proxyTagId: 7, maxAccountsPerProxy: 2 });
    expect(Object.values(plan.input.accounts).map((a) => a.proxyData)).toEqual([null, null]);
    expect(addAccountsInputSchema.safeParse(plan.input).success).toBe(true);
  });

  it('marks rows added or failed, reports "{login}: {reason}" and retries only the failed rows', () => {
    const rows = applyAccountLines(
      loaded,
      'alpha:pw1:10.0.0.1:8080\nbeta:pw2:10.0.0.2:8080\ngamma:pw3:10.0.0.3:8080',
      { ignoreRowsWithoutMafile: false },
    ).rows;
    const plan = planSubmit(rows, 'multiple', { proxyTagId: null, maxAccountsPerProxy: 1 });
    if (!plan.ok) throw new Error(plan.reason);
    const answer = {
      errors: {
        '1': { reason: 'invalidPassword' as const, message: 'Неверный пароль' },
        '2': { reason: 'proxyError' as const, message: 'Ошибка прокси' },
      },
    };
    const after = afterSubmit(rows, plan.indexToKey, answer, 'ru');
    expect(after.added).toBe(1);
    expect(after.failures).toBe('beta: Неверный пароль, gamma: Ошибка прокси');
    expect(after.rows.map((r) => r.status)).toEqual(['success', 'error', 'error']);
    expect(summarize(after.rows, 'multiple')).toEqual({ ready: 0, errors: 2, added: 1, retryable: 2 });

    const retry = planSubmit(retryableRows(after.rows), 'multiple', {
      proxyTagId: null,
      maxAccountsPerProxy: 1,
    });
    if (!retry.ok) throw new Error(retry.reason);
    expect(retry.indexToKey).toEqual(['beta', 'gamma']);
    const second = afterSubmit(after.rows, retry.indexToKey, { errors: {} }, 'en');
    expect(second.failures).toBeNull();
    expect(second.rows.every((r) => r.status === 'success')).toBe(true);
  });

  it('does not count rows missing a field as retryable, and refuses an empty submit', () => {
    const rows = applyAccountLines(loaded, 'alpha:pw1:10.0.0.1:8080', {
      ignoreRowsWithoutMafile: false,
    }).rows;
    expect(summarize(rows, 'multiple')).toEqual({ ready: 1, errors: 2, added: 0, retryable: 0 });
    expect(retryableRows(rows)).toEqual([]);
    expect(planSubmit([], 'multiple', { proxyTagId: null, maxAccountsPerProxy: 1 })).toEqual({
      ok: false,
      reason: 'importAtLeastOne',
    });
  });

  it('marks rows without a proxy in the single and multiple modes, and sends only rows with one', () => {
    const rows = applyAccountLines(loaded, 'alpha:pw1:10.0.0.1:8080\nbeta:pw2\ngamma:pw3', {
      ignoreRowsWithoutMafile: false,
    }).rows;
    expect(rows.map((row) => lacksProxy(row, 'multiple'))).toEqual([false, true, true]);
    expect(rows.map((row) => lacksProxy(row, 'distribute'))).toEqual([false, false, false]);
    expect(summarize(rows, 'multiple')).toEqual({ ready: 1, errors: 2, added: 0, retryable: 0 });
    const choice = { proxyTagId: null, maxAccountsPerProxy: 1 };
    const plan = planSubmit(rows, 'multiple', choice);
    if (!plan.ok) throw new Error(plan.reason);
    expect(plan.indexToKey).toEqual(['alpha']);
    // A stored proxy picked in the row makes it ready; it goes by id.
    const picked = editRow(rows, 'beta', { proxyId: 41 });
    expect(lacksProxy(picked[1]!, 'multiple')).toBe(false);
    const both = planSubmit(picked, 'multiple', choice);
    if (!both.ok) throw new Error(both.reason);
    expect(Object.values(both.input.accounts).map((a) => [a.login, a.proxyId])).toEqual([
      ['Alpha', null],
      ['beta', 41],
    ]);
    expect(planSubmit(rows.slice(1), 'multiple', choice)).toEqual({ ok: false, reason: 'rowsWithoutProxy' });
    expect(planSubmit(rows.slice(1, 2), 'single', choice)).toEqual({ ok: false, reason: 'rowsWithoutProxy' });
  });
});
