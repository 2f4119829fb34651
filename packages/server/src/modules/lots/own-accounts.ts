import { ResultCode } from '@tradedeck/sdk/contract';
import { AppError } from '../../http/app-error.ts';
import type { LotsShared } from './deps.ts';
import { lotMessages } from './messages.ts';

/** Refuses (not found) a filter that names a seller account the user does not have: no probing of other tenants. */
export async function ensureOwnAccounts(
  deps: LotsShared,
  userId: string,
  ids: readonly number[] | undefined,
) {
  if (!ids || ids.length === 0) return;
  const found = await deps.repo.run(userId, (q) => q.accounts(ids));
  if (found.length !== new Set(ids).size)
    throw new AppError({ code: ResultCode.NotFound, text: lotMessages.accountNotFound });
}
