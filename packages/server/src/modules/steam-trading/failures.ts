import { ResultCode } from '@tradedeck/sdk/contract';
import { tradeFailureMessages } from '@tradedeck/sdk/domain';
import { AppError } from '../../http/app-error.ts';
import type { TradeFailure } from '../../integrations/steam/index.ts';

/** A trading failure as the caller sees it: the reason's text in their language, the reason and retry as details. */
export function tradeError(failure: TradeFailure, extra: Record<string, unknown> = {}): AppError {
  const code = failure.reason === 'offerNotFound' ? ResultCode.NotFound : ResultCode.OperationRejected;
  return new AppError({
    code,
    text: { ru: tradeFailureMessages.ru[failure.reason], en: tradeFailureMessages.en[failure.reason] },
    details: {
      reason: failure.reason,
      retry: failure.retry,
      ...(failure.retryAfter ? { retryAfter: failure.retryAfter.toISOString() } : {}),
      ...extra,
    },
  });
}

/** The value of a successful result, or the failure thrown as an API error. */
export function unwrap<T>(result: ({ ok: true } & T) | TradeFailure): T {
  if (!result.ok) throw tradeError(result);
  return result;
}
