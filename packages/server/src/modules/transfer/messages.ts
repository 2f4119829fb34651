import type { Language } from '@tradedeck/sdk/i18n';

type Texts = Record<Language, string>;

/** Texts of the balance transfer area (docs/product-trading.md §8 "Balance transfer"). */
export const transferMessages = {
  accountNotFound: { ru: 'Аккаунт маркета не найден', en: 'Marketplace account not found' } as Texts,
  sameAccount: {
    ru: 'Получатель должен отличаться от отправителя',
    en: 'The receiver must differ from the sender',
  } as Texts,
  apiKeyRequired: {
    ru: 'API-ключ получателя обязателен или недействителен',
    en: "The receiver's API key is required or invalid",
  } as Texts,
  apiKeyOtherAccount: {
    ru: 'API-ключ принадлежит другому аккаунту',
    en: 'The API key belongs to another account',
  } as Texts,
  savedKeyInvalid: {
    ru: 'Сохранённый ключ недействителен для этого аккаунта',
    en: 'The saved key is invalid for this account',
  } as Texts,
  noSavedKey: { ru: 'Для этого аккаунта ключ не сохранён', en: 'No key is saved for this account' } as Texts,
  paymentPasswordRequired: {
    ru: 'Введите платёжный пароль: для этого аккаунта он не сохранён',
    en: 'Enter the payment password: none is saved for this account',
  } as Texts,
  transferNotSupported: {
    ru: 'Аккаунт не поддерживает переводы через API маркета',
    en: 'The account does not support transfers via the TM API',
  } as Texts,
  loadFailed: {
    ru: 'Не удалось загрузить аккаунты, баланс или получателя',
    en: 'Failed to load the accounts, balance, member or account',
  } as Texts,
  validationFailed: { ru: 'Проверка данных не пройдена', en: 'Validation failed' } as Texts,
  transferFailed: {
    ru: 'Перевод не выполнен, попробуйте ещё раз',
    en: 'Transfer failed, try again',
  } as Texts,
  insufficientBalance: { ru: 'Недостаточно средств на балансе', en: 'Insufficient balance' } as Texts,
  wrongPaymentPassword: { ru: 'Неверный платёжный пароль', en: 'Wrong payment password' } as Texts,
  currencyMismatch: {
    ru: 'Сумма должна быть в валюте отправителя',
    en: "The amount must be in the sender's currency",
  } as Texts,
  marketCurrencyMismatch: {
    ru: 'Маркет ведёт счёт этого аккаунта в другой валюте, чем сохранена здесь: перевод не отправлен. Проверьте валюту аккаунта',
    en: "The market keeps this account's money in another currency than the one saved here: nothing was sent. Check the account's currency",
  } as Texts,
  previousFoundSent: {
    ru: 'Предыдущий перевод с этого аккаунта найден на маркете как отправленный: новый перевод не отправлен',
    en: 'The previous transfer from this account was found sent on the market: nothing new was sent',
  } as Texts,
  conversionNotConfirmed: {
    ru: 'Валюты аккаунтов различаются: подтвердите перевод по курсу дня',
    en: "The accounts' currencies differ: confirm the transfer at the day's rate",
  } as Texts,
  previousUnknown: {
    ru: 'Исход предыдущего перевода с этого аккаунта неизвестен: новый перевод возможен, когда он станет известен или когда вы подтвердите, что проверили на маркете, что он не ушёл',
    en: 'The outcome of the previous transfer from this account is unknown: a new transfer is possible once it is known, or once you confirm you checked on the market that it did not go',
  } as Texts,
  transferNotFound: { ru: 'Перевод не найден', en: 'Transfer not found' } as Texts,
  marketUnavailable: {
    ru: 'Маркет недоступен, попробуйте позже',
    en: 'The market is unavailable, try again later',
  } as Texts,
} as const;
