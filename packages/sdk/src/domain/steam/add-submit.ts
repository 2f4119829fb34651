/** Turning wizard rows into the `steamAccounts.add` payload and applying its answer back to the rows. */
import type { Language } from '../../i18n/messages.ts';
import type { AddRow } from './add-rows.ts';
import { type AddAccountReason, formatFailedAccounts } from './messages.ts';
import type { AddAccountItem, AddAccountsInput, AddAccountsResult, AddMode } from './schemas.ts';

export type SubmissionPlan =
  | { ok: true; input: AddAccountsInput; indexToKey: string[] }
  | { ok: false; reason: AddAccountReason };

export interface SubmissionOptions {
  mode: AddMode;
  /** Required in distribute mode: spread accounts over the proxies of this tag. */
  distribute?: { proxyTagId: number; maxAccountsPerProxy: number };
}

/** Rows that can be sent: not yet added, with a maFile and a password. Server failures are sent again. */
export function submittableRows(rows: readonly AddRow[]): AddRow[] {
  return rows.filter((row) => row.status !== 'success' && row.mafile && row.password);
}

/**
 * Plans a submit. Nothing listed → "import at least one account". In single mode the one row must be
 * complete; in the batch modes incomplete rows stay behind as errors and the rest are sent, and only when
 * nothing is complete does the submit stop with "check all fields".
 */
export function prepareSubmission(rows: readonly AddRow[], options: SubmissionOptions): SubmissionPlan {
  const open = rows.filter((row) => row.status !== 'success');
  if (open.length === 0) return { ok: false, reason: 'importAtLeastOne' };
  const ready = submittableRows(open);
  if (ready.length === 0 || (options.mode === 'single' && ready.length !== open.length))
    return { ok: false, reason: 'checkAllFields' };
  const accounts: Record<string, AddAccountItem> = {};
  ready.forEach((row, index) => {
    accounts[String(index)] = {
      login: row.login,
      password: row.password!,
      mafile: row.mafile!,
      proxyId: options.mode === 'distribute' ? null : row.proxyId,
      proxyData:
        options.mode === 'distribute' || !row.proxyData
          ? null
          : {
              protocol: row.proxyData.protocol,
              address: row.proxyData.host,
              port: row.proxyData.port,
              username: row.proxyData.username,
              password: row.proxyData.password,
            },
    };
  });
  const input: AddAccountsInput = { mode: options.mode, accounts };
  if (options.mode === 'distribute') {
    if (!options.distribute) return { ok: false, reason: 'noProxy' };
    input.distribute = options.distribute;
  }
  return { ok: true, input, indexToKey: ready.map((row) => row.key) };
}

/** Marks sent rows as added or failed (errors come by index); unsent rows are left as they are. */
export function applyAddResult(
  rows: readonly AddRow[],
  indexToKey: readonly string[],
  result: Pick<AddAccountsResult, 'errors'>,
): AddRow[] {
  const outcome = new Map<string, AddAccountReason | null>();
  indexToKey.forEach((key, index) => {
    outcome.set(key, result.errors[String(index)]?.reason ?? null);
  });
  return rows.map((row) => {
    if (!outcome.has(row.key)) return row;
    const reason = outcome.get(row.key)!;
    return reason ? { ...row, status: 'error', reason } : { ...row, status: 'success', reason: null };
  });
}

/** Rows kept for a retry: everything not added yet. */
export function rowsToRetry(rows: readonly AddRow[]): AddRow[] {
  return rows.filter((row) => row.status !== 'success');
}

/** "{login}: {reason}, …" for the failed rows, or null when none failed (docs/product-shell.md §8). */
export function failedRowsMessage(rows: readonly AddRow[], language: Language): string | null {
  const failures = rows
    .filter((row) => row.status === 'error' && row.reason)
    .map((row) => ({ login: row.login, reason: row.reason! }));
  return failures.length > 0 ? formatFailedAccounts(failures, language) : null;
}
