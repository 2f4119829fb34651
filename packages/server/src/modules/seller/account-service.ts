import { type contract, ResultCode, type SellerAccountRow } from '@tradedeck/sdk/contract';
import {
  type Currency,
  isCurrency,
  PLATFORM_STATUSES,
  type PlatformStatus,
  SELLER_ACCOUNT_STATUSES,
  type SellerAccountStatus,
  type SellerPlatform,
} from '@tradedeck/sdk/domain';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { MarketBalance, MarketCredentials, MarketFailure } from '../../integrations/market/port.ts';
import { announceAccount } from './announce.ts';
import { marketKeyIdOf, sealApiKey, sealPaymentPassword } from './credentials.ts';
import type { SellerShared } from './deps.ts';
import { sellerMessages } from './messages.ts';
import type { NewSellerAccount, SellerQueries } from './repo.ts';
import { toAccountRow } from './views.ts';

type Input<K extends keyof typeof contract.p2p> = z.output<(typeof contract.p2p)[K]['input']>;

/** What the market said about a key: the balance it reads, in the market's currency. */
interface CheckedKey {
  balance: MarketBalance;
  marketCurrency: Currency;
}

function marketError(failure: MarketFailure): AppError {
  if (failure.reason === 'badKey')
    return new AppError({ code: ResultCode.OperationRejected, text: sellerMessages.apiKeyInvalid });
  if (failure.reason === 'marketUnavailable' || failure.reason === 'rateLimited')
    return new AppError({
      code: ResultCode.ServiceUnavailable,
      text: sellerMessages.apiConnectionError,
      details: { reason: failure.reason },
    });
  return new AppError({
    code: ResultCode.OperationRejected,
    text: sellerMessages.apiConnectionError,
    details: { reason: failure.reason },
  });
}

/** The seller accounts themselves: list, read, connect a Steam account to the market, change its settings. */
export class SellerAccountService {
  constructor(private readonly deps: SellerShared) {}

  async query(userId: string, input: Input<'query'>) {
    const { page, pageSize } = input.pages;
    const { rows, total } = await this.deps.repo.run(userId, (q) =>
      q.page(input, input.sort, page, pageSize),
    );
    return { items: rows.map(toAccountRow), total, page, pageSize };
  }

  async counters(userId: string) {
    const { groups, activeDeliveries, balances } = await this.deps.repo.run(userId, (q) => q.counters());
    const byStatus = Object.fromEntries(SELLER_ACCOUNT_STATUSES.map((s) => [s, 0])) as Record<
      SellerAccountStatus,
      number
    >;
    const byPlatformStatus = Object.fromEntries(PLATFORM_STATUSES.map((s) => [s, 0])) as Record<
      PlatformStatus,
      number
    >;
    let total = 0;
    for (const group of groups) {
      total += group.n;
      byStatus[group.status as SellerAccountStatus] += group.n;
      byPlatformStatus[group.platform as PlatformStatus] += group.n;
    }
    const sums = balances.filter((b) => isCurrency(b.currency));
    return {
      total,
      byStatus,
      byPlatformStatus,
      activeDeliveries,
      balances: {
        available: sums.map((b) => ({ currency: b.currency as Currency, amount: b.available })),
        onHold: sums.map((b) => ({ currency: b.currency as Currency, amount: b.onHold })),
      },
    };
  }

  async get(userId: string, id: number): Promise<SellerAccountRow> {
    const view = await this.deps.repo.run(userId, (q) => q.view(id));
    if (!view) throw new AppError({ code: ResultCode.NotFound, text: sellerMessages.accountNotFound });
    return toAccountRow(view);
  }

  async create(userId: string, input: Input<'create'>): Promise<SellerAccountRow> {
    const steam = await this.deps.repo.run(userId, async (q) => {
      const account = await q.steamAccount(input.steamAccountId);
      if (!account)
        throw new AppError({ code: ResultCode.NotFound, text: sellerMessages.steamAccountNotFound });
      if (await q.hasSteamAccount(input.steamAccountId, input.platform))
        throw new AppError({ code: ResultCode.AlreadyExists, text: sellerMessages.steamAccountTaken });
      if (!account.steamId)
        throw new AppError({ code: ResultCode.InvalidState, text: sellerMessages.noSteamId });
      const proxyId = input.proxyId === undefined ? account.proxyId : input.proxyId;
      if (proxyId !== null && !(await q.proxyExists(proxyId)))
        throw new AppError({ code: ResultCode.NotFound, text: sellerMessages.proxyNotFound });
      return { steamId: account.steamId, proxyId };
    });
    // Waxpeer sells in USD only.
    const currency: Currency = input.platform === 'waxpeer' ? 'USD' : input.tmCurrency;
    const checked = await this.checkKey(input.apiKey, currency, steam.steamId, input.platform);
    const sealedKey = await sealApiKey(
      this.deps.secrets,
      userId,
      input.steamAccountId,
      input.apiKey,
      input.platform,
    );
    const paymentPasswordEnc = await sealPaymentPassword(
      this.deps.secrets,
      userId,
      input.steamAccountId,
      input.paymentPassword,
      input.platform,
    );
    const now = new Date(this.deps.now());
    const values: Omit<NewSellerAccount, 'userId'> = {
      steamAccountId: input.steamAccountId,
      platform: input.platform,
      ...sealedKey,
      paymentPasswordEnc,
      proxyId: steam.proxyId,
      currency,
      modules: [...new Set(input.modules)],
      status: 'stopped',
      ...this.balanceColumns(checked, currency, now),
    };
    return this.deps.repo.run(userId, async (q) => {
      if (await q.hasSteamAccount(input.steamAccountId, input.platform))
        throw new AppError({ code: ResultCode.AlreadyExists, text: sellerMessages.steamAccountTaken });
      const row = await q.insert(values);
      return this.answer(userId, q, row.id);
    });
  }

  async update(userId: string, input: Input<'update'>): Promise<SellerAccountRow> {
    const current = await this.deps.repo.run(userId, async (q) => {
      const row = await q.account(input.id);
      if (!row) throw new AppError({ code: ResultCode.NotFound, text: sellerMessages.accountNotFound });
      if (input.proxyId != null && !(await q.proxyExists(input.proxyId)))
        throw new AppError({ code: ResultCode.NotFound, text: sellerMessages.proxyNotFound });
      const steam = await q.steamAccount(row.steamAccountId);
      return { row, steamId: steam?.steamId ?? null };
    });
    const currency = input.tmCurrency ?? (current.row.currency as Currency);
    const values: Partial<NewSellerAccount> = {};
    const now = new Date(this.deps.now());
    if (input.apiKey !== undefined && marketKeyIdOf(input.apiKey) !== current.row.keyId) {
      if (!current.steamId)
        throw new AppError({ code: ResultCode.InvalidState, text: sellerMessages.noSteamId });
      const platform = current.row.platform as SellerPlatform;
      const checked = await this.checkKey(input.apiKey, currency, current.steamId, platform);
      Object.assign(
        values,
        await sealApiKey(this.deps.secrets, userId, current.row.steamAccountId, input.apiKey, platform),
        this.balanceColumns(checked, currency, now),
      );
    }
    if (input.paymentPassword !== undefined)
      values.paymentPasswordEnc = await sealPaymentPassword(
        this.deps.secrets,
        userId,
        current.row.steamAccountId,
        input.paymentPassword,
        current.row.platform as SellerPlatform,
      );
    if (input.proxyId !== undefined) values.proxyId = input.proxyId;
    if (input.modules !== undefined) values.modules = [...new Set(input.modules)];
    if (input.tmCurrency !== undefined) values.currency = input.tmCurrency;
    return this.deps.repo.run(userId, async (q) => {
      if (Object.keys(values).length > 0 && !(await q.update(input.id, values)))
        throw new AppError({ code: ResultCode.NotFound, text: sellerMessages.accountNotFound });
      return this.answer(userId, q, input.id);
    });
  }

  private async answer(userId: string, q: SellerQueries, id: number): Promise<SellerAccountRow> {
    await announceAccount(this.deps.eventLog, userId, q, id);
    const view = await q.view(id);
    if (!view) throw new AppError({ code: ResultCode.NotFound, text: sellerMessages.accountNotFound });
    return toAccountRow(view);
  }

  /** The key must open the market account of this Steam account; its balance is read on the way. */
  private async checkKey(
    apiKey: string,
    currency: Currency,
    steamId: string,
    platform: SellerPlatform = 'tm',
  ): Promise<CheckedKey> {
    const creds: MarketCredentials = { apiKey, keyId: marketKeyIdOf(apiKey), currency, platform };
    const owner = await this.deps.market.steamId(creds);
    if (!owner.ok) throw marketError(owner);
    if (owner.steamId !== steamId)
      throw new AppError({ code: ResultCode.OperationRejected, text: sellerMessages.apiKeyOtherAccount });
    const balance = await this.deps.market.balance(creds);
    if (!balance.ok) throw marketError(balance);
    return { balance: balance.balance, marketCurrency: balance.currency };
  }

  /** The balances read at the check; a currency other than the chosen one is a platform warning (the guard). */
  private balanceColumns(checked: CheckedKey, currency: Currency, now: Date): Partial<NewSellerAccount> {
    const mismatch = checked.marketCurrency !== currency;
    return {
      balanceAvailable: checked.balance.available.amount,
      balanceOnHold: checked.balance.onHold.amount,
      balanceCurrency: checked.marketCurrency,
      balanceUpdatedAt: now,
      platformStatus: mismatch ? 'warning' : 'none',
      platformReason: mismatch ? 'currencyMismatch' : 'notRunning',
      platformDetail: mismatch ? `market ${checked.marketCurrency}, stored ${currency}` : null,
      platformUpdatedAt: now,
    };
  }
}
