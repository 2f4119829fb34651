/**
 * Why a trading call failed, in one vocabulary for the live and the sandbox Steam: HTTP statuses, Steam's
 * EResult codes (from `x-eresult` or the trailing `(N)` of a `strError`) and Steam's named causes map to a reason
 * and a retry policy here, so the services, the web and the CLI never read raw Steam answers.
 */
import { z } from 'zod';

export const TRADE_FAILURE_REASONS = [
  'noProxy',
  'proxyError',
  'rateLimited',
  'sessionExpired',
  'sessionRevoked',
  'noIdentitySecret',
  'tradeProtectionNotAcknowledged',
  'tradeBan',
  'targetCannotTrade',
  'newDevice',
  'escrowHold',
  'accessDenied',
  'inventoryPrivate',
  'itemsUnavailable',
  'tooManyItems',
  'tooManyOffersToPartner',
  'offerLimitExceeded',
  'emptyOffer',
  'offerToSelf',
  'invalidReference',
  'offerNotFound',
  'offerNotActive',
  'offerExpired',
  'confirmationNotFound',
  'duplicateRequest',
  'invalidRequest',
  'serviceUnavailable',
  'timeout',
  'unknownError',
] as const;
export const tradeFailureReasonSchema = z.enum(TRADE_FAILURE_REASONS);
export type TradeFailureReason = z.infer<typeof tradeFailureReasonSchema>;

export type TradeRetry =
  /** Asking again gives the same answer. */
  | 'never'
  /** A transient failure: try again later. */
  | 'later'
  /** Derive a new access token from the refresh token, then try once more. */
  | 'refreshSession'
  /** The refresh token is dead: only a new sign-in helps. */
  | 'signIn'
  /** Steam limits this egress: rest the proxy; asking earlier resets Steam's timer. */
  | 'coolDownProxy'
  /** The call may have happened (a send that timed out): look for it before sending again. */
  | 'reconcile';

export const TRADE_REASON_RETRY: Readonly<Record<TradeFailureReason, TradeRetry>> = {
  noProxy: 'never',
  proxyError: 'later',
  rateLimited: 'coolDownProxy',
  sessionExpired: 'refreshSession',
  sessionRevoked: 'signIn',
  noIdentitySecret: 'never',
  tradeProtectionNotAcknowledged: 'later',
  tradeBan: 'never',
  targetCannotTrade: 'never',
  newDevice: 'later',
  escrowHold: 'never',
  accessDenied: 'never',
  inventoryPrivate: 'never',
  itemsUnavailable: 'never',
  tooManyItems: 'never',
  tooManyOffersToPartner: 'later',
  offerLimitExceeded: 'later',
  emptyOffer: 'never',
  offerToSelf: 'never',
  invalidReference: 'never',
  offerNotFound: 'never',
  offerNotActive: 'never',
  offerExpired: 'never',
  confirmationNotFound: 'later',
  duplicateRequest: 'reconcile',
  invalidRequest: 'never',
  serviceUnavailable: 'later',
  timeout: 'reconcile',
  unknownError: 'later',
};

/** Reasons that put the account itself in status error (with the reason as its last error) until it recovers. */
export const ACCOUNT_ERROR_REASONS: ReadonlySet<TradeFailureReason> = new Set([
  'sessionRevoked',
  'tradeBan',
  'newDevice',
  'noIdentitySecret',
]);

/** Steam's EResult codes as they appear on trading calls (notes §7, §9, §11 D). */
export const TRADE_ERESULT_REASONS: Readonly<Record<number, TradeFailureReason>> = {
  2: 'unknownError', // Fail
  8: 'invalidRequest', // InvalidParam
  10: 'serviceUnavailable', // Busy
  11: 'offerNotActive', // InvalidState
  15: 'accessDenied', // AccessDenied: no trade token, not friends, token rotated
  16: 'timeout', // Timeout: the offer may exist
  17: 'tradeBan', // Banned
  20: 'serviceUnavailable', // ServiceUnavailable: item server (the game's coordinator) down
  21: 'sessionExpired', // NotLoggedOn
  25: 'offerLimitExceeded', // LimitExceeded
  26: 'itemsUnavailable', // Revoked: items no longer in the inventory
  27: 'offerExpired', // Expired
  29: 'duplicateRequest', // DuplicateRequest
  34: 'sessionExpired', // LogonSessionReplaced
  42: 'offerNotFound', // NoMatch
  50: 'tooManyOffersToPartner', // five offers already pending to this partner (ASF #333)
  84: 'rateLimited', // RateLimitExceeded
};

/**
 * Named causes Steam writes in `strError` instead of (or beside) a code (steam-tradeoffer-manager
 * `lib/helpers.js` `checkNeededAuth`/`makeAnError`). Order matters: the partner's ban is read before our own.
 */
const TEXT_CAUSES: readonly [RegExp, TradeFailureReason][] = [
  // "You cannot trade with … because they have a trade ban.": the partner is banned, our account is fine.
  [/cannot trade with .* because they have a trade ban/i, 'targetCannotTrade'],
  // Both come without a "(N)": 25 LimitExceeded and 20 ServiceUnavailable.
  [/sent too many trade offers/i, 'offerLimitExceeded'],
  [/unable to contact the game'?s item server/i, 'serviceUnavailable'],
  [/trade ?ban|trade-banned|banned from trading/i, 'tradeBan'],
  [/new ?device|new authenticator/i, 'newDevice'],
  [/target ?cannot ?trade|is not available to trade|unable to trade with/i, 'targetCannotTrade'],
  [/trade ?protection|acknowledge/i, 'tradeProtectionNotAcknowledged'],
];

export interface TradeErrorSignal {
  httpStatus?: number;
  eresult?: number;
  /** `strError` or another error text of Steam's. */
  text?: string;
}

/** The EResult at the end of a Steam error text: "There was an error sending your trade offer. (26)". */
export function eresultInText(text: string): number | null {
  const match = /\((\d{1,3})\)\s*$/.exec(text.trim());
  if (match) return Number(match[1]);
  // Texts Steam sends without the code (steam-tradeoffer-manager `lib/helpers.js` gives them these).
  if (/sent too many trade offers/i.test(text)) return 25;
  if (/unable to contact the game'?s item server/i.test(text)) return 20;
  return null;
}

export function classifyTradeError(signal: TradeErrorSignal): TradeFailureReason {
  if (signal.text) {
    for (const [pattern, reason] of TEXT_CAUSES) if (pattern.test(signal.text)) return reason;
  }
  const eresult = signal.eresult ?? (signal.text ? eresultInText(signal.text) : null);
  if (eresult !== null && eresult !== undefined && eresult !== 1) {
    return TRADE_ERESULT_REASONS[eresult] ?? 'unknownError';
  }
  const status = signal.httpStatus ?? 0;
  if (status === 429) return 'rateLimited';
  if (status === 401) return 'sessionExpired';
  if (status === 403) return 'accessDenied';
  if (status === 404) return 'offerNotFound';
  if (status >= 500) return 'serviceUnavailable';
  return 'unknownError';
}
