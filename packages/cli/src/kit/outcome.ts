import type { CommandContext } from '../context.ts';
import { CliFailure, ExitCode } from '../exit-codes.ts';

/**
 * Ends a batch command whose items were done one by one. Every item done: nothing happens (the caller has
 * printed its summary). Some failed: the summary becomes the error line, with exit 3 when some items were done
 * (partial success) and exit 1 when none were. The failures themselves are printed by the caller on stderr
 * and are in its `--json` answer.
 */
export function settleBatch(summary: string, counts: { done: number; failed: number }): void {
  if (counts.failed === 0) return;
  throw new CliFailure(summary, counts.done > 0 ? ExitCode.Partial : ExitCode.Error);
}

export interface IdBatchResult {
  succeededIds: number[];
  failed: Array<{ id: number; message: string }>;
}

/**
 * Reports a batch over ids as the server answered it: the answer (JSON with `--json`, else the summary) on
 * stdout, one `id N: reason` line per failure on stderr, then `settleBatch`.
 */
export function reportIdBatch(ctx: CommandContext, result: IdBatchResult, summary: string): void {
  ctx.print(result, () => summary);
  for (const failure of result.failed) {
    ctx.io.stderr(`${ctx.t('removeFailed', { id: failure.id, message: failure.message })}\n`);
  }
  settleBatch(summary, { done: result.succeededIds.length, failed: result.failed.length });
}
