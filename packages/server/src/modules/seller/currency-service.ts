import { ResultCode } from '@tradedeck/sdk/contract';
import type { Currency } from '@tradedeck/sdk/domain';
import { AppError } from '../../http/app-error.ts';
import type { MarketFailure } from '../../integrations/market/port.ts';
import { announceAccount } from './announce.ts';
import { openCredentials } from './credentials.ts';
import type { SellerShared } from './deps.ts';
import { sellerMessages } from './messages.ts';
import { toAccountRow } from './views.ts';

/** change-currency's refusals (notes market.md §2.2): which of the spec's three errors each one is. */
const INVALID_VALUE_CODES = new Set(['1004', '1005']);

/**
 * A seller account's currency on the market (notes market.md §9 "Currency change"): asked of the market only
 * when nothing is listed or in flight, since TM refuses it otherwise and the currency guard of every write relies
 * on the stored currency; on success the stored currency follows.
 */
export class SellerCurrencyService {
  constructor(private readonly deps: SellerShared) {}

  async change(userId: string, id: number, to: Currency) {
    const view = await this.deps.repo.run(userId, (q) => q.view(id));
    if (!view) throw new AppError({ code: ResultCode.NotFound, text: sellerMessages.accountNotFound });
    if (view.currency === to) throw invalidValues('1004');
    if (view.ordersCount > 0 || view.activeDeliveries > 0) throw busy('listed');
    const creds = await openCredentials(this.deps.secrets, view);
    const listings = await this.deps.market.listings(creds);
    if (!listings.ok) throw refusal(listings);
    if (listings.listings.length > 0) throw busy('listed');
    const changed = await this.deps.market.changeCurrency(creds, to);
    if (!changed.ok) throw refusal(changed);
    this.deps.log.info({ sellerAccountId: id, keyId: view.keyId, to }, 'seller account currency changed');
    return this.deps.repo.run(userId, async (q) => {
      await q.update(id, {
        currency: to,
        balanceAvailable: null,
        balanceOnHold: null,
        balanceCurrency: null,
      });
      await announceAccount(this.deps.eventLog, userId, q, id);
      const updated = await q.view(id);
      if (!updated) throw new AppError({ code: ResultCode.NotFound, text: sellerMessages.accountNotFound });
      return toAccountRow(updated);
    });
  }
}

function invalidValues(code: string): AppError {
  return new AppError({
    code: ResultCode.ValidationError,
    text: sellerMessages.currencyInvalidValues,
    details: { marketCode: code },
  });
}

function busy(marketCode: string): AppError {
  return new AppError({
    code: ResultCode.InvalidState,
    text: {
      ru: `${sellerMessages.currencyUpdateFailed.ru}. ${sellerMessages.currencyBusy.ru}`,
      en: `${sellerMessages.currencyUpdateFailed.en}. ${sellerMessages.currencyBusy.en}`,
    },
    details: { marketCode },
  });
}

function refusal(failure: MarketFailure): AppError {
  if (failure.reason === 'marketUnavailable' || failure.reason === 'rateLimited')
    return new AppError({
      code: ResultCode.ServiceUnavailable,
      text: sellerMessages.currencyNetworkError,
      details: { reason: failure.reason },
    });
  if (failure.reason === 'currencyChangeRefused' && failure.detail && INVALID_VALUE_CODES.has(failure.detail))
    return invalidValues(failure.detail);
  if (failure.reason === 'currencyChangeRefused' && failure.detail) return busy(failure.detail);
  return new AppError({
    code: ResultCode.OperationRejected,
    text: sellerMessages.currencyUpdateFailed,
    details: { reason: failure.reason },
  });
}
