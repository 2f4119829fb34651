import type { Language } from '@tradedeck/sdk/i18n';

type Texts = Record<Language, string>;

/** Texts of the Steam trading area (the trading failure reasons themselves are the sdk's tradeFailureMessages). */
export const tradingMessages = {
  accountNotFound: { ru: 'Аккаунт не найден', en: 'Account not found' } as Texts,
  accountsNotFound: { ru: 'Аккаунты не найдены', en: 'Accounts not found' } as Texts,
  noSteamId: {
    ru: 'У аккаунта нет SteamID: войдите в Steam заново',
    en: 'The account has no SteamID: sign it in to Steam again',
  } as Texts,
  notOurOffers: (ids: readonly string[]): Texts => ({
    ru: `Эти предложения создал не Tradedeck для этого аккаунта, их подтверждения не трогаем: ${ids.join(', ')}`,
    en: `Tradedeck did not send or accept these offers for this account, so their confirmations are left alone: ${ids.join(', ')}`,
  }),
  sandboxOnly: {
    ru: 'Доступно только в режиме песочницы',
    en: 'Available in sandbox mode only',
  } as Texts,
  referenceInFlight: {
    ru: 'Это предложение уже отправляется: дождитесь результата',
    en: 'This offer is being sent right now: wait for its outcome',
  } as Texts,
  unreconciled: {
    ru: 'Прошлая отправка этого аккаунта ещё не сверена со Steam: новые отправки подождут, попробуйте позже',
    en: 'An earlier send of this account is not reconciled with Steam yet: new sends wait, try again later',
  } as Texts,
} as const;
