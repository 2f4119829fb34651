/**
 * The sales of one Waxpeer account: pushed by the trade socket, and polled from `ready-to-transfer-p2p` whenever
 * the socket is down and at least once a minute while it is up (Waxpeer's docs, quoted by DarkGL/waxpeer
 * `readyToTransferP2P`: "you should be making this request at least every minute"). A sale with a minute or
 * less left before its `send_until` is not handed out ("we do not recommend creating a trade if one minute or
 * less is left"), nor one without a `send_until` (it cannot be checked: the safe reading).
 */
import type { MarketDeliveryRequest, MarketResult } from '../port.ts';
import { deliveryOfSendTrade, waxpeerSaleHash } from './waxpeer-json.ts';

/** Waxpeer's fallback cadence: at least one poll a minute. */
export const WAXPEER_POLL_EVERY_MS = 60_000;
/** No offer is started with this much or less left before `send_until`. */
export const WAXPEER_SEND_UNTIL_MARGIN_MS = 60_000;

export type DeliveryPoll = () => Promise<MarketResult<{ requests: MarketDeliveryRequest[] }>>;

export class WaxpeerSaleFeed {
  /** Sales the socket pushed, with when they arrived. */
  readonly #pushed = new Map<string, { request: MarketDeliveryRequest; at: number }>();
  #polled = new Map<string, MarketDeliveryRequest>();
  readonly #cancelled = new Set<string>();
  #lastPollAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly now: () => number) {}

  /** A `send-trade` event. */
  pushed(data: Record<string, unknown>): void {
    const request = deliveryOfSendTrade(data);
    if (request && !this.#cancelled.has(request.hash))
      this.#pushed.set(request.hash, { request, at: this.now() });
  }

  /** A `cancelTrade` event. */
  cancelled(data: Record<string, unknown>): void {
    const hash = waxpeerSaleHash(String(data.trade_id ?? ''));
    this.#cancelled.add(hash);
    this.#pushed.delete(hash);
    this.#polled.delete(hash);
  }

  /** Whether the next call must poll: the socket is down, or the last poll is a minute old. */
  mustPoll(socketOpen: boolean): boolean {
    return !socketOpen || this.now() - this.#lastPollAt >= WAXPEER_POLL_EVERY_MS;
  }

  /**
   * The sales to deliver now. Polls first when it must; a successful poll is the whole truth about every sale
   * pushed before it began (a pushed sale it no longer lists was cancelled or taken care of).
   */
  async requests(
    socketOpen: boolean,
    poll: DeliveryPoll,
  ): Promise<MarketResult<{ requests: MarketDeliveryRequest[] }>> {
    if (this.mustPoll(socketOpen)) {
      const startedAt = this.now();
      const polled = await poll();
      if (!polled.ok) {
        if (!socketOpen) return polled;
      } else {
        this.#lastPollAt = startedAt;
        this.#polled = new Map(
          polled.requests.filter((r) => !this.#cancelled.has(r.hash)).map((r) => [r.hash, r]),
        );
        for (const [hash, pushed] of this.#pushed)
          if (pushed.at < startedAt && !this.#polled.has(hash)) this.#pushed.delete(hash);
      }
    }
    const all = new Map(this.#polled);
    for (const [hash, pushed] of this.#pushed) all.set(hash, pushed.request);
    const now = this.now();
    return { ok: true, requests: [...all.values()].filter((request) => startable(request, now)) };
  }
}

/** Time enough left before `send_until` to create and confirm the offer. */
export function startable(request: MarketDeliveryRequest, now: number): boolean {
  if (request.sendUntil === undefined) return true;
  return request.sendUntil !== null && request.sendUntil.getTime() - now > WAXPEER_SEND_UNTIL_MARGIN_MS;
}
