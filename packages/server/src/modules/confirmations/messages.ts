import { type TradeFailureReason, tradeFailureMessages } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { TradingFailureReason } from '../steam-trading/index.ts';

type Texts = Record<Language, string>;

/** Texts of the confirmations centre (Steam's failure reasons themselves are the sdk's tradeFailureMessages). */
export const confirmationMessages = {
  accountNotFound: { ru: 'Аккаунт не найден', en: 'Account not found' } as Texts,
  jobNotFound: { ru: 'Задание не найдено', en: 'Job not found' } as Texts,
  tagNotFound: { ru: 'Тег не найден', en: 'Tag not found' } as Texts,
  offerAccountUnknown: {
    ru: 'Это предложение не создано Tradedeck ни на одном вашем аккаунте: укажите аккаунт (accountId)',
    en: 'Tradedeck did not create this offer on any of your accounts: name the account (accountId)',
  } as Texts,
  accountUnavailable: {
    ru: 'Аккаунт недоступен: он удалён или у него нет SteamID',
    en: 'The account is unavailable: it was removed or has no SteamID',
  } as Texts,
  busy: {
    ru: 'Прошлая операция аккаунта ещё сверяется со Steam: попробуйте чуть позже',
    en: 'An earlier action of the account is still being reconciled with Steam: try again shortly',
  } as Texts,
} as const;

/** A failure reason in the caller's language. */
export function failureText(reason: TradingFailureReason, lang: Language): string {
  if (reason === 'accountUnavailable' || reason === 'busy') return confirmationMessages[reason][lang];
  return tradeFailureMessages[lang][reason as TradeFailureReason];
}
