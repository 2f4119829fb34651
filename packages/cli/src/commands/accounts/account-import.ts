import {
  type AddMode,
  type AddRow,
  addAccountReasonMessages,
  applyAddResult,
  formatInvalidMafiles,
  lineFailureMessages,
  mergeAccountLines,
  ProxyStatus,
  parseAccountLines,
  prepareSubmission,
  submittableRows,
} from '@tradedeck/sdk/domain';
import type { CommandContext } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { readTextInput, usage } from '../../kit/command-helpers.ts';
import { collectAll } from '../../kit/lists.ts';
import { type LiveView, openLiveView } from '../../kit/live.ts';
import { settleBatch } from '../../kit/outcome.ts';
import { resolveProxyTagId } from '../../kit/proxy-tag-lookup.ts';
import { AddJobFollower } from './add-job-follower.ts';
import { chunk, rowsFromExtracted } from './import-rows.ts';
import type { ImportProgress } from './import-view.tsx';
import { extractWithPasskey } from './mafile-passkey.ts';
import { collectMafiles } from './mafile-sources.ts';
import { ImportFailures } from './retry-state.ts';

export interface ImportOptions {
  mafiles: string;
  lines?: string;
  mode: AddMode;
  proxyTag?: string;
  maxPerProxy?: number;
  /** Read the passkey from standard input (else it is asked for when the maFiles are encrypted). */
  passkeyStdin?: boolean;
  retryFailed?: boolean;
  chunkSize: number;
}

export interface AccountOutcome {
  key: string;
  login: string;
  /**
   * unchanged: already stored with the same password and maFile (a rerun), which is success; existing: already
   * stored with another password or maFile, left as it is (not a failure either).
   */
  status: 'added' | 'unchanged' | 'existing' | 'failed';
  reason?: string;
  message?: string;
}

/**
 * `tradedeck accounts import`: the add wizard without a screen. maFiles are read by the server, account lines
 * are merged in by login, complete rows are sent in chunks (each account signs in to Steam), and every account
 * ends added, unchanged (already stored the same way: a rerun of an import cut short) or failed with its reason.
 * Logins not added are remembered for `--retry-failed`, also when the run is cut by a lost connection.
 */
export async function importAccounts(ctx: CommandContext, options: ImportOptions): Promise<void> {
  const failuresStore = new ImportFailures(ctx.settings.directory);
  const retryKeys = options.retryFailed ? failuresStore.get(options.mafiles) : null;
  if (options.retryFailed && !retryKeys) {
    ctx.print({ added: [], failed: [] }, () => ctx.t('nothingToRetry', { path: options.mafiles }));
    return;
  }
  const distribute =
    options.mode === 'distribute'
      ? {
          proxyTagId: await usableProxyTag(ctx, options.proxyTag!),
          maxAccountsPerProxy: options.maxPerProxy ?? 1,
        }
      : undefined;
  const linesText = options.lines !== undefined ? await readTextInput(ctx, options.lines) : null;
  const files = await collectMafiles(ctx, options.mafiles);

  const extracted = await extractWithPasskey(ctx, files, { passkeyStdin: options.passkeyStdin === true });
  const report: string[] = [];
  if (extracted.invalidMafiles.length > 0) {
    report.push(
      formatInvalidMafiles(
        extracted.invalidMafiles.map((f) => f.fileName),
        ctx.lang,
      ),
    );
    for (const file of extracted.invalidMafiles) {
      report.push(`  ${ctx.t('invalidMafile', { file: file.fileName, message: file.message })}`);
    }
  }
  let rows = rowsFromExtracted(extracted.extractedData);
  const lineErrors: Array<{ line: number; login: string | null; message: string }> = [];
  if (linesText !== null) {
    const parsed = parseAccountLines(linesText);
    for (const error of parsed.errors) {
      const message = lineFailureMessages[ctx.lang][error.reason];
      lineErrors.push({ line: error.line, login: error.login, message });
      report.push(
        ctx.t('lineError', { line: error.line, login: error.login ? ` (${error.login})` : '', message }),
      );
    }
    rows = mergeAccountLines(rows, parsed.accounts);
  }
  if (retryKeys) {
    const wanted = new Set(retryKeys);
    rows = rows.filter((row) => wanted.has(row.key));
  }
  if (rows.length === 0) {
    for (const line of report) ctx.io.stderr(`${line}\n`);
    throw new CliFailure(ctx.t('nothingToAdd'), ExitCode.Error, { error: 'nothing-to-add', lineErrors });
  }
  if (options.mode === 'single' && rows.length !== 1) usage(ctx, 'singleNeedsOne', { count: rows.length });

  const submitted = await submitInChunks(ctx, rows, options.mode, distribute, options.chunkSize, (left) =>
    // A run cut short (lost connection, server gone) keeps what is still to send for --retry-failed.
    failuresStore.set(options.mafiles, left),
  );
  rows = submitted.rows;

  const outcomes = rows.map((row) => outcomeOf(ctx, row, submitted.unchanged));
  const failed = outcomes.filter((o) => o.status === 'failed');
  const there = outcomes.filter((o) => o.status === 'unchanged' || o.status === 'existing');
  const added = outcomes.filter((o) => o.status === 'added');
  // Accounts already stored are not failures: they stay out of the --retry-failed list.
  const failedLogins = new Set(failed.map((o) => o.key));
  failuresStore.set(
    options.mafiles,
    rows.filter((row) => failedLogins.has(row.key)).map((row) => row.key),
  );

  ctx.print(
    {
      added: added.map((o) => o.login),
      unchanged: outcomes.filter((o) => o.status === 'unchanged').map((o) => o.login),
      existing: outcomes.filter((o) => o.status === 'existing').map((o) => o.login),
      failed: failed.map(({ key: _key, ...outcome }) => outcome),
      invalidMafiles: extracted.invalidMafiles,
      lineErrors,
    },
    () => outcomes.map((o) => outcomeLine(ctx, o)).join('\n'),
  );
  for (const line of report) ctx.io.stderr(`${line}\n`);
  const counts = {
    added: added.length,
    total: outcomes.length,
    failed: failed.length,
    unchanged: there.length,
  };
  const summary = ctx.t(there.length > 0 ? 'importDoneUnchanged' : 'importDone', counts);
  const problems = failed.length + extracted.invalidMafiles.length + lineErrors.length;
  if (failed.length > 0) ctx.io.stderr(`${ctx.t('retryHint')}\n`);
  settleBatch(summary, { done: added.length + there.length, failed: problems });
  ctx.io.stderr(`${summary}\n`);
}

function outcomeOf(ctx: CommandContext, row: AddRow, unchanged: ReadonlySet<string>): AccountOutcome {
  const login = row.login || row.mafileName || '?';
  if (row.status === 'success')
    return { key: row.key, login, status: unchanged.has(row.key) ? 'unchanged' : 'added' };
  // Stored before with another password or maFile: already there, left as it is.
  if (row.reason === 'alreadyAdded') return { key: row.key, login, status: 'existing' };
  const reason = row.reason ?? 'unknownError';
  return {
    key: row.key,
    login,
    status: 'failed',
    reason,
    message: addAccountReasonMessages[ctx.lang][reason],
  };
}

function outcomeLine(ctx: CommandContext, outcome: AccountOutcome): string {
  if (outcome.status === 'added') return ctx.t('accountAdded', { login: outcome.login });
  if (outcome.status === 'unchanged') return ctx.t('accountUnchanged', { login: outcome.login });
  if (outcome.status === 'existing') return ctx.t('accountExisting', { login: outcome.login });
  return `${outcome.login}: ${outcome.message}`;
}

async function submitInChunks(
  ctx: CommandContext,
  rows: AddRow[],
  mode: AddMode,
  distribute: { proxyTagId: number; maxAccountsPerProxy: number } | undefined,
  chunkSize: number,
  onCut: (notAddedKeys: string[]) => void,
): Promise<{ rows: AddRow[]; unchanged: Set<string> }> {
  let current = rows;
  const unchanged = new Set<string>();
  const ready = submittableRows(rows);
  const progress: ImportProgress = {
    total: rows.length,
    added: 0,
    failed: rows.length - ready.length,
    current: [],
  };
  const view: LiveView<ImportProgress> | null = await openLiveView(
    ctx,
    async () => {
      const { importView } = await import('./import-view.tsx');
      return (p: ImportProgress) => importView(p, ctx.t);
    },
    progress,
    { refreshMs: 100 },
  );
  // Each chunk is a job on the server (a sign-in through a proxy may wait 10 s on live Steam); the view follows
  // its sign-ins as they end.
  let inFlight: string[] = [];
  const jobs = new AddJobFollower(ctx, (login) => {
    inFlight = inFlight.filter((item) => item.toLowerCase() !== login.toLowerCase());
    view?.update({ ...progress, current: inFlight });
  });
  try {
    await jobs.start();
    for (const part of chunk(ready, chunkSize)) {
      const keys = new Set(part.map((row) => row.key));
      inFlight = part.map((row) => row.login);
      view?.update({ ...progress, current: inFlight });
      const plan = prepareSubmission(part, { mode, ...(distribute ? { distribute } : {}) });
      if (!plan.ok) {
        current = current.map((row) =>
          keys.has(row.key) ? { ...row, status: 'error', reason: plan.reason } : row,
        );
      } else {
        const result = await jobs.add(plan.input);
        current = applyAddResult(current, plan.indexToKey, result);
        for (const index of result.unchanged ?? []) {
          const key = plan.indexToKey[Number(index)];
          if (key !== undefined) unchanged.add(key);
        }
      }
      const settled = current.filter((row) => keys.has(row.key));
      progress.added += settled.filter((row) => row.status === 'success').length;
      progress.failed += settled.filter((row) => row.status !== 'success').length;
      view?.update({ ...progress, current: [] });
    }
  } catch (error) {
    onCut(current.filter((row) => row.status !== 'success').map((row) => row.key));
    throw error;
  } finally {
    await view?.close();
    await jobs.stop();
  }
  return { rows: current, unchanged };
}

/**
 * The tag to distribute over, when it has a proxy accounts can sign in through: otherwise every account would
 * fail with "No proxy", so the command says what is wrong with the tag instead.
 */
async function usableProxyTag(ctx: CommandContext, tag: string): Promise<number> {
  const tagId = await resolveProxyTagId(ctx, tag);
  const proxies = await collectAll((page, pageSize) =>
    ctx.client().proxies.query({ withTagIds: [tagId], pages: { page, pageSize } }),
  );
  const unusable = new Set<number>([ProxyStatus.Invalid, ProxyStatus.Expired]);
  if (proxies.length === 0) throw new CliFailure(ctx.t('distributeEmptyTag', { tag }), ExitCode.Error);
  if (proxies.every((proxy) => unusable.has(proxy.status))) {
    throw new CliFailure(ctx.t('distributeNoUsable', { tag, count: proxies.length }), ExitCode.Error);
  }
  return tagId;
}
