import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccountLine,
  type AddRow,
  addAccountsInputSchema,
  addMafileRows,
  applyAddResult,
  type ExtractedMafile,
  editRow,
  extractMafiles,
  failedRowsMessage,
  mergeAccountLines,
  parseAccountLines,
  parseMafileText,
  prepareSubmission,
  rowsToRetry,
} from '../../src/domain/index.ts';
import { PASSKEY, uploadsFrom } from './fixtures.ts';

const SECRET = 'KDHC3rsY8+CmiswnXJcE5e5dRfc=';

function mafileFor(login: string, extra: Record<string, unknown> = {}): ExtractedMafile {
  const text = JSON.stringify({
    shared_secret: SECRET,
    identity_secret: SECRET,
    account_name: login,
    ...extra,
  });
  const result = parseMafileText(text, { tryExtractProxy: true });
  if (!result.ok) throw new Error(result.reason);
  return { fileName: `${login}.maFile`, mafile: result.mafile, text, wasEncrypted: false };
}

const line = (login: string, password: string, n = 1): AccountLine => ({
  line: n,
  login,
  password,
  proxy: null,
});

describe('add wizard rows (docs/product-shell.md §4)', () => {
  it('merges text lines into maFile rows by login, case-insensitively', () => {
    const rows = mergeAccountLines(addMafileRows([], [mafileFor('Trader_One')]), [line('trader_one', 'pw')]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ login: 'Trader_One', password: 'pw', status: 'pending', reason: null });
  });

  it('a text line without a maFile becomes an error row, unless such rows are ignored', () => {
    const base = addMafileRows([], [mafileFor('a')]);
    const listed = mergeAccountLines(base, [line('a', '1'), line('b', '2')]);
    expect(listed.map((r) => [r.login, r.status, r.reason])).toEqual([
      ['a', 'pending', null],
      ['b', 'error', 'mafileNotLoaded'],
    ]);
    const ignored = mergeAccountLines(base, [line('a', '1'), line('b', '2')], {
      ignoreRowsWithoutMafile: true,
    });
    expect(ignored.map((r) => r.login)).toEqual(['a']);
  });

  it('a maFile row without a password is an error until a line gives one', () => {
    const rows = addMafileRows([], [mafileFor('a')]);
    expect(rows[0]).toMatchObject({ status: 'error', reason: 'passwordNotSet' });
    expect(mergeAccountLines(rows, [line('A', 'x')])[0]).toMatchObject({ status: 'pending', password: 'x' });
  });

  it('duplicates by login are dropped: the first maFile and the first line stay', () => {
    const rows = mergeAccountLines(
      addMafileRows([], [mafileFor('a'), mafileFor('A', { revocation_code: 'R2' })]),
      [line('a', 'first'), line('A', 'second')],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.password).toBe('first');
    expect(rows[0]!.mafileName).toBe('a.maFile');
  });

  it('a NebulaAuth password and proxy fill a row, a typed line overrides them', async () => {
    const { extracted } = await extractMafiles(uploadsFrom('mafiles/valid'), { tryExtractProxy: true });
    const nebula = extracted.filter(
      (item) => item.mafile.variant === 'nebula' && item.mafile.embeddedPassword,
    );
    const rows = addMafileRows([], nebula);
    expect(rows[0]).toMatchObject({ password: 'fixture-embedded-password', status: 'pending' });
    expect(rows[0]!.proxyData?.host).toBe('203.0.113.10');
    const typed = parseAccountLines('fixture_nebula:typed:198.51.100.7:3128').accounts;
    const merged = mergeAccountLines(rows, typed);
    expect(merged[0]).toMatchObject({ password: 'typed' });
    expect(merged[0]!.proxyData?.host).toBe('198.51.100.7');
  });

  it('a maFile naming no login (file named by SteamID) stays as an error row until the login is typed', () => {
    const text = JSON.stringify({ shared_secret: SECRET, Session: { SteamID: '76561202255230077' } });
    const parsed = parseMafileText(text);
    if (!parsed.ok) throw new Error(parsed.reason);
    const item = { fileName: '76561202255230077.maFile', mafile: parsed.mafile, text, wasEncrypted: false };
    const rows = addMafileRows([], [item]);
    expect(rows[0]).toMatchObject({ login: '', status: 'error', reason: 'checkAllFields' });
    const named = editRow(rows, rows[0]!.key, { login: 'Typed_Login', password: 'pw' });
    expect(named[0]).toMatchObject({ key: 'typed_login', login: 'Typed_Login', status: 'pending' });
    const clash = editRow([...named, ...addMafileRows([], [item])], 'file:76561202255230077.maFile', {
      login: 'typed_login',
    });
    expect(clash.map((r) => r.key)).toEqual(['typed_login', 'file:76561202255230077.maFile']);
  });

  it('a whole fixture folder (plain and encrypted) plus a text file gives one row per account', async () => {
    const plain = await extractMafiles(uploadsFrom('mafiles/valid'));
    const encrypted = await extractMafiles(uploadsFrom('encrypted/sda'), { passkey: PASSKEY });
    const rows = addMafileRows([], [...plain.extracted, ...encrypted.extracted]);
    const logins = rows.map((r) => r.key);
    expect(new Set(logins).size).toBe(logins.length);
    expect(logins).toContain('fixture_from_filename'); // named by its file
    expect(logins).toContain('mixed_case');
    const text = rows.map((r) => `${r.login.toUpperCase()}:pw-${r.key}`).join('\n');
    const merged = mergeAccountLines(rows, parseAccountLines(text).accounts);
    expect(merged.every((r) => r.status === 'pending' && r.password === `pw-${r.key}`)).toBe(true);
  });
});

describe('submitting and retrying', () => {
  const ready = (logins: string[]): AddRow[] =>
    mergeAccountLines(
      addMafileRows(
        [],
        logins.map((l) => mafileFor(l)),
      ),
      logins.map((l, i) => line(l, `pw${i}`, i + 1)),
    );

  it('nothing listed → import at least one account; nothing complete → check all fields', () => {
    expect(prepareSubmission([], { mode: 'multiple' })).toEqual({ ok: false, reason: 'importAtLeastOne' });
    const incomplete = addMafileRows([], [mafileFor('a')]);
    expect(prepareSubmission(incomplete, { mode: 'multiple' })).toEqual({
      ok: false,
      reason: 'checkAllFields',
    });
  });

  it('sends only complete rows, by index, and the payload passes the add schema', () => {
    const rows = mergeAccountLines(ready(['a', 'b']), [line('c', 'pw')]);
    const plan = prepareSubmission(rows, { mode: 'multiple' });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.indexToKey).toEqual(['a', 'b']);
    expect(Object.keys(plan.input.accounts)).toEqual(['0', '1']);
    expect(addAccountsInputSchema.safeParse(plan.input).success).toBe(true);
  });

  it('distribute mode needs a proxy tag and leaves per-row proxies out', () => {
    expect(prepareSubmission(ready(['a']), { mode: 'distribute' })).toEqual({ ok: false, reason: 'noProxy' });
    const plan = prepareSubmission(ready(['a']), {
      mode: 'distribute',
      distribute: { proxyTagId: 4, maxAccountsPerProxy: 3 },
    });
    expect(plan.ok && plan.input.distribute).toEqual({ proxyTagId: 4, maxAccountsPerProxy: 3 });
    expect(plan.ok && addAccountsInputSchema.safeParse(plan.input).success).toBe(true);
  });

  it('marks rows from the answer, keeps failures for a retry that sends only them', () => {
    const rows = ready(['a', 'b', 'c']);
    const plan = prepareSubmission(rows, { mode: 'multiple' });
    if (!plan.ok) throw new Error('plan');
    const after = applyAddResult(rows, plan.indexToKey, {
      errors: { '1': { reason: 'invalidPassword', message: 'Неверный пароль' } },
    });
    expect(after.map((r) => r.status)).toEqual(['success', 'error', 'success']);
    expect(failedRowsMessage(after, 'ru')).toBe('b: Неверный пароль');
    expect(rowsToRetry(after).map((r) => r.key)).toEqual(['b']);
    const retry = prepareSubmission(after, { mode: 'multiple' });
    expect(retry.ok && retry.indexToKey).toEqual(['b']);
    // Fixing the password clears the server's reason.
    const fixed = editRow(after, 'b', { password: 'new' });
    expect(fixed[1]).toMatchObject({ status: 'pending', reason: null, password: 'new' });
  });

  it('single mode refuses when its one row is incomplete', () => {
    expect(prepareSubmission(addMafileRows([], [mafileFor('a')]), { mode: 'single' })).toEqual({
      ok: false,
      reason: 'checkAllFields',
    });
  });
});

describe('merge rules hold for any mix of files and lines (property)', () => {
  const login = fc.constantFrom('alpha', 'Alpha', 'BETA', 'beta', 'gamma', 'delta', 'Delta', 'eps');
  const files = fc.array(login, { maxLength: 8 });
  const lines = fc.array(fc.tuple(login, fc.option(fc.constantFrom('p1', 'p2'), { nil: '' })), {
    maxLength: 8,
  });

  it('rows are unique by login, statuses follow the data, ignore-mode keeps only maFile rows', () => {
    fc.assert(
      fc.property(files, lines, fc.boolean(), (fileLogins, textLines, ignore) => {
        const parsed = textLines.filter(([, p]) => p !== '').map(([l, p], i) => line(l, p, i + 1));
        const rows = mergeAccountLines(
          addMafileRows(
            [],
            fileLogins.map((l) => mafileFor(l)),
          ),
          parsed,
          { ignoreRowsWithoutMafile: ignore },
        );
        const keys = rows.map((r) => r.key);
        expect(new Set(keys).size).toBe(keys.length);
        const fileKeys = new Set(fileLogins.map((l) => l.toLowerCase()));
        const lineKeys = new Set(parsed.map((l) => l.login.toLowerCase()));
        const expected = new Set([...fileKeys, ...(ignore ? [] : lineKeys)]);
        expect(new Set(keys)).toEqual(expected);
        for (const row of rows) {
          if (!row.mafile) expect(row).toMatchObject({ status: 'error', reason: 'mafileNotLoaded' });
          else if (!row.password) expect(row).toMatchObject({ status: 'error', reason: 'passwordNotSet' });
          else expect(row.status).toBe('pending');
          const first = parsed.find((l) => l.login.toLowerCase() === row.key);
          if (first) expect(row.password).toBe(first.password);
        }
      }),
    );
  });

  it('after any answer, retry sends exactly the failed rows and never an added one', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 10 }), (fails) => {
        const logins = fails.map((_, i) => `acc${i}`);
        const rows = mergeAccountLines(
          addMafileRows(
            [],
            logins.map((l) => mafileFor(l)),
          ),
          logins.map((l) => line(l, 'pw')),
        );
        const plan = prepareSubmission(rows, { mode: 'multiple' });
        if (!plan.ok) throw new Error('plan');
        const errors = Object.fromEntries(
          fails.flatMap((f, i) =>
            f ? [[String(i), { reason: 'unknownError' as const, message: 'x' }]] : [],
          ),
        );
        const after = applyAddResult(rows, plan.indexToKey, { errors });
        const failed = logins.filter((_, i) => fails[i]);
        expect(rowsToRetry(after).map((r) => r.key)).toEqual(failed);
        const retry = prepareSubmission(after, { mode: 'multiple' });
        if (failed.length === 0) expect(retry).toEqual({ ok: false, reason: 'importAtLeastOne' });
        else expect(retry.ok && retry.indexToKey).toEqual(failed);
      }),
    );
  });
});
