/**
 * The add-accounts wizard as pure functions over rows (docs/product-shell.md §4 "Adding Steam accounts"):
 * - rows come from maFiles; text lines are merged into them by login, case-insensitively;
 * - duplicates by login are dropped (the first one stays);
 * - a text line without a maFile becomes an error row, unless rows without a maFile are ignored;
 * - a row is an error when its password or maFile is missing;
 * - after a submit, failed rows stay (with their reason) for a retry; succeeded rows are done.
 */
import type { AccountLine } from './account-lines.ts';
import type { ExtractedMafile } from './extract-mafiles.ts';
import type { AddAccountReason } from './messages.ts';
import type { ProxyPart } from './proxy-part.ts';
import { baseName } from './sda-manifest.ts';

export type AddRowStatus = 'pending' | 'success' | 'error';

export interface AddRow {
  /** Lowercased login: rows are unique by it. */
  key: string;
  login: string;
  password: string | null;
  /** maFile JSON text (decrypted). */
  mafile: string | null;
  mafileName: string | null;
  steamId: string | null;
  proxyId: number | null;
  proxyData: ProxyPart | null;
  status: AddRowStatus;
  reason: AddAccountReason | null;
}

export const loginKey = (login: string): string => login.trim().toLowerCase();

function emptyRow(login: string): AddRow {
  return {
    key: loginKey(login),
    login: login.trim(),
    password: null,
    mafile: null,
    mafileName: null,
    steamId: null,
    proxyId: null,
    proxyData: null,
    status: 'pending',
    reason: null,
  };
}

/** The login a maFile stands for: its account_name, else a file name that is not a bare SteamID. */
export function loginOfMafile(item: ExtractedMafile): string | null {
  if (item.mafile.accountName) return item.mafile.accountName;
  const stem = baseName(item.fileName).replace(/\.mafile$/i, '');
  return stem !== '' && !/^\d{17}$/.test(stem) ? stem : null;
}

/**
 * Adds maFile rows to the list. A maFile for a login already listed fills that row's file (keeping the
 * typed password); a second maFile for the same login in one upload is dropped. A NebulaAuth password or
 * proxy in the file fills only what the row does not have yet.
 */
export function addMafileRows(rows: readonly AddRow[], items: readonly ExtractedMafile[]): AddRow[] {
  const result = rows.map((row) => ({ ...row }));
  const byKey = new Map(result.map((row, index) => [row.key, index]));
  const seen = new Set<string>();
  for (const item of items) {
    const login = loginOfMafile(item);
    // A file naming no login stays visible as an error row until the user types the login in.
    const key = login ? loginKey(login) : `file:${item.fileName}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const index = byKey.get(key);
    const row = index === undefined ? { ...emptyRow(login ?? ''), key } : result[index]!;
    if (row.status === 'success') continue;
    row.mafile = item.text;
    row.mafileName = item.fileName;
    row.status = 'pending';
    row.reason = null;
    row.steamId = item.mafile.steamId;
    row.password ??= item.mafile.embeddedPassword;
    if (row.proxyId === null) row.proxyData ??= item.mafile.embeddedProxy;
    if (index === undefined) {
      byKey.set(key, result.length);
      result.push(row);
    }
  }
  return validateRows(result);
}

export interface MergeLinesOptions {
  /** Drop text lines whose login has no maFile instead of listing them as error rows. */
  ignoreRowsWithoutMafile?: boolean;
}

/** Merges parsed account lines into the rows by login, case-insensitively; later duplicate lines are dropped. */
export function mergeAccountLines(
  rows: readonly AddRow[],
  lines: readonly AccountLine[],
  options: MergeLinesOptions = {},
): AddRow[] {
  const result = rows.map((row) => ({ ...row }));
  const byKey = new Map(result.map((row, index) => [row.key, index]));
  const seen = new Set<string>();
  for (const line of lines) {
    const key = loginKey(line.login);
    if (seen.has(key)) continue;
    seen.add(key);
    let index = byKey.get(key);
    if (index === undefined) {
      if (options.ignoreRowsWithoutMafile) continue;
      index = result.length;
      byKey.set(key, index);
      result.push(emptyRow(line.login));
    }
    const row = result[index]!;
    if (row.status === 'success') continue;
    // A typed line is the user's latest word: it wins over a password or proxy embedded in the maFile.
    row.password = line.password;
    row.status = 'pending';
    row.reason = null;
    if (line.proxy) {
      row.proxyData = line.proxy;
      row.proxyId = null;
    }
  }
  return validateRows(result);
}

/** Marks rows missing a maFile or a password as errors; complete rows become pending again. */
export function validateRows(rows: readonly AddRow[]): AddRow[] {
  return rows.map((row) => {
    if (row.status === 'success') return row;
    const reason: AddAccountReason | null = !row.login
      ? 'checkAllFields'
      : !row.mafile
        ? 'mafileNotLoaded'
        : !row.password
          ? 'passwordNotSet'
          : null;
    if (reason) return { ...row, status: 'error', reason };
    // A row that failed on the server keeps its reason until the user changes it.
    if (row.status === 'error' && !isLocalReason(row.reason)) return row;
    return { ...row, status: 'pending', reason: null };
  });
}

const isLocalReason = (reason: AddAccountReason | null): boolean =>
  reason === null ||
  reason === 'mafileNotLoaded' ||
  reason === 'passwordNotSet' ||
  reason === 'checkAllFields';

/**
 * Changes one row's fields (the wizard's inline edit) and re-validates it, clearing a server reason.
 * A new login re-keys the row; a login another row already has is refused (the rows come back unchanged).
 */
export function editRow(
  rows: readonly AddRow[],
  key: string,
  change: Partial<Pick<AddRow, 'login' | 'password' | 'mafile' | 'mafileName' | 'proxyId' | 'proxyData'>>,
): AddRow[] {
  const newKey = change.login !== undefined ? loginKey(change.login) : key;
  if (newKey !== key && rows.some((row) => row.key === newKey)) return [...rows];
  return validateRows(
    rows.map((row) =>
      row.key === key && row.status !== 'success'
        ? {
            ...row,
            ...change,
            login: (change.login ?? row.login).trim(),
            key: newKey,
            status: 'pending',
            reason: null,
          }
        : row,
    ),
  );
}

export function removeRow(rows: readonly AddRow[], key: string): AddRow[] {
  return rows.filter((row) => row.key !== key);
}
