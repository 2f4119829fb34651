/**
 * A bulk action over seller accounts, sent in chunks so the dialog can show progress, with the answers merged
 * into one outcome: which accounts were done, which failed and why (per account, in the server's words), how many
 * active trades a force run cancelled, and for a stop whether it is complete (every account stopped).
 */
import type { P2pBulkResult } from '@tradedeck/sdk/contract';

export type BulkAction = 'start' | 'pause' | 'stop' | 'remove';
export type BulkFailure = P2pBulkResult['failed'][number];

/** One chunk's answer as the four operations give it (stop and remove add their extra fields). */
export interface ChunkAnswer extends P2pBulkResult {
  outcome?: 'complete' | 'incomplete';
  cancelledDeliveries?: number;
}

export interface BulkOutcome {
  succeededIds: number[];
  failed: BulkFailure[];
  cancelledDeliveries: number;
  /** Stop only: complete when every account stopped. */
  outcome: 'complete' | 'incomplete' | null;
}

/** Accounts per request: small enough for visible progress, large enough to stay fast at hundreds. */
export const BULK_CHUNK = 10;

/** Actions that ask first and can be forced (spec §4 "P2P account actions"). */
export const CONFIRMED_ACTIONS: readonly BulkAction[] = ['stop', 'remove'];

export async function runBulk(
  ids: readonly number[],
  send: (chunk: number[]) => Promise<ChunkAnswer>,
  onProgress: (done: number, total: number) => void,
  /** The failure text of a chunk whose request itself failed (network, server error). */
  describe: (error: unknown) => string,
  chunkSize = BULK_CHUNK,
): Promise<BulkOutcome> {
  const result: BulkOutcome = { succeededIds: [], failed: [], cancelledDeliveries: 0, outcome: null };
  let done = 0;
  let requestFailed = false;
  onProgress(0, ids.length);
  for (let start = 0; start < ids.length; start += chunkSize) {
    const chunk = ids.slice(start, start + chunkSize);
    try {
      const answer = await send(chunk);
      result.succeededIds.push(...answer.succeededIds);
      result.failed.push(...answer.failed);
      result.cancelledDeliveries += answer.cancelledDeliveries ?? 0;
      if (answer.outcome) result.outcome = result.outcome === 'incomplete' ? 'incomplete' : answer.outcome;
    } catch (error) {
      const message = describe(error);
      for (const id of chunk) result.failed.push({ id, resultCode: 0, message, reason: 'failed' });
      requestFailed = true;
    }
    done += chunk.length;
    onProgress(done, ids.length);
  }
  // A stop whose request failed for some accounts did not stop every account.
  if (requestFailed && result.outcome !== null) result.outcome = 'incomplete';
  return result;
}

/** Whether a retry with force would help: some account was refused for its active trades. */
export const hasActiveTradeRefusals = (failed: readonly BulkFailure[]) =>
  failed.some((failure) => failure.reason === 'activeTrades');
