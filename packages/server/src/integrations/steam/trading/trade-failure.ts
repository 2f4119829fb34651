/** Builds the port's trading failures from a reason, a Steam answer or a failed session refresh. */
import {
  classifyTradeError,
  EResult,
  eresultInText,
  TRADE_REASON_RETRY,
  type TradeErrorSignal,
  type TradeFailureReason,
} from '@tradedeck/sdk/domain';
import type { SteamFailure } from '../port.ts';
import type { TradeFailure } from '../trading-port.ts';

export function tradeFailure(
  reason: TradeFailureReason,
  extra: Omit<Partial<TradeFailure>, 'ok' | 'reason' | 'retry'> = {},
): TradeFailure {
  return { ok: false, reason, retry: TRADE_REASON_RETRY[reason], ...extra };
}

/** A Steam answer (status, code, text) as a failure; `detail` keeps Steam's text short for logs. */
export function failureFromSteam(signal: TradeErrorSignal): TradeFailure {
  const extra: Omit<Partial<TradeFailure>, 'ok' | 'reason' | 'retry'> = {};
  const eresult = signal.eresult ?? (signal.text ? eresultInText(signal.text) : null);
  if (eresult !== null && eresult !== undefined) extra.eresult = eresult;
  if (signal.httpStatus !== undefined) extra.httpStatus = signal.httpStatus;
  if (signal.text) extra.detail = signal.text.slice(0, 200);
  return tradeFailure(classifyTradeError(signal), extra);
}

/**
 * A refresh of the web session that failed. A token Steam refuses (any code but a rate limit or an outage)
 * means the session is gone: only a new sign-in brings it back.
 */
export function failureFromSessionRefresh(failure: SteamFailure): TradeFailure {
  const extra: Omit<Partial<TradeFailure>, 'ok' | 'reason' | 'retry'> = {};
  if (failure.retryAfter) extra.retryAfter = failure.retryAfter;
  if (failure.answeredFromRest) extra.answeredFromRest = true;
  const cause = failure.failure;
  switch (cause.kind) {
    case 'noProxy':
      return tradeFailure('noProxy', extra);
    case 'proxy':
      return tradeFailure('proxyError', extra);
    case 'timeout':
    case 'unknown':
    case 'guard':
      return tradeFailure('serviceUnavailable', extra);
    case 'eresult':
      extra.eresult = cause.eresult;
      if (cause.eresult === EResult.RateLimitExceeded) return tradeFailure('rateLimited', extra);
      if (cause.eresult === EResult.ServiceUnavailable) return tradeFailure('serviceUnavailable', extra);
      return tradeFailure('sessionRevoked', extra);
  }
}
