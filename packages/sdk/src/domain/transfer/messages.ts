/**
 * Texts of the balance transfer (docs/product-trading.md §8 "Balance transfer") in both languages: web and
 * CLI show them.
 */
import type { Language } from '../../i18n/messages.ts';
import type { TransferFieldError, TransferOutcome } from './rules.ts';

export const transferFieldMessages: Readonly<Record<Language, Readonly<Record<TransferFieldError, string>>>> =
  {
    ru: {
      apiKeyRequired: 'Введите API-ключ получателя',
      apiKeyTooShort: 'API-ключ недействителен: не короче 10 символов',
      amountRequired: 'Введите сумму',
      amountInvalid: 'Введите сумму числом',
      amountNotPositive: 'Сумма должна быть больше 0',
      insufficientBalance: 'Недостаточно средств на балансе',
      paymentPasswordRequired: 'Введите платёжный пароль',
      paymentPasswordTooShort: 'Платёжный пароль не короче 6 символов',
      sameAccount: 'Получатель должен отличаться от отправителя',
      accountRequired: 'Выберите аккаунт',
    },
    en: {
      apiKeyRequired: "Enter the receiver's API key",
      apiKeyTooShort: 'The API key is invalid: at least 10 characters',
      amountRequired: 'Enter the amount',
      amountInvalid: 'Enter the amount as a number',
      amountNotPositive: 'The amount must be greater than 0',
      insufficientBalance: 'Insufficient balance',
      paymentPasswordRequired: 'Enter the payment password',
      paymentPasswordTooShort: 'The payment password is at least 6 characters',
      sameAccount: 'The receiver must differ from the sender',
      accountRequired: 'Choose an account',
    },
  };

export const transferOutcomeMessages: Readonly<Record<Language, Readonly<Record<TransferOutcome, string>>>> =
  {
    ru: { sent: 'Отправлено', notSent: 'Не отправлено', unknown: 'Неизвестно, проверяем' },
    en: { sent: 'Sent', notSent: 'Not sent', unknown: 'Unknown, checking' },
  };

/** The cross-currency warning and its countdown ({{s}}: seconds left). */
export const transferCurrencyMessages: Readonly<
  Record<Language, { warning: string; waitSeconds: string; confirm: string }>
> = {
  ru: {
    warning:
      'Валюты аккаунтов различаются: маркет переведёт сумму по курсу дня, получатель получит её в своей валюте.',
    waitSeconds: 'Подтвердить можно через {{s}} с',
    confirm: 'Подтвердить перевод',
  },
  en: {
    warning:
      "The accounts' currencies differ: the market converts the amount at the day's rate, the receiver gets it in its own currency.",
    waitSeconds: 'You can confirm in {{s}} s',
    confirm: 'Confirm the transfer',
  },
};

/** Why a transfer was not sent, keyed by the contract's transfer failures. */
export const transferFailureMessages: Readonly<
  Record<
    Language,
    Readonly<
      Record<
        | 'wrongPaymentPassword'
        | 'insufficientFunds'
        | 'receiverNotFound'
        | 'transferNotSupported'
        | 'marketUnavailable'
        | 'failed'
        | 'declaredNotSent',
        string
      >
    >
  >
> = {
  ru: {
    wrongPaymentPassword: 'Неверный платёжный пароль',
    insufficientFunds: 'Недостаточно средств на балансе',
    receiverNotFound: 'API-ключ получателя обязателен или недействителен',
    transferNotSupported: 'Аккаунт не поддерживает переводы через API маркета',
    marketUnavailable: 'Маркет недоступен, попробуйте позже',
    failed: 'Перевод не выполнен, попробуйте ещё раз',
    declaredNotSent: 'Исход не был известен; вы проверили на маркете, что перевод не ушёл',
  },
  en: {
    wrongPaymentPassword: 'Wrong payment password',
    insufficientFunds: 'Insufficient balance',
    receiverNotFound: "The receiver's API key is required or invalid",
    transferNotSupported: 'The account does not support transfers via the TM API',
    marketUnavailable: 'The market is unavailable, try again later',
    failed: 'Transfer failed, try again',
    declaredNotSent: 'The outcome was unknown; you checked on the market that it did not go',
  },
};
