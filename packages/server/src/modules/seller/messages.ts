import type { Language } from '@tradedeck/sdk/i18n';

type Texts = Record<Language, string>;

/**
 * Texts of the P2P seller area (docs/product-trading.md §8 "P2P accounts"; platform reasons are the sdk's
 * platformReasonMessages).
 */
export const sellerMessages = {
  accountNotFound: { ru: 'P2P-аккаунт не найден', en: 'P2P account not found' } as Texts,
  steamAccountNotFound: { ru: 'Аккаунт Steam не найден', en: 'Steam account not found' } as Texts,
  steamAccountTaken: {
    ru: 'Этот аккаунт Steam уже подключён к маркету',
    en: 'This Steam account is already connected to the market',
  } as Texts,
  noSteamId: {
    ru: 'У аккаунта Steam нет SteamID: войдите в Steam заново',
    en: 'The Steam account has no SteamID: sign it in to Steam again',
  } as Texts,
  proxyNotFound: { ru: 'Прокси не найден', en: 'Proxy not found' } as Texts,
  apiKeyInvalid: {
    ru: 'API-ключ недействителен или удалён маркетом',
    en: 'The API key is invalid or was deleted by the market',
  } as Texts,
  apiKeyOtherAccount: {
    ru: 'API-ключ принадлежит другому аккаунту Steam',
    en: 'The API key belongs to another Steam account',
  } as Texts,
  startFailed: { ru: 'Не удалось запустить аккаунт', en: 'Failed to start the account' } as Texts,
  stopFailed: { ru: 'Не удалось остановить аккаунт', en: 'Failed to stop the account' } as Texts,
  deleteFailed: { ru: 'Не удалось удалить аккаунт', en: 'Failed to delete the account' } as Texts,
  noActiveAccounts: {
    ru: 'Не выбрано ни одного активного аккаунта',
    en: 'No active accounts selected',
  } as Texts,
  safetyCheckFailed: {
    ru: 'Проверка безопасности не пройдена: у аккаунта есть активные обмены',
    en: 'Safety check failed: the account has active trades',
  } as Texts,
  marketplaceErrorResetFailed: {
    ru: 'Не удалось сбросить ошибку маркетплейса',
    en: 'Marketplace error reset failed',
  } as Texts,
  networkError: { ru: 'Ошибка сети', en: 'Network error' } as Texts,
  apiConnectionError: { ru: 'Ошибка подключения к API', en: 'API connection error' } as Texts,
  someNotProcessed: {
    ru: 'Некоторые аккаунты не удалось обработать',
    en: 'Some accounts could not be processed',
  } as Texts,
  notActive: { ru: 'Аккаунт не активен', en: 'The account is not active' } as Texts,
  /** docs/product-trading.md §8 "Currencies": failed to update, invalid values, network error. */
  currencyUpdateFailed: { ru: 'Не удалось обновить валюту', en: 'Failed to update the currency' } as Texts,
  currencyInvalidValues: { ru: 'Некорректные значения', en: 'Invalid values' } as Texts,
  currencyNetworkError: { ru: 'Ошибка сети', en: 'Network error' } as Texts,
  /** Why the market refused (its code in the details), shown under the spec's text. */
  currencyBusy: {
    ru: 'Сначала снимите лоты с продажи и дождитесь окончания сделок и выводов',
    en: 'Remove the listings and wait for trades and withdrawals to finish first',
  } as Texts,
  sandboxOnly: { ru: 'Доступно только в режиме песочницы', en: 'Available in sandbox mode only' } as Texts,
} as const;
