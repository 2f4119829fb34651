/**
 * The member check of a transfer's receiver: the key (typed, or the one saved for the receiver) must open the
 * receiver's own market account (its SteamID is the account's), and the receiver's currency is the one the market
 * answers for it. A saved key that opens nothing or another account is marked, and reported as such.
 *
 * TM has no call that tells whether money may go to an account without moving something: `transfer-discounts`
 * moves the sender's fee discounts (TM's account API page), so it is never called. An account TM refuses transfers
 * for is learned from the money-send's own refusal (`transferNotSupported`).
 */
import type { MemberCheckReason } from '@tradedeck/sdk/contract';
import { ResultCode } from '@tradedeck/sdk/contract';
import type { Currency, Money } from '@tradedeck/sdk/domain';
import { AppError } from '../../http/app-error.ts';
import { marketKeyId } from '../../integrations/market/key-id.ts';
import type { MarketCredentials } from '../../integrations/market/port.ts';
import type { TmAccountFacts } from '../seller/index.ts';
import type { TransferShared } from './deps.ts';
import { transferMessages } from './messages.ts';
import { openReceiverKey } from './secrets.ts';

export interface MemberOutcome {
  receiver: TmAccountFacts;
  /** The key the check used (typed or saved), in memory only. */
  apiKey: string | null;
  saved: boolean;
  reason: MemberCheckReason | null;
  currency: Currency | null;
  /** The receiver's spendable balance as the market answered it with its currency; null when not read. */
  balance: Money | null;
}

export const MEMBER_REASON_TEXT: Record<MemberCheckReason, keyof typeof transferMessages> = {
  keyInvalid: 'apiKeyRequired',
  keyOtherAccount: 'apiKeyOtherAccount',
  savedKeyMismatch: 'savedKeyInvalid',
  noSavedKey: 'noSavedKey',
  transferNotSupported: 'transferNotSupported',
  marketUnavailable: 'marketUnavailable',
};

export async function checkMember(
  shared: TransferShared,
  userId: string,
  input: { toId: number; apiKey?: string | undefined },
): Promise<MemberOutcome> {
  const receiver = await shared.seller.tmAccount(userId, input.toId);
  if (!receiver) throw new AppError({ code: ResultCode.NotFound, text: transferMessages.accountNotFound });
  const saved = input.apiKey === undefined;
  let apiKey = input.apiKey ?? null;
  if (saved) {
    const row = await shared.repo.run(userId, (q) => q.secrets(receiver.id));
    if (row?.receiverKeyEnc)
      apiKey = await openReceiverKey(shared.secrets, userId, receiver.id, row.receiverKeyEnc);
  }
  const outcome = (reason: MemberCheckReason | null): MemberOutcome => ({
    receiver,
    apiKey,
    saved,
    reason,
    currency: reason === null ? receiver.currency : null,
    balance: null,
  });
  if (!apiKey) return outcome('noSavedKey');

  const own = await shared.seller.credentials(userId, receiver.id);
  const creds: MarketCredentials = {
    apiKey,
    keyId: marketKeyId(apiKey),
    currency: receiver.currency,
    proxy: own?.proxy ?? null,
  };
  const opened = await shared.market.steamId(creds);
  let reason: MemberCheckReason | null = null;
  if (!opened.ok) {
    reason =
      opened.reason === 'marketUnavailable' || opened.reason === 'rateLimited'
        ? 'marketUnavailable'
        : saved
          ? 'savedKeyMismatch'
          : 'keyInvalid';
  } else if (receiver.steamId !== null && opened.steamId !== receiver.steamId) {
    reason = saved ? 'savedKeyMismatch' : 'keyOtherAccount';
  }
  if (saved && reason !== 'marketUnavailable') {
    const mismatch = reason === 'savedKeyMismatch';
    await shared.repo.run(userId, (q) =>
      q.saveSecrets(receiver.id, { receiverKeyMismatch: mismatch }, new Date(shared.now())),
    );
  }
  if (reason) return outcome(reason);
  // The market's own currency of the receiver, read now: the stored one may be stale.
  const balance = await shared.market.balance(creds);
  if (!balance.ok) return outcome(null);
  const actual = { ...receiver, currency: balance.currency };
  return {
    receiver: actual,
    apiKey,
    saved,
    reason: null,
    currency: actual.currency,
    balance: balance.balance.available,
  };
}
