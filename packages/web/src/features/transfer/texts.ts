import type { Language } from '@tradedeck/sdk/i18n';

/** The transfer dialog's own texts; field errors, outcomes and the currency warning are the sdk's. */
export const transferTexts: Record<Language, Record<string, string>> = {
  ru: {
    title: 'Перевод баланса',
    from: 'Отправитель',
    to: 'Получатель',
    choose: 'Выберите аккаунт',
    balance: 'Баланс',
    apiKey: 'API-ключ получателя',
    useSaved: 'Использовать сохранённый ключ {{key}}',
    reveal: 'Показать',
    amount: 'Сумма',
    paymentPassword: 'Платёжный пароль',
    useSavedPassword: 'Использовать сохранённый платёжный пароль',
    rememberKey: 'Запомнить ключ',
    rememberPassword: 'Запомнить пароль',
    check: 'Проверить получателя',
    member: 'Получатель проверен: {{currency}}',
    send: 'Перевести',
    sending: 'Переводим…',
    close: 'Закрыть',
    checkFields: 'Проверка данных не пройдена: исправьте поля',
    checkAgain: 'Проверить снова',
    loadFailed: 'Не удалось загрузить аккаунты, баланс или получателя',
    clipboardFailed: 'Не удалось получить доступ к буферу обмена',
    savedKeyInvalid: 'Сохранённый ключ недействителен для этого аккаунта',
  },
  en: {
    title: 'Balance transfer',
    from: 'Sender',
    to: 'Receiver',
    choose: 'Choose an account',
    balance: 'Balance',
    apiKey: "Receiver's API key",
    useSaved: 'Use the saved key {{key}}',
    reveal: 'Show',
    amount: 'Amount',
    paymentPassword: 'Payment password',
    useSavedPassword: 'Use the saved payment password',
    rememberKey: 'Remember the key',
    rememberPassword: 'Remember the password',
    check: 'Check the receiver',
    member: 'Receiver checked: {{currency}}',
    send: 'Transfer',
    sending: 'Transferring…',
    close: 'Close',
    checkFields: 'Validation failed: correct the fields',
    checkAgain: 'Check again',
    loadFailed: 'Failed to load the accounts, balance, member or account',
    clipboardFailed: 'Clipboard access failed',
    savedKeyInvalid: 'The saved key is invalid for this account',
  },
};

export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
