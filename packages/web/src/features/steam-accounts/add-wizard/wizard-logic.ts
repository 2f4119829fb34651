/**
 * The add wizard's rules as pure functions over rows. Merging, validation, the submit plan and applying the
 * answer are the sdk's (`add-rows`, `add-submit`, `account-lines`); this file only adapts uploads and the
 * server's wire answers to them and decides what the wizard shows.
 */
import {
  type AccountLineError,
  type AddAccountsResult,
  type AddMode,
  type AddRow,
  addAccountReasonMessages,
  addMafileRows,
  applyAddResult,
  type ExtractedMafile,
  type ExtractMafilesResultWire,
  formatInvalidMafiles,
  hasMafileExtension,
  type MafileWarning,
  mafileFailureMessages,
  mergeAccountLines,
  parseAccountLines,
  parseMafileText,
  prepareSubmission,
  type SubmissionPlan,
  steamListMessages,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';

type UploadKind = 'mafile' | 'zip' | 'manifest';

/** What the wizard sends to the server: maFiles (any case of `.mafile`), zip archives and an SDA manifest. */
export function uploadKind(fileName: string): UploadKind | null {
  const name = fileName.trim();
  if (hasMafileExtension(name)) return 'mafile';
  if (/\.zip$/i.test(name)) return 'zip';
  if (/(^|[/\\])manifest\.json$/i.test(name)) return 'manifest';
  return null;
}

/** Splits picked or dropped files into those worth sending and the names refused by extension. */
export function splitUploads<T extends { name: string }>(
  files: readonly T[],
): { accepted: T[]; rejected: string[] } {
  const accepted: T[] = [];
  const rejected: string[] = [];
  for (const file of files) {
    if (uploadKind(file.name)) accepted.push(file);
    else rejected.push(file.name);
  }
  return { accepted, rejected };
}

export interface InvalidFile {
  fileName: string;
  message: string;
}

/** What the reader noticed in a maFile (legacy session, no identity_secret...), by the maFile's text. */
export type MafileNotes = ReadonlyMap<string, readonly MafileWarning[]>;

/**
 * Turns the server's extraction answer into wizard rows. Each extracted maFile is read again locally by the
 * sdk reader (it is the same text) so the sdk merge rules get the parsed file; single mode keeps one file.
 */
export function rowsFromExtraction(
  rows: readonly AddRow[],
  answer: ExtractMafilesResultWire,
  options: { mode: AddMode; tryExtractProxy: boolean; language: Language },
): { rows: AddRow[]; invalid: InvalidFile[]; loaded: number; notes: MafileNotes } {
  const items: ExtractedMafile[] = [];
  const notes = new Map<string, readonly MafileWarning[]>();
  const invalid: InvalidFile[] = answer.invalidMafiles.map((item) => ({
    fileName: item.fileName,
    message: item.message,
  }));
  for (const item of answer.extractedData) {
    const parsed = parseMafileText(item.mafile, { tryExtractProxy: options.tryExtractProxy });
    if (!parsed.ok) {
      invalid.push({
        fileName: item.fileName,
        message: mafileFailureMessages[options.language][parsed.reason],
      });
      continue;
    }
    items.push({ fileName: item.fileName, mafile: parsed.mafile, text: item.mafile, wasEncrypted: false });
    if (parsed.mafile.warnings.length > 0) notes.set(item.mafile, parsed.mafile.warnings);
  }
  if (options.mode === 'single') {
    const first = items.slice(0, 1);
    // One account: a new file replaces the row, keeping a password typed for the same login.
    const merged = addMafileRows(
      rows.filter((row) => row.mafile === null),
      first,
    );
    const withFile = merged.filter((row) => row.mafile !== null);
    return { rows: withFile.length > 0 ? withFile : merged, invalid, loaded: first.length, notes };
  }
  return { rows: addMafileRows(rows, items), invalid, loaded: items.length, notes };
}

/** Files refused locally plus those the server refused, as "Невалидные мафайлы: {list}" (null when none). */
export function invalidFilesMessage(invalid: readonly InvalidFile[], language: Language): string | null {
  if (invalid.length === 0) return null;
  return formatInvalidMafiles(
    invalid.map((item) => item.fileName),
    language,
  );
}

/** Merges typed or loaded account lines into the rows by the sdk rules; bad lines come back by number. */
export function applyAccountLines(
  rows: readonly AddRow[],
  text: string,
  options: { ignoreRowsWithoutMafile: boolean },
): { rows: AddRow[]; errors: AccountLineError[] } {
  const parsed = parseAccountLines(text);
  return {
    rows: mergeAccountLines(rows, parsed.accounts, {
      ignoreRowsWithoutMafile: options.ignoreRowsWithoutMafile,
    }),
    errors: parsed.errors,
  };
}

export interface DistributeChoice {
  proxyTagId: number | null;
  maxAccountsPerProxy: number;
}

/**
 * The single and multiple modes sign each row in through its own proxy (picked from the stored ones, or from its
 * line or maFile); a row without one would only fail after the submit, so it is marked and held back before.
 */
export function lacksProxy(row: AddRow, mode: AddMode): boolean {
  return mode !== 'distribute' && row.status !== 'success' && row.proxyId === null && row.proxyData === null;
}

/** Why the wizard will not submit: the sdk's reasons, no proxy tag chosen, or rows that still lack a proxy. */
export type WizardPlan = SubmissionPlan | { ok: false; reason: 'noTag' | 'rowsWithoutProxy' };

/**
 * The submit plan. Single and multiple modes send only rows with a proxy (none with one: refused); distribute
 * mode needs a proxy tag and a positive limit first.
 */
export function planSubmit(rows: readonly AddRow[], mode: AddMode, distribute: DistributeChoice): WizardPlan {
  if (mode !== 'distribute') {
    const withProxy = rows.filter((row) => !lacksProxy(row, mode));
    const held = rows.length - withProxy.length;
    if (held > 0 && (mode === 'single' || !withProxy.some((row) => row.status !== 'success')))
      return { ok: false, reason: 'rowsWithoutProxy' };
    return prepareSubmission(withProxy, { mode });
  }
  if (distribute.proxyTagId === null) return { ok: false, reason: 'noTag' };
  if (!(distribute.maxAccountsPerProxy >= 1)) return { ok: false, reason: 'noProxy' };
  return prepareSubmission(rows, {
    mode,
    distribute: {
      proxyTagId: distribute.proxyTagId,
      maxAccountsPerProxy: Math.floor(distribute.maxAccountsPerProxy),
    },
  });
}

/**
 * Rows after the server's answer, how many were added, the server's own words for a row where they say more than
 * its reason ("no proxy" with its cause, say), by row key, and the "{login}: {reason}, …" line of failures.
 */
export function afterSubmit(
  rows: readonly AddRow[],
  indexToKey: readonly string[],
  answer: Pick<AddAccountsResult, 'errors'>,
  language: Language,
): { rows: AddRow[]; added: number; failures: string | null; details: Map<string, string> } {
  const next = applyAddResult(rows, indexToKey, answer);
  const added = indexToKey.length - Object.keys(answer.errors).length;
  const details = new Map<string, string>();
  indexToKey.forEach((key, index) => {
    const error = answer.errors[String(index)];
    if (error && error.message !== addAccountReasonMessages[language][error.reason])
      details.set(key, error.message);
  });
  const sent = new Set(indexToKey);
  const failed = next.filter((row) => sent.has(row.key) && row.status === 'error' && row.reason);
  return {
    rows: next,
    added,
    failures:
      failed.length === 0
        ? null
        : failed
            .map((row) =>
              steamListMessages[language].failedAccount
                .replace('{login}', row.login)
                .replace('{reason}', details.get(row.key) ?? addAccountReasonMessages[language][row.reason!]),
            )
            .join(', '),
    details,
  };
}

interface WizardSummary {
  ready: number;
  errors: number;
  added: number;
  /** Rows a server refused (not a missing field): what "retry failed" sends again. */
  retryable: number;
}

const LOCAL_REASONS = new Set(['mafileNotLoaded', 'passwordNotSet', 'checkAllFields']);

/** Counts by state; in the single and multiple modes a row without a proxy is not ready. */
export function summarize(rows: readonly AddRow[], mode: AddMode): WizardSummary {
  let ready = 0;
  let errors = 0;
  let added = 0;
  let retryable = 0;
  for (const row of rows) {
    if (row.status === 'success') added += 1;
    else if (lacksProxy(row, mode)) errors += 1;
    else if (row.status === 'error') {
      errors += 1;
      if (retryableRows([row]).length > 0) retryable += 1;
    } else ready += 1;
  }
  return { ready, errors, added, retryable };
}

/** "retry failed" sends only the rows a server refused; complete rows that never went wait for "Add". */
export function retryableRows(rows: readonly AddRow[]): AddRow[] {
  return rows.filter(
    (row) =>
      row.status === 'error' &&
      row.reason !== null &&
      !LOCAL_REASONS.has(row.reason) &&
      row.mafile &&
      row.password,
  );
}
