import type { PlatformReason, PlatformStatus, SellerAccountStatus } from '@tradedeck/sdk/domain';
import type { MarketFailureReason } from '../../integrations/market/port.ts';

/** Online requires a ping at least every 3 minutes (notes market.md §3). */
export const PING_STALE_MS = 3 * 60_000;
/** A delivery still active this long after its sale is worth a warning (the market waits 5 minutes at most). */
export const DELIVERY_LATE_MS = 60_000;

/** What the loop last learned from the market about one account. */
export interface MarketFacts {
  /** The last failure of any market call, cleared by the next success of the same kind. */
  failure: MarketFailureReason | null;
  failureDetail: string | null;
  /** The market's account checks: banned from selling, or another check failed. */
  banned: boolean;
  checkFailed: boolean;
  /**
   * `test.status.user_token` false: TM holds no trade token for the account, so it cannot deliver to buyers
   * (OpenMarketClient `src/Market.h` refuses to sell then). Cleared once set-trade-token took ours.
   */
  tradeTokenMissing: boolean;
  /** The last ping: ok (online and p2p), notOnline, failed, or null before the first. */
  ping: 'ok' | 'notOnline' | 'failed' | null;
  lastPingAt: Date | null;
  /** The market's currency when it differs from the stored one. */
  marketCurrency: string | null;
  storedCurrency: string;
  /** The oldest active delivery's creation. */
  oldestActiveDelivery: Date | null;
  deliveryFailed: boolean;
}

export interface PlatformDecision {
  status: PlatformStatus;
  reason: PlatformReason | null;
  detail: string | null;
}

/**
 * The platform status from what the market answered (notes market.md §9): error for a bad key or a selling ban,
 * warning for anything that keeps sales from flowing, online when the last ping put the account online.
 */
export function decidePlatformStatus(
  status: SellerAccountStatus,
  facts: MarketFacts,
  now: number,
): PlatformDecision {
  const decide = (s: PlatformStatus, reason: PlatformReason | null, detail: string | null = null) => ({
    status: s,
    reason,
    detail,
  });
  if (facts.failure === 'badKey') return decide('error', 'badKey', facts.failureDetail);
  if (facts.banned) return decide('error', 'marketBanned');
  if (status === 'stopped') return decide('none', 'notRunning');
  if (facts.failure === 'tradeRestricted') return decide('warning', 'tradeRestricted', facts.failureDetail);
  if (facts.failure === 'marketUnavailable')
    return decide('warning', 'marketUnavailable', facts.failureDetail);
  if (facts.marketCurrency !== null && facts.marketCurrency !== facts.storedCurrency)
    return decide(
      'warning',
      'currencyMismatch',
      `market ${facts.marketCurrency}, stored ${facts.storedCurrency}`,
    );
  if (facts.tradeTokenMissing) return decide('warning', 'tradeTokenMissing', facts.failureDetail);
  if (facts.oldestActiveDelivery && now - facts.oldestActiveDelivery.getTime() > DELIVERY_LATE_MS)
    return decide('warning', 'deliveriesPending');
  if (facts.deliveryFailed) return decide('warning', 'deliveryFailed');
  if (status === 'paused') return decide('none', 'notRunning');
  if (facts.failure === 'rateLimited') return decide('warning', 'rateLimited');
  if (facts.ping === 'failed') return decide('warning', 'pingFailed', facts.failureDetail);
  if (facts.ping === 'notOnline') return decide('warning', 'notOnline');
  if (facts.checkFailed) return decide('warning', 'marketCheckFailed');
  if (facts.ping === null) return decide('none', null);
  if (!facts.lastPingAt || now - facts.lastPingAt.getTime() > PING_STALE_MS)
    return decide('warning', 'pingStale');
  if (facts.failure !== null) return decide('warning', 'unknown', facts.failureDetail);
  return decide('online', null);
}
