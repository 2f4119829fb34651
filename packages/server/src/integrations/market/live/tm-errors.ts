/**
 * TM's answers that are not a success, as the port's reasons (notes market.md §2.2). The envelope carries the
 * error in `error` (`message` for ping-new); HTTP 502/503 mean TM cannot be reached or is in maintenance.
 */
import type { MarketFailureReason } from '../port.ts';

const BY_TEXT: readonly [RegExp, MarketFailureReason][] = [
  [/^bad key$/i, 'badKey'],
  [/too_often|too often|too many requests/i, 'rateLimited'],
  [/wrong_payment_password|payment password|pay_pass/i, 'wrongPaymentPassword'],
  [/not_enough_money|not enough money|insufficient|no_money/i, 'insufficientFunds'],
  [/transfer.*(not.?allowed|disabled|forbidden|unavailable)|money_send_disabled/i, 'transferNotSupported'],
  [/bad_receiver|receiver|user_not_found/i, 'receiverNotFound'],
  [/currency/i, 'currencyMismatch'],
  [
    /inventory_not_loaded|item_not_recieved|item_not_received|item_not_in_inventory|no_description_found|item_not_inserted/i,
    'itemNotInInventory',
  ],
  [/bad_item/i, 'unknownItem'],
  [/you cant trade|you can't trade|trade ban|trade hold/i, 'tradeRestricted'],
  [/bad_input|bad_request/i, 'badRequest'],
];

/** change-currency's numbered refusals: 1001 items on sale, 1003 withdrawals, 1004 same, 1005 bad, 1007 too soon. */
const CURRENCY_CHANGE_CODES = new Set(['1001', '1003', '1004', '1005', '1007']);

export function reasonOfTmError(error: unknown): MarketFailureReason {
  const text = String(error ?? '').trim();
  if (CURRENCY_CHANGE_CODES.has(text)) return 'currencyChangeRefused';
  for (const [pattern, reason] of BY_TEXT) if (pattern.test(text)) return reason;
  return 'unknownError';
}

export function reasonOfHttpStatus(status: number): MarketFailureReason | null {
  if (status === 429) return 'rateLimited';
  if (status === 502 || status === 503 || status === 504 || status >= 500) return 'marketUnavailable';
  return null;
}
