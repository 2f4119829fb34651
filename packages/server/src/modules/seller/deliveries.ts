import { createHash } from 'node:crypto';
import {
  type DeliveryStatus,
  FINAL_OFFER_STATES,
  type TradeAsset,
  TradeOfferState,
} from '@tradedeck/sdk/domain';
import { move } from '../../db/state-machine.ts';
import type {
  MarketCredentials,
  MarketDeliveryRequest,
  MarketFailure,
  MarketHistoryEntry,
} from '../../integrations/market/port.ts';
import { intentFields, intentsFields } from '../../intent-log.ts';
import { announceAccount, announceDelivery } from './announce.ts';
import { deliveryMachine } from './delivery-machine.ts';
import type { SellerShared } from './deps.ts';
import type { DeliveryRow, SellerQueries } from './repo.ts';

/** The offer reference of a market delivery: derived from its hash, so a resend after a crash is the same send. */
export function deliveryReference(hash: string): string {
  return `tm${createHash('sha256').update(hash).digest('base64url').slice(0, 32)}`;
}

/** A sent offer's confirmation is asked about at most this often by one loop (Steam's per-account limit). */
export const DELIVERY_CONFIRM_INTERVAL_MS = 10_000;

/** Who the deliveries of one account run as. */
export interface DeliveryOwner {
  userId: string;
  sellerAccountId: number;
  steamAccountId: number;
  /** The market of the seller account (TM when absent). */
  platform?: string;
}

/** No offer is started with this much or less left before the market's deadline (Waxpeer's `send_until`). */
export const SEND_UNTIL_MARGIN_MS = 60_000;

/**
 * How long before a delivery was recorded its sale may have happened (a loop that was down a while): the market's
 * history is read that far back when the delivery completes.
 */
export const SALE_LOOKBACK_MS = 24 * 3600_000;

/** What a step ran into at the market (for the platform status). */
export type MarketNote = (failure: MarketFailure | null) => void;

/**
 * One account's deliveries, step by step (intent before action, docs/trading-rules.md §2): the row of a
 * delivery request is written before anything is sent, then the Steam offer goes out through the trading
 * area's send path (its own intent, reconciled by the `[td:<reference>]` after a crash, so one hash never
 * gets a second offer), is confirmed (our own offer only) and registered with the market (trade-ready). Each
 * step is recorded with its event before the next begins; a step that fails for a passing reason is simply
 * tried again by the next pass.
 */
export class DeliverySteps {
  /** When each sent delivery's confirmation may be asked about again (this loop's own pacing). */
  readonly #nextConfirm = new Map<number, number>();

  constructor(private readonly deps: SellerShared) {}

  /**
   * Writes the intents of new delivery requests; answers how many were new. The Steam account's seller accounts
   * are locked first, so of two markets' sales of one item the first recorded is delivered and the second is
   * recorded as held back (never sent: the market cancels it) and the user is told.
   */
  async record(owner: DeliveryOwner, requests: MarketDeliveryRequest[]): Promise<number> {
    if (requests.length === 0) return 0;
    const sold: string[] = [];
    const written: { id: number; reference: string }[] = [];
    const fresh = await this.deps.repo.run(owner.userId, async (q) => {
      let fresh = 0;
      await q.lockSteamAccountSellers(owner.steamAccountId);
      for (const request of requests) {
        const assetIds = request.items.map((item) => item.assetId);
        const heldBack = await q.deliveredElsewhere(owner.steamAccountId, owner.sellerAccountId, assetIds);
        const row = await q.insertDelivery({
          sellerAccountId: owner.sellerAccountId,
          platform: owner.platform ?? 'tm',
          hash: request.hash,
          status: heldBack ? 'failed' : 'pending',
          ...(heldBack ? { failure: 'soldElsewhere', detail: 'sold on another market first' } : {}),
          partnerSteamId: request.partnerSteamId,
          tradeToken: request.tradeToken,
          message: request.message,
          items: request.items,
          reference: deliveryReference(request.hash),
          sendUntil: request.sendUntil ?? null,
        });
        if (!row) continue;
        fresh += 1;
        written.push({ id: row.id, reference: row.reference });
        if (heldBack) await this.tellHeldBack(owner, q, request.items.length);
        else sold.push(...assetIds);
        await announceDelivery(this.deps.eventLog, owner.userId, q, row);
      }
      if (fresh > 0) await announceAccount(this.deps.eventLog, owner.userId, q, owner.sellerAccountId);
      return fresh;
    });
    for (const row of written)
      this.deps.log.info(
        {
          ...intentFields('delivery', row.reference),
          sellerAccountId: owner.sellerAccountId,
          deliveryId: row.id,
        },
        'delivery intent written',
      );
    // The sale's lots show as sold now; a failure here only waits for the next lots sync to say the same.
    if (sold.length > 0)
      await this.deps.onSold?.(owner.userId, owner.sellerAccountId, sold).catch((error: unknown) =>
        this.deps.log.warn(
          {
            err: error,
            ...intentsFields(
              'delivery',
              written.map((row) => row.reference),
            ),
            sellerAccountId: owner.sellerAccountId,
          },
          'sold lots not marked; the next sync marks them',
        ),
      );
    return fresh;
  }

  /**
   * Takes every active delivery of the account as far as it goes now; answers how many are still active and
   * when the oldest of them was recorded.
   */
  async advanceAll(
    owner: DeliveryOwner,
    creds: MarketCredentials,
    note: MarketNote,
  ): Promise<{ left: number; oldest: Date | null }> {
    const active = await this.deps.repo.run(owner.userId, (q) => q.activeDeliveries(owner.sellerAccountId));
    const rows: (DeliveryRow | null)[] = [];
    for (const delivery of active)
      rows.push(delivery.status === 'pending' ? await this.send(owner, delivery) : delivery);
    // Every offer of the account waiting for its confirmation is answered in one go, at most once per
    // confirmation interval: Steam allows one confirmation request per account every 10 s.
    const due = rows.filter(
      (row): row is DeliveryRow =>
        row?.status === 'sent' && (this.#nextConfirm.get(row.id) ?? 0) <= this.deps.now(),
    );
    if (due.length > 0) {
      const settled = await this.confirm(owner, due);
      for (const [i, row] of rows.entries()) if (row && settled.has(row.id)) rows[i] = settled.get(row.id)!;
    }
    const taken = new Map<number, DeliveryRow | null>();
    const registered: DeliveryRow[] = [];
    for (const row of rows)
      if (row?.status === 'confirmed' && (await this.register(row, creds, note))) registered.push(row);
    if (registered.length > 0) {
      // One read of the market's history after every offer of the pass was taken carries all their sales.
      const earliest = Math.min(...registered.map((row) => row.createdAt.getTime()));
      const history = this.deps.onDelivered ? await this.salesSince(creds, earliest - SALE_LOOKBACK_MS) : [];
      for (const row of registered) taken.set(row.id, await this.ready(owner, row, history));
    }
    let left = 0;
    let oldest: Date | null = null;
    for (let row of rows) {
      if (row && taken.has(row.id)) row = taken.get(row.id)!;
      if (row && row.status !== 'ready' && row.status !== 'failed') {
        left += 1;
        oldest ??= row.createdAt;
      } else if (row) this.#nextConfirm.delete(row.id);
    }
    return { left, oldest };
  }

  /** The user hears that a sale was held back because its item sold on another market first. */
  private async tellHeldBack(owner: DeliveryOwner, q: SellerQueries, items: number): Promise<void> {
    const view = await q.view(owner.sellerAccountId);
    await this.deps.notifications.post(
      owner.userId,
      {
        kind: 'saleHeldBack',
        params: {
          accountId: owner.sellerAccountId,
          login: view?.login ?? String(owner.sellerAccountId),
          platform: owner.platform === 'waxpeer' ? 'waxpeer' : 'tm',
          items,
        },
        link: '/panel/accounts',
      },
      q.tx,
    );
  }

  private async send(owner: DeliveryOwner, row: DeliveryRow): Promise<DeliveryRow | null> {
    // Too little time left before the market's deadline: no offer is started (the market cancels the sale).
    if (row.sendUntil && row.sendUntil.getTime() - this.deps.now() <= SEND_UNTIL_MARGIN_MS)
      return this.move(owner, row, 'pending', {
        status: 'failed',
        failure: 'tooLate',
        detail: `send_until ${row.sendUntil.toISOString()}`,
      });
    const sent = await this.deps.steamTrading.sendOffer(
      owner.userId,
      {
        accountId: owner.steamAccountId,
        partnerSteamId: row.partnerSteamId,
        tradeToken: row.tradeToken,
        itemsToGive: row.items as TradeAsset[],
        itemsToReceive: [],
        message: row.message,
        reference: row.reference,
      },
      'en',
    );
    if (!sent.ok) {
      if (sent.retry === 'never')
        return this.move(owner, row, 'pending', {
          status: 'failed',
          failure: 'offerRefused',
          detail: sent.reason,
        });
      this.deps.log.warn(
        {
          ...intentFields('delivery', row.reference),
          reason: sent.reason,
          sellerAccountId: owner.sellerAccountId,
          deliveryId: row.id,
        },
        'delivery offer not sent yet',
      );
      return row;
    }
    const intent = sent.value;
    if (intent.status === 'failed')
      return this.move(owner, row, 'pending', {
        status: 'failed',
        failure: 'offerRefused',
        detail: intent.errorReason ?? null,
      });
    if (intent.status !== 'done' || !intent.offerId) return row;
    const at = new Date(this.deps.now());
    const moved = await this.move(owner, row, 'pending', {
      status: intent.needsConfirmation ? 'sent' : 'confirmed',
      offerId: intent.offerId,
      sentAt: at,
      ...(intent.needsConfirmation ? {} : { confirmedAt: at }),
    });
    // A force stop failed the delivery while the offer was on its way: take the offer back.
    if (!moved) await this.cancelQuietly(owner, row, intent.offerId);
    return moved;
  }

  /**
   * Confirms the sent offers (our own only). A confirmation Steam no longer lists (its reply was lost, or the
   * process died after confirming) is settled from the offer's own state, so the delivery still reaches
   * trade-ready; an offer still waiting for its confirmation is asked about again after the interval.
   */
  private async confirm(owner: DeliveryOwner, due: DeliveryRow[]): Promise<Map<number, DeliveryRow | null>> {
    const moved = new Map<number, DeliveryRow | null>();
    const again = this.deps.now() + DELIVERY_CONFIRM_INTERVAL_MS;
    for (const row of due) this.#nextConfirm.set(row.id, again);
    // The account's tags leave our own offers for the user: the confirmation waits in the centre, and the offer's
    // state tells once the user answered it there.
    if (!(await this.deps.ownOfferRule(owner.userId, owner.steamAccountId))) {
      for (const row of due) {
        const settled = await this.settleFromOffer(owner, row);
        if (settled !== row) moved.set(row.id, settled);
      }
      return moved;
    }
    const offerIds = due.map((row) => row.offerId!);
    const confirmed = await this.deps.steamTrading.confirmOffers(
      owner.userId,
      owner.steamAccountId,
      offerIds,
    );
    if (!confirmed.ok && confirmed.reason !== 'confirmationNotFound') {
      this.deps.log.warn(
        {
          ...intentsFields(
            'delivery',
            due.map((row) => row.reference),
          ),
          reason: confirmed.reason,
          sellerAccountId: owner.sellerAccountId,
        },
        'delivery confirmation not given yet',
      );
      return moved;
    }
    const answered = new Set(confirmed.ok ? confirmed.value.answered : []);
    for (const row of due) {
      if (answered.has(row.offerId!)) {
        moved.set(
          row.id,
          await this.move(owner, row, 'sent', {
            status: 'confirmed',
            confirmedAt: new Date(this.deps.now()),
          }),
        );
        continue;
      }
      const settled = await this.settleFromOffer(owner, row);
      if (settled !== row) moved.set(row.id, settled);
    }
    return moved;
  }

  /** No confirmation waits for the offer: it was given before a crash, or the offer ended. The offer's state tells. */
  private async settleFromOffer(owner: DeliveryOwner, row: DeliveryRow): Promise<DeliveryRow | null> {
    const got = await this.deps.steamTrading.getOffer(owner.userId, owner.steamAccountId, row.offerId!);
    if (!got.ok || got.value.state === TradeOfferState.CreatedNeedsConfirmation) return row;
    if (FINAL_OFFER_STATES.has(got.value.state) && got.value.state !== TradeOfferState.Accepted)
      return this.move(owner, row, 'sent', {
        status: 'failed',
        failure: 'offerRefused',
        detail: `offer state ${got.value.state}`,
      });
    return this.move(owner, row, 'sent', { status: 'confirmed', confirmedAt: new Date(this.deps.now()) });
  }

  /** Registers our offer with the market (`trade-ready`); true once the market took it. */
  private async register(row: DeliveryRow, creds: MarketCredentials, note: MarketNote): Promise<boolean> {
    const done = await this.deps.market.tradeReady(creds, row.offerId!);
    note(done.ok ? null : done);
    return done.ok;
  }

  /**
   * The market took the offer: the delivery is done, and its sales are recorded with the move from the market's
   * history read after that (keyed by the market's sale id, so the lots sync that reads them later, or a pass after
   * a crash, never writes them twice). A history the market did not answer leaves them to the next lots sync.
   */
  private ready(owner: DeliveryOwner, row: DeliveryRow, history: MarketHistoryEntry[]) {
    return this.move(
      owner,
      row,
      'confirmed',
      { status: 'ready', readyAt: new Date(this.deps.now()) },
      history,
    );
  }

  /** The account's market history since `from`; empty when the market does not answer. */
  private async salesSince(creds: MarketCredentials, from: number): Promise<MarketHistoryEntry[]> {
    // A sale the market completed just now may carry a time a little past this process's clock.
    const read = await this.deps.market.history(creds, new Date(from), new Date(this.deps.now() + 60_000));
    return read.ok ? read.entries : [];
  }

  /** Records a step with its events; null when the delivery moved on meanwhile (a force stop failed it). */
  private async move(
    owner: DeliveryOwner,
    row: DeliveryRow,
    from: DeliveryStatus,
    values: Partial<DeliveryRow> & { status: DeliveryStatus },
    history: MarketHistoryEntry[] = [],
  ): Promise<DeliveryRow | null> {
    const { status, ...set } = values;
    const moved = await this.deps.repo.run(owner.userId, (q) =>
      move(q.deliveryStatus, deliveryMachine, row, from, status, {
        set,
        event: async (moved) => {
          await this.announce(owner, q, moved);
          if (moved.status === 'ready' && history.length > 0)
            await this.deps.onDelivered?.(
              {
                userId: owner.userId,
                sellerAccountId: owner.sellerAccountId,
                assetIds: (moved.items as TradeAsset[]).map((item) => item.assetId),
                history,
                now: this.deps.now(),
              },
              q.tx,
            );
        },
      }),
    );
    if (moved)
      this.deps.log.info(
        {
          ...intentFields('delivery', row.reference),
          sellerAccountId: owner.sellerAccountId,
          deliveryId: row.id,
          status,
          offerId: moved.offerId,
          failure: moved.failure,
        },
        'delivery step recorded',
      );
    return moved;
  }

  private async announce(owner: DeliveryOwner, q: SellerQueries, row: DeliveryRow): Promise<void> {
    await announceDelivery(this.deps.eventLog, owner.userId, q, row);
    if (row.status === 'ready' || row.status === 'failed')
      await announceAccount(this.deps.eventLog, owner.userId, q, owner.sellerAccountId);
  }

  /** Fails every active delivery of the account (a force stop or delete), cancelling sent offers on Steam. */
  async cancelAll(owner: DeliveryOwner): Promise<number> {
    const active = await this.deps.repo.run(owner.userId, (q) => q.activeDeliveries(owner.sellerAccountId));
    let cancelled = 0;
    for (const row of active) {
      const failed = await this.move(owner, row, row.status as DeliveryStatus, {
        status: 'failed',
        failure: 'cancelled',
      });
      if (!failed) continue;
      cancelled += 1;
      if (row.offerId) await this.cancelQuietly(owner, row, row.offerId);
    }
    return cancelled;
  }

  private async cancelQuietly(owner: DeliveryOwner, row: DeliveryRow, offerId: string): Promise<void> {
    const done = await this.deps.steamTrading
      .cancelOffer(owner.userId, owner.steamAccountId, offerId)
      .catch(() => ({ ok: false as const }));
    if (!done.ok)
      this.deps.log.warn(
        { ...intentFields('delivery', row.reference), offerId, sellerAccountId: owner.sellerAccountId },
        'offer not cancelled',
      );
  }
}
